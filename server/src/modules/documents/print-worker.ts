import { parentPort } from "node:worker_threads";
import type { PrintDocument } from "./print-model.ts";
import { renderPrintPdf, renderStatementPdf, renderTdsCertificatePdf } from "./print-pdf.ts";
import type { StatementDocument } from "./statement.ts";
import type { TdsCertificateDocument } from "./tds-certificate.ts";

// The document worker (print-renderer.ts): one message per document, answered with its bytes,
// transferred rather than copied.

/**
 * A logo or signature that pdfkit cannot read (a file stored before uploads were re-encoded) must
 * not stop the document: it prints without the images instead.
 */
async function renderWithImagesIfPossible(document: PrintDocument): Promise<Buffer> {
  try {
    return await renderPrintPdf(document);
  } catch (error) {
    if (!document.supplier.logo && !document.supplier.signature) throw error;
    return renderPrintPdf({
      ...document,
      supplier: { ...document.supplier, logo: null, signature: null },
    });
  }
}
type Request =
  | { id: number; kind: "document"; document: PrintDocument }
  | { id: number; kind: "statement"; statement: StatementDocument }
  | { id: number; kind: "tdsCertificate"; certificate: TdsCertificateDocument };

parentPort?.on("message", async (message: Request) => {
  try {
    const body =
      message.kind === "document"
        ? await renderWithImagesIfPossible(message.document)
        : message.kind === "statement"
          ? await renderStatementPdf(message.statement)
          : await renderTdsCertificatePdf(message.certificate);
    const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength).slice();
    parentPort?.postMessage({ id: message.id, bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort?.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
