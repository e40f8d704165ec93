import type { Content, TableCell } from "pdfmake";
import type { PrintText } from "../../pdf-fonts/script-text.ts";

// Issue 39: a deductee's certificate of tax deducted for a quarter, in the layout of Form 16A
// (Income-tax Rules, 1962, rule 31) — or its successor form from 1 April 2026. It is the
// deductor's own statement: the certificate the law requires is the one downloaded from TRACES,
// and the document says so (decision 301).

export interface TdsCertificateDocument {
  title: string;
  formNote: string;
  deductor: { name: string; address: string; tan: string; pan: string };
  deductee: { name: string; pan: string; address: string };
  period: string;
  year: string;
  quarter: string;
  rows: {
    date: string;
    voucher: string;
    section: string;
    amountPaid: string;
    rate: string;
    tds: string;
  }[];
  totalPaid: string;
  totalTds: string;
  totalInWords: string;
  challans: { bsrCode: string; date: string; serial: string; amount: string }[];
  generatedOn: string;
}

export function describeTdsCertificate(
  doc: TdsCertificateDocument,
  t: (text: string) => PrintText,
): Content[] {
  const head = (texts: string[]): TableCell[] =>
    texts.map((text) => ({ text, bold: true, fillColor: "#eeeeee" }));
  const right = (text: string, bold = false): TableCell => ({ text, alignment: "right", bold });
  return [
    { text: doc.title, fontSize: 13, bold: true, alignment: "center" },
    { text: doc.formNote, fontSize: 7.5, alignment: "center", margin: [0, 2, 0, 10] },
    {
      table: {
        widths: ["*", "*"],
        body: [
          head(["Deductor", "Deductee"]),
          [
            { text: t(doc.deductor.name), bold: true },
            { text: t(doc.deductee.name), bold: true },
          ],
          [{ text: t(doc.deductor.address) }, { text: t(doc.deductee.address) }],
          [`TAN: ${doc.deductor.tan}`, `PAN: ${doc.deductee.pan}`],
          [`PAN: ${doc.deductor.pan}`, ""],
        ],
      },
      margin: [0, 0, 0, 8],
    },
    {
      columns: [
        { text: `Financial year: ${doc.year}` },
        { text: `Quarter: ${doc.quarter}` },
        { text: `Period: ${doc.period}` },
      ],
      margin: [0, 0, 0, 8],
    },
    { text: "Summary of payment and tax deducted", bold: true, margin: [0, 0, 0, 4] },
    {
      table: {
        headerRows: 1,
        widths: ["auto", "*", "auto", "auto", "auto", "auto"],
        body: [
          head(["Date", "Entry", "Section", "Amount paid / credited", "Rate", "Tax deducted"]),
          ...doc.rows.map((row) => [
            row.date,
            { text: t(row.voucher) },
            row.section,
            right(row.amountPaid),
            right(row.rate),
            right(row.tds),
          ]),
          [
            "",
            { text: "Total", bold: true },
            "",
            right(doc.totalPaid, true),
            "",
            right(doc.totalTds, true),
          ],
        ],
      },
      margin: [0, 0, 0, 6],
    },
    { text: `Tax deducted: ${doc.totalInWords}`, italics: true, margin: [0, 0, 0, 8] },
    {
      text: "Tax deposited to the credit of the Central Government (challan 281)",
      bold: true,
      margin: [0, 0, 0, 4],
    },
    {
      table: {
        headerRows: 1,
        widths: ["auto", "auto", "auto", "*"],
        body: [
          head(["BSR code", "Date of deposit", "Challan serial", "Tax deposited"]),
          ...(doc.challans.length === 0
            ? [[{ text: "Not yet deposited", colSpan: 4 }, "", "", ""]]
            : doc.challans.map((challan) => [
                challan.bsrCode,
                challan.date,
                challan.serial,
                right(challan.amount),
              ])),
        ],
      },
      margin: [0, 0, 0, 12],
    },
    { text: `Generated on ${doc.generatedOn}.`, fontSize: 7.5 },
  ];
}
