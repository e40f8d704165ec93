import { EWayBillImportFields, EWayBillJsonQuery, EWayBillListQuery } from "@bahi/domain";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../http/errors.ts";
import { callerOf } from "../auth/auth.guard.ts";
import { describeAttachment } from "../exports/table-document.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  buildEWayBillFile,
  importEWayBills,
  listEWayBillDocuments,
  MAX_EWAY_BILL_FILE_BYTES,
  type UploadedEWayBillFile,
} from "./ewaybill.service.ts";

const UPLOAD_MESSAGES = {
  noFile: "Attach the portal's list of generated e-way bills as the part 'file'.",
  tooLarge: "The file is too large: at most 2 MB.",
  tooManyParts: "The form has too many fields.",
} as const;

const MULTIPART_ERRORS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: UPLOAD_MESSAGES.tooLarge,
  FST_FILES_LIMIT: UPLOAD_MESSAGES.tooManyParts,
  FST_FIELDS_LIMIT: UPLOAD_MESSAGES.tooManyParts,
  FST_PARTS_LIMIT: UPLOAD_MESSAGES.tooManyParts,
};

/** organisationId and the one file of the upload. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.noFile);
  const fields: Record<string, unknown> = {};
  let file: UploadedEWayBillFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== "file" || file !== null) {
        throw badRequest(UPLOAD_MESSAGES.noFile);
      }
      file = { fileName: part.filename || "ewaybills.json", bytes };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = code ? MULTIPART_ERRORS[code] : undefined;
    if (message) throw badRequest(message);
    throw error;
  }
  const parsed = EWayBillImportFields.safeParse(fields);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.message,
    }));
    throw badRequest(errors[0]?.message ?? "Invalid request.", errors);
  }
  if (!file || file.bytes.length === 0) throw badRequest(UPLOAD_MESSAGES.noFile);
  return { organisationId: parsed.data.organisationId, file };
}

/** The e-way bill calls (issue 24, docs/api/ewaybill.md). */
export const ewayBillRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const tags = ["ewaybill"];
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_EWAY_BILL_FILE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.get(
    "/ewaybill/json",
    { ...guard, schema: { tags, querystring: EWayBillJsonQuery } },
    async (request, reply) => {
      const file = await buildEWayBillFile(deps, callerOf(request), request.query);
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", describeAttachment(file.fileName))
        .header("cache-control", "private, no-store")
        .send(JSON.stringify(file.json));
    },
  );

  app.get(
    "/ewaybill/list",
    { ...guard, schema: { tags, querystring: EWayBillListQuery } },
    async (request) => listEWayBillDocuments(deps, callerOf(request), request.query),
  );

  app.post("/ewaybill/import", { ...guard, schema: { tags } }, async (request) => {
    const { organisationId, file } = await readUpload(request);
    return importEWayBills(deps, callerOf(request), organisationId, file);
  });
};
