import type { ExportFormat } from "@bahi/domain";
import { AppError } from "../../http/errors.ts";
import { HeavyJobTooLarge, type Lane, runHeavyJob } from "../../lib/heavy-work/pool.ts";
import { workerModuleUrl } from "../../lib/worker-url.ts";
import type { ExportTable } from "./export-table.ts";
import type { RenderOptions } from "./table-document.ts";

// pdfmake lays out a whole document in memory (about 28 kB a row: a 40,000-row list took 1.1 GB
// and 12 s) and exceljs holds the whole workbook (550 MB for the same list). Downloads are laid
// out on the heavy-work pool's large thread (decision 392): a heap of its own
// (BAHI_DOWNLOAD_HEAP_MB, though the server's own ceiling, BAHI_MAX_HEAP_MB, caps it: decision
// 430) keeps that out of the server's heap, and a download too big even for it fails alone, with a
// message. One large job at a time, in the line fair between organisations: one organisation's
// ten exports wait behind another's one, not in front of it.

export interface RenderRequest {
  table: ExportTable;
  format: ExportFormat;
  options: RenderOptions;
}

/** Whose download it is, and whether a person waits on a screen for it. */
export interface DownloadFor {
  organisationId: string;
  lane?: Lane;
}

export const DOWNLOAD_TOO_LARGE =
  "This download is too large. Please narrow the dates or filters and try again.";

export async function renderInWorker(request: RenderRequest, owner: DownloadFor): Promise<Buffer> {
  try {
    const bytes = await runHeavyJob<Uint8Array>({
      ...owner,
      module: workerModuleUrl("render-worker", import.meta.url),
      name: "renderTable",
      payload: request,
      size: "large",
    });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    if (error instanceof HeavyJobTooLarge) throw new AppError(413, DOWNLOAD_TOO_LARGE);
    throw error;
  }
}
