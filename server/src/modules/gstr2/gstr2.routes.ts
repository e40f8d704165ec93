import {
  Gstr2ImportFields,
  Gstr2LinkInput,
  Gstr2ReconciliationQuery,
  Gstr2TransactionsQuery,
} from "@bahi/domain";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../http/errors.ts";
import { callerOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  acceptPair,
  GSTR2_MESSAGES,
  importGstr2b,
  linkPair,
  readPurchaseRegister,
  readReconciliation,
  type UploadedFile,
  unlinkPair,
} from "./gstr2.service.ts";

/** A month's GSTR-2B JSON is a few MB at most; 20 MB leaves room for the largest. */
export const MAX_GSTR2B_BYTES = 20 * 1024 * 1024;

/** The organisationId field and the part `file` of the import form. */
async function readImportForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest(GSTR2_MESSAGES.noFile);
  const fields: Record<string, unknown> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== "file") {
        throw badRequest(`Unexpected file part "${part.fieldname}": send the file as "file".`);
      }
      if (file) throw badRequest("Send one GSTR-2B file at a time.");
      file = { fileName: part.filename || "gstr2b.json", bytes };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw badRequest(GSTR2_MESSAGES.fileTooLarge);
    if (code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") {
      throw badRequest("The form has too many fields.");
    }
    throw error;
  }
  const parsed = Gstr2ImportFields.safeParse(fields);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.message,
    }));
    throw badRequest(errors[0]?.message ?? "Invalid request.", errors);
  }
  if (!file || file.bytes.length === 0) throw badRequest(GSTR2_MESSAGES.noFile);
  return { organisationId: parsed.data.organisationId, file };
}

/** GSTR-2 (issue 20): the purchase register, GSTR-2B import and reconciliation. */
export const gstr2Routes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const tags = ["gst returns"];
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_GSTR2B_BYTES, files: 2, fields: 10, parts: 12, fieldSize: 1024 },
  });

  app.get(
    "/gstr2/gstr2transactions",
    { ...guard, schema: { tags, querystring: Gstr2TransactionsQuery } },
    async (request, reply) =>
      readPurchaseRegister(deps.db, callerOf(request), request.query, reply),
  );

  app.post("/gstr2/import2b", { ...guard, schema: { tags } }, async (request) => {
    const { organisationId, file } = await readImportForm(request);
    return importGstr2b(deps.db, callerOf(request), organisationId, file);
  });

  app.get(
    "/gstr2/reconciliation",
    { ...guard, schema: { tags, querystring: Gstr2ReconciliationQuery } },
    async (request, reply) => readReconciliation(deps.db, callerOf(request), request.query, reply),
  );

  app.post(
    "/gstr2/reconciliation/link",
    { ...guard, schema: { tags, body: Gstr2LinkInput } },
    async (request) => linkPair(deps.db, callerOf(request), request.body),
  );
  app.post(
    "/gstr2/reconciliation/unlink",
    { ...guard, schema: { tags, body: Gstr2LinkInput } },
    async (request) => unlinkPair(deps.db, callerOf(request), request.body),
  );
  app.post(
    "/gstr2/reconciliation/accept",
    { ...guard, schema: { tags, body: Gstr2LinkInput } },
    async (request) => acceptPair(deps.db, callerOf(request), request.body),
  );
};
