import { AppError } from "../../http/errors.ts";
import {
  HeavyJobTooLarge,
  type Lane,
  runHeavyJob,
  stopHeavyWork,
} from "../../lib/heavy-work/pool.ts";
import { workerModuleUrl } from "../../lib/worker-url.ts";
import { DOWNLOAD_TOO_LARGE } from "../exports/render-in-worker.ts";
import type { PrintDocument } from "./print-model.ts";
import type { StatementDocument } from "./statement.ts";
import type { TdsCertificateDocument } from "./tds-certificate.ts";

// Documents and statements are laid out by pdfmake on the heavy-work pool (decision 320): off the
// request thread, in a line fair between organisations, each job with a heap ceiling of its own
// (BAHI_HEAVY_JOB_HEAP_MB), so a huge document fails alone with 413.

/** Whose document it is, and whether a person waits on a screen for it. */
export interface RenderFor {
  organisationId: string;
  /** Shared links and mail attachments: "background" (never take the last free thread). */
  lane?: Lane;
}

const printWorker = () => workerModuleUrl("print-worker", import.meta.url);

async function render(
  name: "renderDocument" | "renderStatement" | "renderTdsCertificate",
  payload: unknown,
  owner: RenderFor,
): Promise<Buffer> {
  try {
    const bytes = await runHeavyJob<Uint8Array>({ ...owner, module: printWorker(), name, payload });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    if (error instanceof HeavyJobTooLarge) throw new AppError(413, DOWNLOAD_TOO_LARGE);
    throw error;
  }
}

/** The PDF of one document, laid out on the heavy-work pool. */
export function renderDocumentPdf(document: PrintDocument, owner: RenderFor): Promise<Buffer> {
  return render("renderDocument", document, owner);
}

/** An account statement, laid out on the heavy-work pool. */
export function renderStatementDocumentPdf(
  statement: StatementDocument,
  owner: RenderFor,
): Promise<Buffer> {
  return render("renderStatement", statement, owner);
}

/** A deductee's TDS certificate (issue 39), laid out on the heavy-work pool. */
export function renderTdsCertificateDocumentPdf(
  certificate: TdsCertificateDocument,
  owner: RenderFor,
): Promise<Buffer> {
  return render("renderTdsCertificate", certificate, owner);
}

/** Ends the pool's threads (tests and shutdown); the next render starts new ones. */
export function stopDocumentRenderer(): Promise<void> {
  return stopHeavyWork();
}
