import { AppError, badRequest } from "../../http/errors.ts";
import { HeavyJobTooLarge, runHeavyJob } from "../../lib/heavy-work/pool.ts";
import { workerModuleUrl } from "../../lib/worker-url.ts";
import type { SheetAnswer, UploadRequest, WorkbookRequest } from "./sheet-worker.ts";

// Uploaded spreadsheets and CSV files, read into rows of text, for any module that takes them
// (imports, e-way bills, the IRP's list of IRNs; a module of its own so that none of them reaches
// another for it). Limits (issue 23, "Limits and
// safety"): the upload's size is capped by the multipart limits; an .xlsx is a zip, so its
// central directory is read first and a file that says it unpacks to far more than a statement
// can hold is refused before anything inflates it; what each sheet declares (columns, cells,
// merged ranges) is held to sheet-limits.ts before it is parsed; the reading itself, CSV text
// too, runs on the heavy-work pool (a thread with a heap ceiling, in a line fair between
// organisations; decision 320), so a zip that lies about its sizes fails alone. No formula is
// evaluated: SheetJS gives the value the file stored with the cell.

export type SheetKind = "csv" | "xlsx" | "xls";

/** Rows of a bank statement; a spreadsheet of vouchers (a row per line) may have more. */
export const MAX_SHEET_ROWS = 100_000;
export const MAX_DATA_SHEET_ROWS = 250_000;
/** What the files of one .xlsx may unpack to, in all. */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
export class SheetFileError extends Error {}

/** A sheet past the limits of sheet-limits.ts: `message` says which and why, for the person. */
export class SheetRefused extends Error {}

const startsWith = (bytes: Buffer, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** What the bytes are, whatever the name says: a zip (xlsx), an OLE2 compound file (xls), else text. */
export function detectSheetKind(bytes: Buffer): SheetKind {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return "xlsx";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "xls";
  return "csv";
}

/**
 * The sizes a zip's central directory declares for its files, added up. Throws when the
 * directory cannot be found (not a zip) or it declares more than `limit` bytes or 10,000 files.
 */
export function checkZipSizes(bytes: Buffer, limit = MAX_UNPACKED_BYTES): number {
  // The end-of-central-directory record sits in the last 64 kB + 22 bytes.
  const from = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let index = bytes.length - 22; index >= from; index -= 1) {
    if (bytes.readUInt32LE(index) === 0x06054b50) {
      end = index;
      break;
    }
  }
  if (end < 0) throw new SheetFileError("not a zip");
  const count = bytes.readUInt16LE(end + 10);
  const offset = bytes.readUInt32LE(end + 16);
  if (count > 10_000) throw new SheetFileError("too many files");
  let total = 0;
  let at = offset;
  for (let entry = 0; entry < count; entry += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) {
      throw new SheetFileError("bad central directory");
    }
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    // ZIP64 marks sizes it keeps elsewhere with 0xFFFFFFFF: no statement needs that.
    if (size === 0xffffffff || compressed === 0xffffffff) throw new SheetFileError("zip64");
    total += size;
    if (total > limit) throw new SheetFileError("too large unpacked");
    at +=
      46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

const sheetWorker = () => workerModuleUrl("sheet-worker", import.meta.url);

/**
 * One read on the pool (a sheet job, or another module's job that reads an upload with
 * sheet-worker.ts, as the bank statement's); its answer, or the reason it failed as
 * SheetFileError / SheetRefused. The pool's own refusals (429, 503) pass as they are.
 */
export async function runSheetJob<T extends object>(
  organisationId: string,
  module: URL,
  name: string,
  payload: unknown,
): Promise<Exclude<T, { refused: string } | { error: string }>> {
  let answer: T | { refused: string } | { error: string };
  try {
    answer = await runHeavyJob<T>({ organisationId, module, name, payload });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof HeavyJobTooLarge) throw new SheetFileError("too large to read");
    throw new SheetFileError(error instanceof Error ? error.message : String(error));
  }
  if ("refused" in answer) throw new SheetRefused(String(answer.refused));
  if ("error" in answer) throw new SheetFileError(String(answer.error));
  return answer as Exclude<T, { refused: string } | { error: string }>;
}

