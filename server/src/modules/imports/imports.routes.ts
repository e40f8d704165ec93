import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat, statfs, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  BANK_IMPORT_MESSAGES,
  BankUploadFields,
  DeleteImportedBankEntriesQuery,
  GetImportedBankEntriesInput,
  ImportRequestQuery,
  ImportRequestsQuery,
  SaveBankTransactionInput,
  SaveImportedBankEntriesInput,
  SHEET_IMPORT_TYPES,
  SheetImportFields,
} from "@bahi/domain";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest } from "../../http/errors.ts";
import { giveMemoryBack } from "../../lib/give-memory-back.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { callerOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import * as bank from "./bank-import.service.ts";
import { FileBeingWritten } from "./file-being-written.ts";
import {
  ImportProgressQuery,
  ProgressIdField,
  readImportProgress,
  trackImport,
  withProgress,
} from "./import-progress.ts";
import * as sheets from "./sheet-import.service.ts";
import { SHEET_FILE_MESSAGES } from "./sheet-import.service.ts";
import {
  startTallyReading,
  TALLY_UPLOAD_MESSAGES,
  type TallyReading,
  type TallyUploadFile,
  importTally as tallyImport,
} from "./tally-upload.service.ts";
import * as voucherSheets from "./voucher-sheet.service.ts";

/** Each statement file at most 10 MB, 10 files an upload (docs/api/imports.md). */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;
/** A spreadsheet of data or a Tally export: one file, at most 50 MB. */
export const MAX_DATA_FILE_BYTES = 50 * 1024 * 1024;
/**
 * A Tally export, streamed to a temporary file and read from there a voucher batch at a time
 * (issue 36): 1 GB (about 22,000 real vouchers of 46 KB in UTF-16) unless BAHI_MAX_TALLY_FILE_MB
 * says otherwise.
 */
export function maxTallyFileMb(): number {
  const configured = Number(process.env.BAHI_MAX_TALLY_FILE_MB);
  return Number.isInteger(configured) && configured >= 1 ? configured : 1024;
}
/** What the form around the file may add to it. */
const FORM_SLACK_BYTES = 64 * 1024;
/** Room kept free on the temporary folder's disk beside an upload. */
const DISK_SPARE_BYTES = 256 * 1024 * 1024;
const MAX_STATEMENT_FILES = 10;
/**
 * The reviewer's choices and the lines to save of one statement: up to 100,000 lines of about
 * 100 bytes each (issue 36: 10,000 lines in one call passed the default 1 MB).
 */
export const MAX_BANK_CHOICES_BYTES = 16 * 1024 * 1024;

const MULTIPART_ERRORS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: SHEET_FILE_MESSAGES.fileTooLarge,
  FST_FILES_LIMIT: BANK_IMPORT_MESSAGES.tooManyFiles,
  FST_FIELDS_LIMIT: "The form has too many fields.",
  FST_PARTS_LIMIT: "The form has too many fields.",
};

const STATEMENT_NAME = /\.(csv|xls|xlsx|txt|xml)$/i;

const TemplateQuery = z.object({ type: z.enum(SHEET_IMPORT_TYPES) });

const TallyFields = z.object({
  organisationId: z.string().min(1, "Id is required.").max(64),
  preview: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
  progressId: ProgressIdField,
});

const ProgressFields = z.object({ progressId: ProgressIdField });

/** The text fields and the files (parts named `files` or `file`) of an upload. */
async function readForm(request: FastifyRequest, fileSize = MAX_DATA_FILE_BYTES) {
  if (!request.isMultipart()) throw badRequest(BANK_IMPORT_MESSAGES.noFiles);
  const fields: Record<string, unknown> = {};
  const files: bank.UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize } })) {
      if (part.type === "field") {
        fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (bytes.length === 0 && !part.filename) continue;
      if (part.fieldname !== "files" && part.fieldname !== "file") {
        throw badRequest(`Unexpected file part "${part.fieldname}": send the statements as files.`);
      }
      const fileName = part.filename || "statement";
      if (!STATEMENT_NAME.test(fileName))
        throw badRequest(BANK_IMPORT_MESSAGES.unknownFileType(fileName));
      files.push({ fileName, bytes });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = code ? MULTIPART_ERRORS[code] : undefined;
    if (message) throw badRequest(message);
    throw error;
  }
  return { fields, files };
}

/** A Tally file this large leaves the server's heap grown by its import. */
const GIVE_MEMORY_BACK_BYTES = 16 * 1024 * 1024;

/**
 * A Tally upload: its text fields, and its file streamed to a temporary file, never held in
 * memory, read by the Tally readers as it arrives (decision 430). A body declared larger than the
 * limit, or than the disk can take, is refused before a byte of it is read; one that turns out
 * larger is refused when it passes the limit. `discard` stops the readers and deletes the
 * temporary folder (always called, by the route).
 */
