import { AppError } from "../../http/errors.ts";
import {
  HeavyJobTooLarge,
  type Lane,
  runHeavyJob,
  stopHeavyWork,
} from "../../lib/heavy-work/pool.ts";
import { workerModuleUrl } from "../../lib/worker-url.ts";
import { DOWNLOAD_TOO_LARGE } from "../exports/render-in-worker.ts";
import type { PrintHeader, PrintSource } from "./print-model.ts";
import type { StatementDocument } from "./statement.ts";
import type { TdsCertificateDocument } from "./tds-certificate.ts";

// Documents and statements are laid out by pdfmake on the heavy-work pool (decision 320): off the
// request thread, in a line fair between organisations, each job with a heap ceiling of its own
// (BAHI_HEAVY_JOB_HEAP_MB), so a huge document fails alone with 413. A voucher's document model is
// built there too, from its stored JSON text (decision 390): the serving thread neither reads a
// 1,000-line voucher into figures nor copies its model to the thread.

/** Whose document it is, and whether a person waits on a screen for it. */
export interface RenderFor {
  organisationId: string;
  /** Shared links and mail attachments: "background" (never take the last free thread). */
  lane?: Lane;
}

const printWorker = () => workerModuleUrl("print-worker", import.meta.url);

async function run<T>(
  name: "renderVoucher" | "describeVoucher" | "renderStatement" | "renderTdsCertificate",
  payload: unknown,
  owner: RenderFor,
): Promise<T> {
  try {
    return await runHeavyJob<T>({ ...owner, module: printWorker(), name, payload });
  } catch (error) {
    if (error instanceof HeavyJobTooLarge) throw new AppError(413, DOWNLOAD_TOO_LARGE);
    throw error;
  }
}

async function render(
  name: "renderStatement" | "renderTdsCertificate",
  payload: unknown,
  owner: RenderFor,
): Promise<Buffer> {
  const bytes = await run<Uint8Array>(name, payload, owner);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The PDF of one voucher and its file name: the model built and laid out on the pool. */
export async function renderVoucherPdf(
  source: PrintSource,
  owner: RenderFor,
): Promise<{ bytes: Buffer; fileName: string }> {
  const answer = await run<{ bytes: Uint8Array; fileName: string }>("renderVoucher", source, owner);
  const { bytes } = answer;
  return {
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    fileName: answer.fileName,
  };
}

/** A voucher's heading, number and names, read on the pool (no PDF is made). */
export function describeVoucher(source: PrintSource, owner: RenderFor): Promise<PrintHeader> {
  // The images are not needed to name the document: they are not copied to the thread.
  const organisation = { ...source.organisation, logo: null, signature: null };
  return run<PrintHeader>("describeVoucher", { ...source, organisation }, owner);
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