function readOnPool(
  organisationId: string,
  name: "readUpload" | "readAllSheets",
  payload: WorkbookRequest | UploadRequest,
): Promise<SheetAnswer> {
  return runSheetJob<SheetAnswer>(organisationId, sheetWorker(), name, payload);
}

/**
 * What an upload's reading on the pool is given: its kind, the bytes as uploaded (a CSV is
 * decoded there), `maxRows` and one more. An .xlsx's declared sizes are checked first, here (a
 * read of its central directory); a zip bomb is refused with `messages.zipBomb`.
 */
export function describeUpload(
  fileName: string,
  bytes: Buffer,
  messages: Pick<SheetMessages, "zipBomb">,
  maxRows: number,
  options: { keepTime?: boolean } = {},
): UploadRequest {
  const kind = detectSheetKind(bytes);
  try {
    if (kind === "xlsx") checkZipSizes(bytes);
  } catch {
    throw badRequest(messages.zipBomb(fileName), [
      { path: "files", message: messages.zipBomb(fileName) },
    ]);
  }
  return {
    kind,
    bytes,
    maxRows: maxRows + 1,
    keepTime: options.keepTime === true,
    unpackLimit: MAX_UNPACKED_BYTES,
  };
}

/** A failed read as the 400 the person sees: the limits' reason, or the file is unreadable. */
export function sheetReadFailure(
  error: unknown,
  fileName: string,
  messages: Pick<SheetMessages, "unreadable">,
): Error {
  if (error instanceof AppError) return error;
  if (error instanceof SheetRefused) {
    const message = sheetRefusedMessage(fileName, error.message);
    return badRequest(message, [{ path: "files", message }]);
  }
  return badRequest(messages.unreadable(fileName), [
    { path: "files", message: messages.unreadable(fileName) },
  ]);
}

/**
 * Every sheet of an .xls or .xlsx (its name and rows as text, merged cells filled), for files
 * whose data spans sheets (the GSTR-2B Excel). Same limits as the single sheet: the zip's declared
 * sizes first, what each sheet declares, then a thread with a heap ceiling; `maxRows` caps each
 * sheet (one row more is read, so that a caller can tell a sheet went over it).
 */
export async function readWorkbookSheets(
  organisationId: string,
  bytes: Buffer,
  maxRows: number,
): Promise<{ name: string; rows: string[][] }[]> {
  const kind = detectSheetKind(bytes);
  if (kind === "csv") throw new SheetFileError("not a workbook");
  if (kind === "xlsx") checkZipSizes(bytes);
  const answer = await readOnPool(organisationId, "readAllSheets", {
    bytes,
    maxRows: maxRows + 1,
    unpackLimit: MAX_UNPACKED_BYTES,
  });
  if (!("sheets" in answer)) throw new SheetFileError("unreadable");
  return answer.sheets;
}

export interface SheetMessages {
  unreadable: (name: string) => string;
  zipBomb: (name: string) => string;
  tooManyRows: string;
}

/** The message of a sheet refused by the limits, with the file's name. */
export const sheetRefusedMessage = (fileName: string, reason: string) =>
  `${fileName} cannot be read. ${reason}`;

/**
 * The rows of an uploaded CSV, XLS or XLSX file, each cell as text; bad files become 400s.
 * `keepTime`: a date cell with a time of day reads 'YYYY-MM-DD hh:mm:ss' (else the date alone).
 */
export async function readSheetRows(
  organisationId: string,
  fileName: string,
  bytes: Buffer,
  messages: SheetMessages,
  maxRows = MAX_SHEET_ROWS,
  options: { keepTime?: boolean } = {},
): Promise<string[][]> {
  const upload = describeUpload(fileName, bytes, messages, maxRows, options);
  let rows: string[][];
  try {
    const answer = await readOnPool(organisationId, "readUpload", upload);
    rows = "rows" in answer ? answer.rows : [];
  } catch (error) {
    throw sheetReadFailure(error, fileName, messages);
  }
  if (rows.length > maxRows) throw badRequest(messages.tooManyRows);
  return rows;
}
