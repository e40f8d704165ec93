import "../../lib/heavy-work/lower-thread-priority.ts";
import { Piscina } from "piscina";
import {
  buildPrintDocument,
  describePrintDocument,
  nameDocumentFile,
  type PrintDocument,
  type PrintSource,
} from "./print-model.ts";
import { renderPrintPdf } from "./print-pdf.ts";
import type { StatementDocument } from "./statement.ts";
import { renderStatementPdf, renderTdsCertificatePdf } from "./statement-pdfs.ts";
import type { TdsCertificateDocument } from "./tds-certificate.ts";

// The document jobs of the heavy-work pool (print-renderer.ts, lib/heavy-work): each answers with
// the PDF's bytes, transferred rather than copied.

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

function moved(body: Buffer) {
  const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength).slice();
  return Piscina.move(bytes);
}

/**
 * A voucher's PDF from what it is made of (decision 390): the stored JSON read into figures and
 * the document model built here, not on the serving thread. The bytes come back with the name.
 */
export async function renderVoucher(source: PrintSource) {
  const document = buildPrintDocument(source);
  const body = await renderWithImagesIfPossible(document);
  return {
    // A copy of its own: the answer is copied to the serving thread with its whole buffer.
    bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength).slice(),
    fileName: nameDocumentFile(document),
  };
}

/** A voucher's heading, number and names (sending's placeholders), read here. */
export function describeVoucher(source: PrintSource) {
  return describePrintDocument(buildPrintDocument(source));
}

export async function renderStatement(statement: StatementDocument) {
  return moved(await renderStatementPdf(statement));
}

export async function renderTdsCertificate(certificate: TdsCertificateDocument) {
  return moved(await renderTdsCertificatePdf(certificate));
}
