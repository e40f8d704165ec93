import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../http/errors.ts";
import { callerOf } from "../auth/auth.guard.ts";
import { describeAttachment } from "../exports/table-document.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { registerVoucherExtension } from "../vouchers/voucher-extensions.ts";
import { CancelIrnInput, EInvoiceQuery, ImportFields } from "./einvoice.schemas.ts";
import {
  cancelIrn,
  eInvoiceVoucherExtension,
  exportEInvoiceJson,
  importIrpResponse,
  listEInvoiceDocuments,
  MAX_RESPONSE_FILE_BYTES,
} from "./einvoice.service.ts";

export const UPLOAD_MESSAGES = {
  noFile: "Upload the IRP's answer as the file part named file.",
  tooLarge: `The file is too large (maximum ${MAX_RESPONSE_FILE_BYTES / 1024 / 1024} MB).`,
  unexpected: (name: string) => `Unexpected file part "${name}": send the IRP's answer as file.`,
} as const;

/** The multipart form of an import: organisationId and one file part named `file`. */
async function readImportForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.noFile);
  const fields: Record<string, unknown> = {};
  let file: Buffer | null = null;
  let fileName = "";
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "file") {
        await part.toBuffer();
        throw badRequest(UPLOAD_MESSAGES.unexpected(part.fieldname));
      }
      fileName = part.filename ?? "";
      file = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw badRequest(UPLOAD_MESSAGES.tooLarge);
    if (code?.startsWith("FST_")) throw badRequest("The form has too many parts.");
    throw error;
  }
  const parsed = ImportFields.safeParse(fields);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.message,
    }));
    throw badRequest(errors[0]?.message ?? "Invalid request.", errors);
  }
  if (!file || file.length === 0) throw badRequest(UPLOAD_MESSAGES.noFile);
  return { organisationId: parsed.data.organisationId, file: { fileName, bytes: file } };
}

/** E-invoice calls (issue 24, docs/api/einvoice.md). */
export const einvoiceRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  // The engine's edit lock and details field of an e-invoiced voucher (issue 34).
  registerVoucherExtension(eInvoiceVoucherExtension);
  const guard = { preHandler: deps.authenticator.requireCaller };
  const tags = ["einvoice"];
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_RESPONSE_FILE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.get(
    "/einvoice/list",
    { ...guard, schema: { tags, querystring: EInvoiceQuery } },
    async (request) => listEInvoiceDocuments(deps.db, callerOf(request), request.query),
  );

  app.get(
    "/einvoice/json",
    { ...guard, schema: { tags, querystring: EInvoiceQuery } },
    async (request, reply) => {
      const file = await exportEInvoiceJson(deps.db, callerOf(request), request.query);
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", describeAttachment(file.fileName))
        .header("cache-control", "private, no-store")
        .send(JSON.stringify(file.payloads, null, 2));
    },
  );

  app.post("/einvoice/import", { ...guard, schema: { tags } }, async (request) => {
    const { organisationId, file } = await readImportForm(request);
    return importIrpResponse(deps.db, callerOf(request), organisationId, file);
  });

  app.post(
    "/einvoice/cancel",
    { ...guard, schema: { tags, body: CancelIrnInput } },
    async (request) => cancelIrn(deps.db, callerOf(request), request.body),
  );
};
