import { Worker } from "node:worker_threads";
import type { ExportFormat } from "@bahi/domain";
import { AppError } from "../../http/errors.ts";
import { workerModuleUrl } from "../../lib/worker-url.ts";
import type { ExportTable } from "./export-table.ts";
import type { RenderOptions } from "./table-document.ts";

// pdfmake lays out a whole document in memory (about 28 kB a row: a 40,000-row list took 1.1 GB
// and 12 s) and exceljs holds the whole workbook (550 MB for the same list). Rendering in a
// worker thread with a heap of its own keeps that out of the server's heap, which stays small
// (BAHI_MAX_HEAP_MB, decision 015); a download too big even for the worker fails alone, with a
// message, instead of taking the server down. One render at a time: two large downloads at once
// would need twice the memory, and a second one waits a few seconds instead.

export interface RenderRequest {
  table: ExportTable;
  format: ExportFormat;
  options: RenderOptions;
}

export const DOWNLOAD_TOO_LARGE =
  "This download is too large. Please narrow the dates or filters and try again.";

/** The worker's heap ceiling; BAHI_DOWNLOAD_HEAP_MB overrides it. */
function workerHeapMb(): number {
  const configured = Number(process.env.BAHI_DOWNLOAD_HEAP_MB);
  return Number.isInteger(configured) && configured >= 64 ? configured : 2048;
}

let queue: Promise<unknown> = Promise.resolve();

export function renderInWorker(request: RenderRequest): Promise<Buffer> {
  const run = queue.then(() => renderNow(request));
  queue = run.catch(() => undefined);
  return run;
}

function renderNow(request: RenderRequest): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerModuleUrl("render-worker", import.meta.url), {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: workerHeapMb() },
    });
    let answered = false;
    worker.once("message", (bytes: Uint8Array) => {
      answered = true;
      resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
    worker.once("error", (error: NodeJS.ErrnoException) => {
      answered = true;
      reject(
        error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new AppError(413, DOWNLOAD_TOO_LARGE) : error,
      );
    });
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`The download renderer stopped (exit ${code}).`));
    });
  });
}