async function readTallyForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest(TALLY_UPLOAD_MESSAGES.noFile);
  const limitMb = maxTallyFileMb();
  const limit = limitMb * 1024 * 1024;
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > limit + FORM_SLACK_BYTES)
    throw badRequest(TALLY_UPLOAD_MESSAGES.fileTooLarge(limitMb));
  const folder = await mkdtemp(path.join(os.tmpdir(), "bahi-tally-"));
  /** Every file part's readers: only the kept file's go on, and `discard` stops them all. */
  const readings: TallyReading[] = [];
  const discard = async () => {
    for (const reading of readings) reading.stop();
    await rm(folder, { recursive: true, force: true });
  };
  const fields: Record<string, unknown> = {};
  let file: TallyUploadFile | undefined;
  try {
    const disk = await statfs(folder);
    if (declared > 0 && disk.bavail * disk.bsize < declared + DISK_SPARE_BYTES)
      throw badRequest(TALLY_UPLOAD_MESSAGES.noRoom);
    for await (const part of request.parts({ limits: { fileSize: limit } })) {
      if (part.type === "field") {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "files" && part.fieldname !== "file") {
        throw badRequest(`Unexpected file part "${part.fieldname}": send the statements as files.`);
      }
      const fileName = part.filename || "statement";
      if (!STATEMENT_NAME.test(fileName))
        throw badRequest(BANK_IMPORT_MESSAGES.unknownFileType(fileName));
      const target = path.join(folder, `upload-${readings.length + 1}.xml`);
      // Created before its readers start, which follow it as it is written.
      await writeFile(target, "");
      const arriving = new FileBeingWritten(target);
      const reading = file ? null : startTallyReading(arriving);
      if (reading) readings.push(reading);
      try {
        await pipeline(part.file, createWriteStream(target, { flags: "r+" }));
      } catch (error) {
        arriving.abandon();
        throw error;
      }
      // A part past the limit is never read to its end.
      if (part.file.truncated) {
        arriving.abandon();
        throw badRequest(TALLY_UPLOAD_MESSAGES.fileTooLarge(limitMb));
      }
      arriving.complete();
      if (!reading) continue;
      const bytes = (await stat(target)).size;
      if (bytes > 0) file = { fileName, path: target, bytes, reading };
      else reading.stop();
    }
  } catch (error) {
    await discard();
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw badRequest(TALLY_UPLOAD_MESSAGES.fileTooLarge(limitMb));
    const message = code ? MULTIPART_ERRORS[code] : undefined;
    if (message) throw badRequest(message);
    throw error;
  }
  return { fields, file, discard };
}

