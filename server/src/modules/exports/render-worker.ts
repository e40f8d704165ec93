import "../../lib/heavy-work/lower-thread-priority.ts";
import { Piscina } from "piscina";
import type { RenderRequest } from "./render-in-worker.ts";

// The download job of the heavy-work pool (render-in-worker.ts): answers with the file's bytes,
// transferred rather than copied. pdfmake and exceljs are loaded on the first download only.
export async function renderTable(request: RenderRequest) {
  const body =
    request.format === "pdf"
      ? await (await import("./table-pdf.ts")).renderTablePdf(request.table, request.options)
      : await (await import("./table-excel.ts")).renderTableWorkbook(request.table);
  return Piscina.move(new Uint8Array(body.buffer, body.byteOffset, body.byteLength).slice());
}
