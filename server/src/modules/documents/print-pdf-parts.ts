// What the page and the thermal layouts of a voucher's print share.
import { formatAmount, formatRupees } from "@bahi/domain/money";
import type { Content } from "pdfmake";
import type { PrintText } from "../../pdf-fonts/script-text.ts";
import { t } from "./pdf-make.ts";
import type { PrintDocument } from "./print-model.ts";

export function rateText(rate: number | null): string {
  return rate === null ? "-" : `${rate}%`;
}

export function amount(paise: number): string {
  return formatAmount(paise);
}

export function toDataUrl(image: { bytes: Uint8Array; mimeType: string }): string {
  return `data:${image.mimeType};base64,${Buffer.from(image.bytes).toString("base64")}`;
}

/** The imported e-way bill (issue 24): its number, date and validity. */
export function describeEWayBillRows(doc: PrintDocument): [string, string][] {
  if (!doc.eWayBill) return [];
  return [
    ["E-Way Bill No.", doc.eWayBill.number],
    ["E-Way Bill Date", doc.eWayBill.date],
    ...(doc.eWayBill.validUntil
      ? [["Valid Until", doc.eWayBill.validUntil] as [string, string]]
      : []),
  ];
}

export function describeTotals(doc: PrintDocument): Content {
  const rows: [string, string, boolean][] = [];
  const { totals } = doc;
  rows.push([
    doc.taxColumns === "none" ? "Sub Total" : "Taxable Value",
    formatRupees(totals.grossPaise),
    false,
  ]);
  if (doc.taxColumns === "split") {
    rows.push(
      ["CGST", formatRupees(totals.cgstPaise), false],
      ["SGST", formatRupees(totals.sgstPaise), false],
    );
  }
  if (doc.taxColumns === "integrated") rows.push(["IGST", formatRupees(totals.igstPaise), false]);
  if (totals.cessPaise > 0) rows.push(["Cess", formatRupees(totals.cessPaise), false]);
  if (totals.roundOffPaise !== 0)
    rows.push(["Round Off", formatRupees(totals.roundOffPaise), false]);
  rows.push(["Total", formatRupees(totals.totalPaise), true]);
  if (
    doc.pendingPaise !== null &&
    doc.pendingPaise !== totals.totalPaise &&
    doc.form === "taxInvoice"
  ) {
    rows.push(["Balance Due", formatRupees(doc.pendingPaise), false]);
  }
  return {
    table: {
      widths: ["*", "auto"],
      body: rows.map(([label, value, bold]) => [
        { text: label, bold },
        { text: value, bold, alignment: "right" },
      ]),
    },
    layout: "noBorders",
  };
}

/** The UPI QR as one SVG path (pdfmake's own QR draws a rectangle per module, slow to lay out). */
export interface Assets {
  qr: string | null;
  /** Issue 24: the IRP's signed QR code, as one SVG. */
  eInvoiceQr?: string | null;
}

export function describeVoucherBody(doc: PrintDocument): Content[] {
  const voucher = doc.voucher;
  if (!voucher) return [];
  const received = doc.type === "receipts";
  const rows: [string, PrintText][] = [
    [received ? "Received From" : "Paid To", t(doc.party?.name ?? "")],
    ["Amount", formatRupees(voucher.amountPaise)],
    [received ? "Received In" : "Paid From", t(voucher.throughAccount)],
  ];
  if (voucher.narration) rows.push(["Narration", t(voucher.narration)]);
  return [
    {
      table: {
        widths: ["auto", "*"],
        body: rows.map(([label, value]) => [{ text: label, bold: true }, { text: value }]),
      },
      margin: [0, 8, 0, 0],
    },
  ];
}