async function readUploadForm(request: FastifyRequest) {
  const { fields, files } = await readForm(request);
  if (files.some((file) => file.bytes.length > MAX_STATEMENT_BYTES)) {
    throw badRequest(BANK_IMPORT_MESSAGES.fileTooLarge);
  }
  return {
    fields: parseOrThrow(BankUploadFields, fields),
    files,
    progressId: parseOrThrow(ProgressFields, fields).progressId,
  };
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

/** The import calls of api.md §7 "Imports". */
export const importsRoutes: FastifyPluginAsyncZod<{
  deps: ModuleDeps;
  announceChange: (organisationId: string) => void;
}> = async (app, { deps, announceChange }) => {
  const importDeps = { db: deps.db, announceChange };
  // Decision 230: on PostgreSQL the counts are kept in the database for every server's poll.
  const sharedProgress = deps.kind === "postgres" ? deps.db : null;
  const guard = { preHandler: deps.authenticator.requireCaller };
  const tags = ["imports"];
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_DATA_FILE_BYTES,
      files: MAX_STATEMENT_FILES,
      fields: 20,
      parts: 40,
      fieldSize: 64 * 1024,
    },
  });

  app.post("/import/bank/validateFiles", { ...guard, schema: { tags } }, async (request) => {
    const { fields, files } = await readUploadForm(request);
    return bank.validateStatementFiles(importDeps, callerOf(request), fields, files);
  });

  app.post("/import/bank/importFiles", { ...guard, schema: { tags } }, async (request) => {
    const { fields, files, progressId } = await readUploadForm(request);
    const caller = callerOf(request);
    const progress = trackImport(
      sharedProgress,
      caller,
      fields.organisationId,
      progressId,
      "lines",
    );
    return withProgress(
      progress,
      () => bank.importStatementFiles(importDeps, caller, fields, files, progress),
      (result) => result.importRequests.reduce((sum, request) => sum + request.lineCount, 0),
    );
  });

  app.get(
    "/import/request",
    { ...guard, schema: { tags, querystring: ImportRequestQuery } },
    async (request) => bank.readImportRequest(importDeps, callerOf(request), request.query),
  );

  app.get(
    "/import/requests",
    { ...guard, schema: { tags, querystring: ImportRequestsQuery } },
    async (request) => bank.listImportRequests(importDeps, callerOf(request), request.query),
  );

  app.delete(
    "/import/bank/deleteFile",
    { ...guard, schema: { tags, querystring: ImportRequestQuery } },
    async (request) => bank.deleteStatementFile(importDeps, callerOf(request), request.query),
  );

  app.delete(
    "/import/bank/deleteImportedBankEntries",
    { ...guard, schema: { tags, querystring: DeleteImportedBankEntriesQuery } },
    async (request) => bank.undoBankImport(importDeps, callerOf(request), request.query),
  );

  app.patch(
    "/import/bank/saveImportedBankEntries",
    {
      ...guard,
      bodyLimit: MAX_BANK_CHOICES_BYTES,
      schema: { tags, body: SaveImportedBankEntriesInput },
    },
    async (request) => bank.saveImportedBankEntries(importDeps, callerOf(request), request.body),
  );

  app.post(
    "/import/bank/saveTransaction",
    {
      ...guard,
      bodyLimit: MAX_BANK_CHOICES_BYTES,
      schema: { tags, body: SaveBankTransactionInput },
    },
    async (request) => bank.saveBankTransactions(importDeps, callerOf(request), request.body),
  );

  app.post("/import/other/validateData", { ...guard, schema: { tags } }, async (request) => {
    const { fields, files } = await readForm(request);
    const input = parseOrThrow(SheetImportFields, fields);
    if (input.type === "vouchers") {
      return voucherSheets.validateVoucherSheet(importDeps, callerOf(request), input, files[0]);
    }
    return sheets.validateSheet(
      deps.db,
      callerOf(request),
      { ...input, type: input.type },
      files[0],
    );
  });

  app.post("/import/other/importData", { ...guard, schema: { tags } }, async (request) => {
    const { fields, files } = await readForm(request);
    const input = parseOrThrow(SheetImportFields, fields);
    const progressId = parseOrThrow(ProgressFields, fields).progressId;
    const caller = callerOf(request);
    const progress = trackImport(
      sharedProgress,
      caller,
      input.organisationId,
      progressId,
      input.type,
    );
    return withProgress(
      progress,
      () =>
        input.type === "vouchers"
          ? voucherSheets.importVoucherSheet(importDeps, caller, input, files[0], progress)
          : sheets.importSheet(deps.db, caller, { ...input, type: input.type }, files[0], progress),
      (result) => result.imported,
    );
  });

  // How far the caller's running import of that progressId has got (decision 075).
  app.get(
    "/import/progress",
    { ...guard, schema: { tags, querystring: ImportProgressQuery } },
    async (request) => {
      const caller = callerOf(request);
      const { organisationId, progressId } = request.query;
      const { progress, admitted } = await readImportProgress(
        sharedProgress,
        caller,
        organisationId,
        progressId,
      );
      if (!admitted) await requireOrganisationAccess(deps.db, caller, organisationId);
      return progress;
    },
  );

  app.post("/import/tally", { ...guard, schema: { tags } }, async (request) => {
    const { fields, file, discard } = await readTallyForm(request);
    try {
      const input = parseOrThrow(TallyFields, {
        ...fields,
        preview: fields.preview ?? (request.query as { preview?: string }).preview,
      });
      const caller = callerOf(request);
      const progress = trackImport(
        sharedProgress,
        caller,
        input.organisationId,
        input.preview ? undefined : input.progressId,
        "vouchers",
      );
      return await withProgress(
        progress,
        () => tallyImport(importDeps, caller, input.organisationId, file, input.preview, progress),
        (result) => ("vouchers" in result ? (result.vouchers.imported ?? 0) : 0),
      );
    } finally {
      await discard();
      // A large file's import leaves the heap grown; it is given back now (decision 430).
      if (file && file.bytes >= GIVE_MEMORY_BACK_BYTES) giveMemoryBack();
    }
  });

  // The templates hold no organisation's data: any signed-in caller may download them.
  app.get(
    "/import/other/template",
    { ...guard, schema: { tags, querystring: TemplateQuery } },
    async (request, reply) => {
      const bytes = await sheets.buildSheetTemplate(request.query.type);
      return reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", `attachment; filename="${request.query.type}-template.xlsx"`)
        .send(bytes);
    },
  );

  app.post(
    "/import/bank/getImportedBankEntries",
    { ...guard, schema: { tags, body: GetImportedBankEntriesInput } },
    async (request) => bank.readImportedBankEntries(importDeps, callerOf(request), request.body),
  );
};
