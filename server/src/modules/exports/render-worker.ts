import { parentPort, workerData } from "node:worker_threads";
import type { RenderRequest } from "./render-in-worker.ts";

// One download rendered in its own thread (see render-in-worker.ts): answers with the file's
// bytes, transferred rather than copied, and ends.
const request = workerData as RenderRequest;
const body =
  request.format === "pdf"
    ? await (await import("./table-pdf.ts")).renderTablePdf(request.table, request.options)
    : await (await import("./table-excel.ts")).renderTableWorkbook(request.table);
const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength).slice();
parentPort?.postMessage(bytes, [bytes.buffer]);
