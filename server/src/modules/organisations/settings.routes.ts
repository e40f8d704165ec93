import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { badRequest } from "../../http/errors.ts";
import { callerOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { OrganisationIdQuery } from "./organisations.schemas.ts";
import {
  FileParams,
  IMAGE_KINDS,
  type ImageKind,
  OrganisationSettingsInput,
  RemoveFileQuery,
} from "./settings.schemas.ts";
import {
  readOrganisationFile,
  readOrganisationSettings,
  removeOrganisationFile,
  saveOrganisationSettings,
  type UploadedImages,
} from "./settings.service.ts";

export const FORM_MESSAGES = {
  fileTooLarge: "File is too large (maximum 1 MB).",
  tooManyFiles: "Send at most two files: a logo and a signature.",
  tooManyFields: "The form has too many fields.",
  unexpectedFile: (name: string) => `Unexpected file "${name}": send a logo or a signature.`,
  fieldTooLong: (name: string) => `${name} is too long.`,
  notAForm: "Send the settings as multipart/form-data (or JSON without files).",
} as const;

const MULTIPART_ERRORS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: FORM_MESSAGES.fileTooLarge,
  FST_FILES_LIMIT: FORM_MESSAGES.tooManyFiles,
  FST_FIELDS_LIMIT: FORM_MESSAGES.tooManyFields,
  FST_PARTS_LIMIT: FORM_MESSAGES.tooManyFields,
};

const isImageKind = (name: string): name is ImageKind =>
  (IMAGE_KINDS as readonly string[]).includes(name);

/** The form's text fields and its image files, held in memory (at most 2 × 1 MB). */
async function readSettingsForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    const body = request.body;
    if (typeof body !== "object" || body === null) throw badRequest(FORM_MESSAGES.notAForm);
    return { fields: body as Record<string, unknown>, images: {} };
  }
  const fields: Record<string, unknown> = {};
  const images: UploadedImages = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (part.valueTruncated) throw badRequest(FORM_MESSAGES.fieldTooLong(part.fieldname));
        fields[part.fieldname] = part.value;
        continue;
      }
      if (!isImageKind(part.fieldname))
        throw badRequest(FORM_MESSAGES.unexpectedFile(part.fieldname));
      const bytes = await part.toBuffer();
      // A browser sends an empty, nameless file for a file input left blank.
      if (bytes.length === 0 && !part.filename) continue;
      images[part.fieldname] = bytes;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = code ? MULTIPART_ERRORS[code] : undefined;
    if (message) throw badRequest(message);
    throw error;
  }
  return { fields, images };
}

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.join("."),
    message: issue.message,
  }));
  throw badRequest(errors[0]?.message ?? "Invalid request.", errors);
}

export const settingsRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    "/settings/getorganisationsettings",
    { schema: { querystring: OrganisationIdQuery } },
    async (request) => ({
      settings: await readOrganisationSettings(
        deps.db,
        callerOf(request),
        request.query.organisationId,
      ),
    }),
  );

  app.post("/settings/organisation", async (request) => {
    const { fields, images } = await readSettingsForm(request);
    const input = parseOrThrow(OrganisationSettingsInput, fields);
    const settings = await saveOrganisationSettings(deps, callerOf(request), input, images);
    return { success: true, settings };
  });

  app.patch(
    "/settings/removefile",
    { schema: { querystring: RemoveFileQuery } },
    async (request) => ({
      success: true,
      settings: await removeOrganisationFile(deps, callerOf(request), request.query),
    }),
  );

  app.get(
    "/files/:organisationId/:kind",
    { schema: { params: FileParams } },
    async (request, reply) => {
      const file = await readOrganisationFile(deps, callerOf(request), request.params);
      reply
        .header("content-type", file.mimeType)
        .header("etag", file.etag)
        .header("cache-control", "private, no-cache")
        .header("x-content-type-options", "nosniff");
      if (request.headers["if-none-match"] === file.etag) return reply.status(304).send();
      return reply.send(file.bytes);
    },
  );
};
