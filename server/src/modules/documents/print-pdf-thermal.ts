import type { Content } from "pdfmake";
import { joinText } from "../../pdf-fonts/script-text.ts";
import { t } from "./pdf-make.ts";
import type { PrintDocument } from "./print-model.ts";
import {
  type Assets,
  amount,
  describeEWayBillRows,
  describeTotals,
  describeVoucherBody,
  rateText,
  toDataUrl,
} from "./print-pdf-parts.ts";

/**
 * The thermal rolls (returns-reference 5.2): 80 mm (72 mm printable, about 48 characters a line)
 * and, issue 40, 58 mm (48 mm printable, about 32): page width, margins, type size and QR sizes.
 */
export interface Roll {
  pageWidth: number;
  margin: number;
  fontSize: number;
  eInvoiceQr: number;
  upiQr: number;
}

const ROLLS: Record<"thermal80" | "thermal58", Roll> = {
  thermal80: { pageWidth: 227, margin: 12, fontSize: 7.5, eInvoiceQr: 150, upiQr: 110 },
  thermal58: { pageWidth: 164, margin: 14, fontSize: 6.5, eInvoiceQr: 120, upiQr: 96 },
};

export function rollOf(doc: PrintDocument): Roll | null {
  const printing = doc.settings.printing;
  return printing === "thermal80" || printing === "thermal58" ? ROLLS[printing] : null;
}

/** A thermal roll's copy: everything in one column, as long as it needs. */
export function describeThermalCopy(doc: PrintDocument, assets: Assets, roll: Roll): Content[] {
  const width = roll.pageWidth - 2 * roll.margin;
  // A new node each time: pdfmake writes its layout into the nodes it is given.
  const rule = (): Content => ({
    canvas: [{ type: "line", x1: 0, y1: 2, x2: width, y2: 2, lineWidth: 0.5, dash: { length: 2 } }],
    margin: [0, 2, 0, 2],
  });
  const s = doc.supplier;
  const content: Content[] = [
    ...(s.logo
      ? [
          {
            image: toDataUrl(s.logo),
            fit: [60, 40] as [number, number],
            alignment: "center" as const,
          },
        ]
      : []),
    { text: t(s.name), bold: true, fontSize: 10, alignment: "center" },
    ...s.addressLines.map((line) => ({ text: t(line), alignment: "center" as const })),
    ...(s.gstin ? [{ text: `GSTIN: ${s.gstin}`, alignment: "center" as const }] : []),
    ...(s.mobile ? [{ text: `Phone: ${s.mobile}`, alignment: "center" as const }] : []),
    rule(),
    { text: doc.heading.toUpperCase(), bold: true, alignment: "center" },
    {
      columns: [{ text: `No.: ${doc.number}` }, { text: `Date: ${doc.date}`, alignment: "right" }],
    },
    ...(doc.party ? [{ text: joinText(`${doc.partyLabel}: `, t(doc.party.name)) }] : []),
    ...(doc.party?.addressLines ?? []).map((line) => ({ text: t(line) })),
    ...(doc.party?.gstin ? [{ text: `GSTIN: ${doc.party.gstin}` }] : []),
    ...(doc.shipTo
      ? [{ text: "Ship To:" }, ...doc.shipTo.addressLines.map((line) => ({ text: t(line) }))]
      : []),
    ...(doc.placeOfSupply ? [{ text: `Place of Supply: ${doc.placeOfSupply}` }] : []),
    ...(doc.reverseCharge ? [{ text: `Reverse Charge: ${doc.reverseCharge}` }] : []),
    ...[...describeEWayBillRows(doc), ...doc.transport].map(([label, value]) => ({
      text: t(`${label}: ${value}`),
    })),
    rule(),
  ];
  if (doc.form === "voucher") {
    content.push(...describeVoucherBody(doc));
  } else {
    for (const line of doc.lines) {
      content.push({
        text: joinText(
          `${line.no}. `,
          t(line.description),
          line.hsnSac && doc.settings.printHSNorSAC ? ` (${line.hsnSac})` : "",
        ),
      });
      content.push({
        columns: [
          {
            text:
              line.quantity === null
                ? ""
                : `${line.quantity}${doc.settings.printUnitOfMeasurement && line.unit ? ` ${line.unit}` : ""} x ${line.ratePaise === null ? "" : amount(line.ratePaise)}${line.gstRate !== null ? `  GST ${line.gstRate}%` : ""}`,
          },
          { text: amount(line.taxablePaise), alignment: "right", width: "auto" },
        ],
      });
    }
    content.push(rule(), describeTotals(doc));
  }
  content.push({ text: doc.amountInWords, italics: true, margin: [0, 2, 0, 0] });
  const hsn = doc.taxColumns !== "none" && doc.settings.printHSNorSAC ? doc.hsnSummary : [];
  if (hsn.length > 0) {
    content.push(rule(), { text: "HSN/SAC   Taxable   Tax", bold: true });
    for (const row of hsn) {
      content.push({
        columns: [
          { text: `${row.hsnSac} @${rateText(row.gstRate)}` },
          { text: amount(row.taxablePaise), alignment: "right" },
          { text: amount(row.taxPaise), alignment: "right" },
        ],
      });
    }
  }
  if (doc.eInvoice) {
    const size = roll.eInvoiceQr;
    content.push(
      rule(),
      { text: `IRN: ${doc.eInvoice.irn}`, fontSize: 6 },
      { text: `Ack No: ${doc.eInvoice.ackNo}  Ack Date: ${doc.eInvoice.ackDate}` },
      ...(assets.eInvoiceQr
        ? [{ svg: assets.eInvoiceQr, width: size, height: size, alignment: "center" as const }]
        : []),
    );
  }
  if (assets.qr) {
    content.push({
      svg: assets.qr,
      width: roll.upiQr,
      height: roll.upiQr,
      alignment: "center",
      margin: [0, 6, 0, 0],
    });
  }
  if (doc.settings.notes.trim() !== "")
    content.push({ text: t(doc.settings.notes), margin: [0, 4, 0, 0] });
  if (doc.settings.placeForSignature)
    content.push({
      text: joinText("For ", t(s.name), "\n\n\nAuthorised Signatory"),
      alignment: "right",
      margin: [0, 6, 0, 0],
    });
  if (doc.settings.lineInBottom.trim() !== "")
    content.push({ text: t(doc.settings.lineInBottom), alignment: "center", margin: [0, 4, 0, 0] });
  return content;
}
