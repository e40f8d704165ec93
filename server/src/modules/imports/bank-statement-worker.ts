import "../../lib/heavy-work/lower-thread-priority.ts";
import type { StatementLayoutInput } from "@bahi/domain";
import { readUpload, type UploadRequest } from "../sheets/sheet-worker.ts";
import {
  describeReading,
  type RememberedLayout,
  readStatementRows,
} from "./bank-statement-reading.ts";

// The bank statement job of the heavy-work pool (bank-import.service.ts, decision 394): the upload
// decoded and parsed, its layout found and its lines read, all on the pool's thread. For the
// upload screen ("describe") only the description goes back to the serving thread, not 1,00,000
// lines; for the import, the lines.

export interface StatementRequest {
  fileName: string;
  upload: UploadRequest;
  /** The caller's row limit (the upload reads one more, to tell a file went over it). */
  maxRows: number;
  chosen: StatementLayoutInput | null | undefined;
  remembered: RememberedLayout | undefined;
  answer: "describe" | "lines";
}

export function readBankStatement(request: StatementRequest) {
  const read = readUpload(request.upload);
  if (!("rows" in read)) return read;
  if (read.rows.length > request.maxRows) return { tooManyRows: true as const };
  const statement = readStatementRows(
    request.fileName,
    read.rows,
    request.chosen,
    request.remembered,
  );
  if (request.answer === "lines" || "error" in statement) return { statement };
  return { description: describeReading(statement) };
}
