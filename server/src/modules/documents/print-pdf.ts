import "../../pdf-fonts/font-cache.ts";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { formatAmount, formatRupees } from "@bahi/domain/money";
import type { Content, TableCell } from "pdfmake";
import pdfMake from "pdfmake";
import QRCode from "qrcode";
import {
  joinText,
  type PrintText,
  prepareScripts,
  toPrintableText,
} from "../../pdf-fonts/script-text.ts";
import type { PrintDocument, PrintLine, PrintParty } from "./print-model.ts";
import { describeStatement, type StatementDocument } from "./statement.ts";
import { describeTdsCertificate, type TdsCertificateDocument } from "./tds-certificate.ts";

// Documents embed Roboto, which pdfmake ships as TrueType files: it carries the rupee sign and
// Latin text, and pdfkit embeds the subset a document uses, so the PDF is text (searchable,
// copyable) on any reader. Indian scripts print in their Noto Sans fonts (script-text.ts,
// decisions 051 and 052).
const FONT = "Roboto";
const fontFolder = join(
  dirname(createRequire(import.meta.url).resolve("pdfmake/package.json")),
  "fonts",
  "Roboto",
);
// Read once into pdfmake's in-memory file system, which hands pdfkit the same bytes every time,
// so font-cache.ts can reuse the parsed font.
const FONT_FILES = {
  normal: "Roboto-Regular.ttf",
  bold: "Roboto-Medium.ttf",
  italics: "Roboto-Italic.ttf",
  bolditalics: "Roboto-MediumItalic.ttf",
};
const virtualFiles = (
  pdfMake as unknown as {
    virtualfs: {
      writeFileSync(name: string, content: Buffer): void;
    };
  }
).virtualfs;
for (const file of Object.values(FONT_FILES)) {
  virtualFiles.writeFileSync(file, readFileSync(join(fontFolder, file)));
}
pdfMake.addFonts({ [FONT]: FONT_FILES });
// Documents fetch nothing: fonts are in memory and images come as data URLs.
pdfMake.setUrlAccessPolicy(() => false);
pdfMake.setLocalAccessPolicy(() => false);

type DocumentDefinition = Parameters<typeof pdfMake.createPdf>[0];

const t = (value: string | null | undefined): PrintText => toPrintableText(value ?? "");

const ACCENT = { classic: "#000000", modern: "#1c5d99" } as const;

interface Sizes {
  base: number;
  small: number;
  heading: number;
  name: number;
  margin: number;
}

const SIZES: Record<"A4" | "A5", Sizes> = {
  A4: { base: 8.5, small: 7, heading: 14, name: 13, margin: 28 },
  A5: { base: 6.5, small: 5.5, heading: 11, name: 10, margin: 18 },
};

function rateText(rate: number | null): string {
  return rate === null ? "-" : `${rate}%`;
}

function amount(paise: number): string {
  return formatAmount(paise);
}

function describeParty(label: string, party: PrintParty | null): Content[] {
  if (!party) return [{ text: label, bold: true }];
  return [
    { text: label, bold: true, color: "#555555" },
    { text: t(party.name), bold: true },
    ...party.addressLines.map((line) => ({ text: t(line) })),
    ...(party.gstin ? [{ text: `GSTIN/UIN: ${party.gstin}` }] : []),
    ...(party.state ? [{ text: `State: ${party.state}` }] : []),
  ];
}

function describeSupplier(doc: PrintDocument, sizes: Sizes): Content {
  const s = doc.supplier;
  const lines: Content[] = [
    { text: t(s.name), bold: true, fontSize: sizes.name },
    ...s.addressLines.map((line) => ({ text: t(line) })),
    ...(s.gstin ? [{ text: `GSTIN: ${s.gstin}`, bold: true }] : []),
    ...(s.state ? [{ text: `State: ${s.state}` }] : []),
    ...(s.mobile || s.email
      ? [
          {
            text: [s.mobile ? `Phone: ${s.mobile}` : "", s.email ? `Email: ${s.email}` : ""]
              .filter(Boolean)
              .join("   "),
          },
        ]
      : []),
  ];
  if (!s.logo) return { stack: lines };
  return {
    columns: [
      { image: toDataUrl(s.logo), fit: [60, 60], width: 64 },
      { stack: lines, width: "*" },
    ],
    columnGap: 6,
  };
}

function toDataUrl(image: { bytes: Uint8Array; mimeType: string }): string {
  return `data:${image.mimeType};base64,${Buffer.from(image.bytes).toString("base64")}`;
}

/** The imported e-way bill (issue 24): its number, date and validity. */
function describeEWayBillRows(doc: PrintDocument): [string, string][] {
  if (!doc.eWayBill) return [];
  return [
    ["E-Way Bill No.", doc.eWayBill.number],
    ["E-Way Bill Date", doc.eWayBill.date],
    ...(doc.eWayBill.validUntil
      ? [["Valid Until", doc.eWayBill.validUntil] as [string, string]]
      : []),
  ];
}

function describeDetails(doc: PrintDocument): Content {
  const numberLabel =
    doc.form === "taxInvoice"
      ? "Invoice No."
      : doc.form === "note"
        ? "Note No."
        : doc.form === "challan"
          ? "Challan No."
          : doc.form === "voucher"
            ? "Voucher No."
            : `${doc.heading} No.`;
  const rows: [string, string][] = [
    [numberLabel, doc.number],
    ["Date", doc.date],
  ];
  if (doc.dueDate) rows.push(["Due Date", doc.dueDate]);
  if (doc.placeOfSupply) rows.push(["Place of Supply", doc.placeOfSupply]);
  if (doc.reverseCharge) rows.push(["Reverse Charge", doc.reverseCharge]);
  rows.push(...describeEWayBillRows(doc), ...doc.transport);
  for (const field of doc.customFields) rows.push([field.name, field.value]);
  return {
    table: {
      widths: ["auto", "*"],
      body: rows.map(([label, value]) => [
        { text: t(label), color: "#555555" },
        { text: t(value), bold: label === numberLabel },
      ]),
    },
    layout: "noBorders",
  };
}

/** The modern design's lines: a rule under each row, no verticals, the classic's cell padding. */
const MODERN_TABLE = {
  hLineWidth: (index: number, node: { table: { body: unknown[] } }) =>
    index === 0 || index === node.table.body.length ? 0 : 0.5,
  vLineWidth: () => 0,
  hLineColor: () => "#aaaaaa",
  paddingLeft: () => 4,
  paddingRight: () => 4,
};

interface Column {
  header: string;
  width: string | number;
  align: "left" | "right" | "center";
  cell: (line: PrintLine) => PrintText;
  /** The totals row's text under this column. */
  total?: (doc: PrintDocument) => string;
}

function describeColumns(doc: PrintDocument): Column[] {
  const { settings } = doc;
  const columns: Column[] = [
    { header: "#", width: 14, align: "right", cell: (line) => String(line.no) },
    {
      header: "Description",
      width: "*",
      align: "left",
      cell: (line) =>
        line.detail ? joinText(t(line.description), "\n", t(line.detail)) : t(line.description),
    },
  ];
  if (settings.printHSNorSAC) {
    columns.push({
      header: "HSN/SAC",
      width: "auto",
      align: "left",
      cell: (line) => line.hsnSac ?? "",
    });
  }
  columns.push({
    header: "Qty",
    width: "auto",
    align: "right",
    cell: (line) => line.quantity ?? "",
  });
  if (settings.printUnitOfMeasurement) {
    columns.push({ header: "Unit", width: "auto", align: "left", cell: (line) => line.unit ?? "" });
  }
  columns.push({
    header: "Rate",
    width: "auto",
    align: "right",
    cell: (line) => (line.ratePaise === null ? "" : amount(line.ratePaise)),
  });
  if (settings.showDiscountColumn) {
    columns.push({
      header: "Disc.",
      width: "auto",
      align: "right",
      cell: (line) => line.discount ?? "",
    });
  }
  columns.push({
    header: doc.taxColumns === "none" ? "Amount" : "Taxable Value",
    width: "auto",
    align: "right",
    cell: (line) => amount(line.taxablePaise),
    total: (d) => amount(d.totals.grossPaise),
  });
  if (doc.taxColumns === "split") {
    columns.push(
      {
        header: "CGST %",
        width: "auto",
        align: "right",
        cell: (line) => rateText(line.gstRate === null ? null : line.gstRate / 2),
      },
      {
        header: "CGST",
        width: "auto",
        align: "right",
        cell: (line) => amount(line.cgstPaise),
        total: (d) => amount(d.totals.cgstPaise),
      },
      {
        header: "SGST %",
        width: "auto",
        align: "right",
        cell: (line) => rateText(line.gstRate === null ? null : line.gstRate / 2),
      },
      {
        header: "SGST",
        width: "auto",
        align: "right",
        cell: (line) => amount(line.sgstPaise),
        total: (d) => amount(d.totals.sgstPaise),
      },
    );
  }
  if (doc.taxColumns === "integrated") {
    columns.push(
      { header: "IGST %", width: "auto", align: "right", cell: (line) => rateText(line.gstRate) },
      {
        header: "IGST",
        width: "auto",
        align: "right",
        cell: (line) => amount(line.igstPaise),
        total: (d) => amount(d.totals.igstPaise),
      },
    );
  }
  if (doc.taxColumns !== "none" && doc.showCess) {
    columns.push({
      header: "Cess",
      width: "auto",
      align: "right",
      cell: (line) => amount(line.cessPaise),
      total: (d) => amount(d.totals.cessPaise),
    });
  }
  if (doc.taxColumns !== "none") {
    columns.push({
      header: "Amount",
      width: "auto",
      align: "right",
      cell: (line) => amount(line.totalPaise),
      total: (d) =>
        amount(
          d.totals.grossPaise +
            d.totals.cgstPaise +
            d.totals.sgstPaise +
            d.totals.igstPaise +
            d.totals.cessPaise,
        ),
    });
  }
  return columns;
}

function describeLinesTable(doc: PrintDocument, modern: boolean): Content {
  const columns = describeColumns(doc);
  const header: TableCell[] = columns.map((column) => ({
    text: column.header,
    bold: true,
    alignment: column.align,
    fillColor: modern ? ACCENT.modern : "#eeeeee",
    color: modern ? "#ffffff" : "#000000",
  }));
  const body: TableCell[][] = [header];
  for (const line of doc.lines) {
    body.push(columns.map((column) => ({ text: column.cell(line), alignment: column.align })));
  }
  body.push(
    columns.map((column, index) => ({
      text: index === 1 ? "Total" : column.total ? column.total(doc) : "",
      bold: true,
      alignment: column.align,
    })),
  );
  return {
    // headerRows repeats the column headings on every page a long invoice runs onto.
    table: { headerRows: 1, dontBreakRows: true, widths: columns.map((c) => c.width), body },
    layout: modern ? MODERN_TABLE : undefined,
    margin: [0, 6, 0, 0],
  };
}

function describeTotals(doc: PrintDocument): Content {
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

function describeHsnSummary(doc: PrintDocument): Content | null {
  if (doc.hsnSummary.length === 0 || !doc.settings.printHSNorSAC) return null;
  const split = doc.taxColumns === "split";
  const header = [
    "HSN/SAC",
    "Taxable Value",
    ...(split ? ["CGST %", "CGST", "SGST %", "SGST"] : ["IGST %", "IGST"]),
    ...(doc.showCess ? ["Cess"] : []),
    "Total Tax",
  ];
  const body: TableCell[][] = [
    header.map((text, i) => ({ text, bold: true, alignment: i === 0 ? "left" : "right" })),
  ];
  const sum = { taxable: 0, cgst: 0, sgst: 0, igst: 0, cess: 0, tax: 0 };
  for (const row of doc.hsnSummary) {
    sum.taxable += row.taxablePaise;
    sum.cgst += row.cgstPaise;
    sum.sgst += row.sgstPaise;
    sum.igst += row.igstPaise;
    sum.cess += row.cessPaise;
    sum.tax += row.taxPaise;
    const half = row.gstRate === null ? null : row.gstRate / 2;
    body.push(
      [
        row.hsnSac,
        amount(row.taxablePaise),
        ...(split
          ? [rateText(half), amount(row.cgstPaise), rateText(half), amount(row.sgstPaise)]
          : [rateText(row.gstRate), amount(row.igstPaise)]),
        ...(doc.showCess ? [amount(row.cessPaise)] : []),
        amount(row.taxPaise),
      ].map((text, i) => ({ text, alignment: i === 0 ? "left" : "right" })),
    );
  }
  body.push(
    [
      "Total",
      amount(sum.taxable),
      ...(split ? ["", amount(sum.cgst), "", amount(sum.sgst)] : ["", amount(sum.igst)]),
      ...(doc.showCess ? [amount(sum.cess)] : []),
      amount(sum.tax),
    ].map((text, i) => ({ text, bold: true, alignment: i === 0 ? "left" : "right" })),
  );
  return {
    stack: [
      { text: "HSN/SAC Summary", bold: true, margin: [0, 8, 0, 2] },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: header.map((_, i) => (i === 0 ? "*" : "auto")),
          body,
        },
      },
    ],
    unbreakable: doc.hsnSummary.length < 15,
  };
}

/** The UPI QR as one SVG path (pdfmake's own QR draws a rectangle per module, slow to lay out). */
interface Assets {
  qr: string | null;
  /** Issue 24: the IRP's signed QR code, as one SVG. */
  eInvoiceQr?: string | null;
}

/**
 * The IRP's QR printed on A4 and A5 (about 40 and 30 mm: well above what phones and the GST
 * verify app read at 300 dpi). Issue 40: beside the heading, not under it, so a typical invoice
 * with its QR keeps the signature on its one page.
 */
const E_INVOICE_QR_SIZE = { A4: 118, A5: 90 } as const;

/** Issue 24: IRN, Ack No and Ack Date beside the QR code of the IRP's signed QR text. */
function describeEInvoice(
  doc: PrintDocument,
  assets: Assets,
  qrSize: number,
  heading?: Content,
): Content | null {
  if (!doc.eInvoice) return null;
  const details = {
    stack: [
      ...(heading ? [heading] : []),
      { text: "e-Invoice", bold: true },
      { text: `IRN: ${doc.eInvoice.irn}`, fontSize: 7 },
      { text: `Ack No: ${doc.eInvoice.ackNo}` },
      { text: `Ack Date: ${doc.eInvoice.ackDate}` },
    ],
    width: "*" as const,
  };
  return {
    columns: assets.eInvoiceQr
      ? [details, { svg: assets.eInvoiceQr, width: qrSize, height: qrSize }]
      : [details],
    columnGap: 8,
    margin: [0, 0, 0, heading ? 4 : 6],
  };
}

/** Bank details with the UPI QR beside them (issue 40: side by side keeps the block short). */
function describePayment(doc: PrintDocument, assets: Assets): Content[] {
  const bank: Content[] | null = doc.bank
    ? [
        { text: "Bank Details", bold: true },
        ...(doc.bank.bankName ? [{ text: joinText("Bank: ", t(doc.bank.bankName)) }] : []),
        ...(doc.bank.accountNumber ? [{ text: `A/c No.: ${doc.bank.accountNumber}` }] : []),
        ...(doc.bank.ifsc ? [{ text: `IFSC: ${doc.bank.ifsc}` }] : []),
        ...(doc.bank.branch ? [{ text: joinText("Branch: ", t(doc.bank.branch)) }] : []),
      ]
    : null;
  const qr: Content[] | null = assets.qr
    ? [
        { text: "Scan to pay (UPI)", bold: true, margin: [0, 0, 0, 2] },
        { svg: assets.qr, width: 80, height: 80 },
      ]
    : null;
  if (bank && qr) {
    return [
      {
        columns: [
          { stack: bank, width: "auto" },
          { stack: qr, width: "auto" },
        ],
        columnGap: 12,
      },
    ];
  }
  return [bank, qr].flatMap((part) => (part ? [{ stack: part }] : []));
}

/**
 * Issue 40: "For <organisation>" prints once. A line above the signature that already says it
 * (many type it there) takes its place instead of printing beside it.
 */
function signsForOrganisation(doc: PrintDocument): boolean {
  // Compared without case, spaces or punctuation: "FOR GUPTA TRADERS." and "For Gupta Traders
  // (Prop.)" say it too.
  const squash = (text: string) => text.toLowerCase().replace(/[\s.,:;'"()&-]+/g, "");
  const line = squash(doc.supplier.lineAboveSignature ?? "");
  return line !== "" && line.startsWith(squash(`for ${doc.supplier.name}`));
}

function describeSignature(doc: PrintDocument): Content {
  const s = doc.supplier;
  if (!doc.settings.placeForSignature) return { text: "" };
  const lineSaysFor = signsForOrganisation(doc);
  return {
    stack: [
      ...(s.lineAboveSignature && !lineSaysFor
        ? [
            {
              text: t(s.lineAboveSignature),
              italics: true,
              margin: [0, 0, 0, 2] as [number, number, number, number],
            },
          ]
        : []),
      { text: lineSaysFor ? t(s.lineAboveSignature) : joinText("For ", t(s.name)), bold: true },
      s.signature
        ? {
            image: toDataUrl(s.signature),
            fit: [120, 40],
            alignment: "right",
            margin: [0, 4, 0, 2],
          }
        : { text: " ", margin: [0, 22, 0, 0] },
      ...(s.signatoryName ? [{ text: t(s.signatoryName) }] : []),
      { text: "Authorised Signatory" },
    ],
    alignment: "right",
  };
}

function describeVoucherBody(doc: PrintDocument): Content[] {
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

function describeCopy(doc: PrintDocument, format: "A4" | "A5", assets: Assets): Content[] {
  const sizes = SIZES[format];
  const modern = doc.settings.selectedTemplate === "modern";
  const accent = modern ? ACCENT.modern : ACCENT.classic;
  const headingBlock: Content = {
    text: doc.heading.toUpperCase(),
    fontSize: sizes.heading,
    bold: true,
    color: accent,
    alignment: modern ? "left" : "center",
    margin: [0, 0, 0, 6],
  };
  const top: Content = {
    columns: [
      { stack: [describeSupplier(doc, sizes)], width: "*" },
      { stack: [describeDetails(doc)], width: modern ? 190 : "45%" },
    ],
    columnGap: 10,
  };
  const partyBlock: Content = {
    columns: [
      { stack: describeParty(doc.partyLabel, doc.party), width: "*" },
      doc.shipTo
        ? { stack: describeParty("Ship To", doc.shipTo), width: "*" }
        : { text: "", width: "*" },
    ],
    columnGap: 10,
    margin: [0, 6, 0, 0],
  };
  const framed = (content: Content): Content =>
    modern
      ? { stack: [content], margin: [0, 0, 0, 4] }
      : { table: { widths: ["*"], body: [[content]] }, margin: [0, 0, 0, 0] };

  const eInvoiceBlock = describeEInvoice(doc, assets, E_INVOICE_QR_SIZE[format], headingBlock);
  const content: Content[] = [eInvoiceBlock ?? headingBlock, framed(top), framed(partyBlock)];
  if (doc.references) {
    content.push({
      text: `${doc.references.label}: ${doc.references.rows
        .map((row) => `${row.number} dated ${row.date} (${formatRupees(row.amountPaise)})`)
        .join("; ")}`,
      margin: [0, 6, 0, 0],
      bold: true,
    });
  }
  if (doc.form === "voucher") {
    content.push(...describeVoucherBody(doc));
  } else {
    content.push(describeLinesTable(doc, modern));
  }
  content.push({
    columns: [
      {
        stack: [
          { text: "Amount in words", color: "#555555" },
          { text: doc.amountInWords, bold: true },
        ],
        width: "*",
      },
      doc.form === "voucher"
        ? { text: "", width: 200 }
        : { stack: [describeTotals(doc)], width: 200 },
    ],
    columnGap: 10,
    margin: [0, 8, 0, 0],
    unbreakable: true,
  });
  const hsn = describeHsnSummary(doc);
  if (hsn) content.push(hsn);
  const notes: Content[] = [];
  if (doc.notes) notes.push({ text: joinText({ text: "Notes: ", bold: true }, t(doc.notes)) });
  if (doc.settings.notes.trim() !== "") {
    notes.push(
      { text: "Terms and Conditions", bold: true, margin: [0, 4, 0, 0] },
      { text: t(doc.settings.notes) },
    );
  }
  content.push({
    columns: [
      { stack: [...describePayment(doc, assets), ...notes], width: "*" },
      { stack: [describeSignature(doc)], width: 200 },
    ],
    columnGap: 10,
    margin: [0, 10, 0, 0],
    unbreakable: true,
  });
  if (doc.settings.lineInBottom.trim() !== "") {
    content.push({
      text: t(doc.settings.lineInBottom),
      alignment: "center",
      italics: true,
      margin: [0, 10, 0, 0],
      fontSize: sizes.small,
    });
  }
  return content;
}

/**
 * The thermal rolls (returns-reference 5.2): 80 mm (72 mm printable, about 48 characters a line)
 * and, issue 40, 58 mm (48 mm printable, about 32): page width, margins, type size and QR sizes.
 */
interface Roll {
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

function rollOf(doc: PrintDocument): Roll | null {
  const printing = doc.settings.printing;
  return printing === "thermal80" || printing === "thermal58" ? ROLLS[printing] : null;
}

/** A thermal roll's copy: everything in one column, as long as it needs. */
function describeThermalCopy(doc: PrintDocument, assets: Assets, roll: Roll): Content[] {
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

export function buildPrintDefinition(
  doc: PrintDocument,
  options: { compress?: boolean } = {},
  assets: Assets = { qr: null },
): DocumentDefinition {
  const copies = doc.copyCaptions.length === 0 ? [null] : doc.copyCaptions;
  const thermal = rollOf(doc);
  const format = doc.settings.printing === "A5" ? "A5" : "A4";
  const sizes = SIZES[format];
  const content: Content[] = [];
  copies.forEach((caption, index) => {
    const body = thermal
      ? describeThermalCopy(doc, assets, thermal)
      : describeCopy(doc, format, assets);
    const head: Content[] =
      caption && thermal ? [{ text: caption, alignment: "center", bold: true, fontSize: 7 }] : [];
    content.push({
      stack: [...head, ...body],
      ...(index > 0 ? { pageBreak: "before" as const } : {}),
    });
  });
  const info = {
    title: `${doc.heading} ${doc.number}`,
    // PDF metadata is Unicode text (pdfkit writes it as UTF-16): the name as it is.
    author: doc.supplier.name,
    subject: doc.heading,
  };
  if (thermal) {
    return {
      info,
      compress: options.compress ?? true,
      // 80 mm roll 227 pt wide (72 mm printable), 58 mm 164 pt (48 mm); as long as its content.
      pageSize: { width: thermal.pageWidth, height: "auto" },
      pageMargins: [thermal.margin, 10, thermal.margin, 10],
      defaultStyle: { font: FONT, fontSize: thermal.fontSize, lineHeight: 1.1 },
      content,
    };
  }
  return {
    info,
    compress: options.compress ?? true,
    pageSize: format,
    pageMargins: [sizes.margin, sizes.margin + 14, sizes.margin, sizes.margin + 10],
    defaultStyle: { font: FONT, fontSize: sizes.base, lineHeight: 1.15 },
    // Every copy lays out alike, so each takes the same number of pages: a page's copy, and its
    // page within that copy, follow from its number (rule 48 captions on every page).
    header: (currentPage: number, pageCount: number) => {
      const perCopy = Math.max(1, Math.round(pageCount / copies.length));
      const caption = copies[Math.min(copies.length - 1, Math.floor((currentPage - 1) / perCopy))];
      return caption
        ? {
            text: caption,
            alignment: "right",
            bold: true,
            fontSize: sizes.small,
            margin: [sizes.margin, sizes.margin - 6, sizes.margin, 0],
          }
        : { text: "" };
    },
    footer: (currentPage: number, pageCount: number) => {
      const perCopy = Math.max(1, Math.round(pageCount / copies.length));
      const page = ((currentPage - 1) % perCopy) + 1;
      return {
        margin: [sizes.margin, 4, sizes.margin, 0],
        fontSize: sizes.small,
        columns: [
          { text: `${doc.heading} ${doc.number}`, width: "*" },
          { text: `Page ${page} of ${perCopy}`, width: "auto", alignment: "right" },
        ],
      };
    },
    content,
  };
}

export async function renderPrintPdf(
  doc: PrintDocument,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  await prepareScripts(doc);
  const qr = doc.upiLink
    ? await QRCode.toString(doc.upiLink, { type: "svg", errorCorrectionLevel: "M", margin: 1 })
    : null;
  const eInvoiceQr = doc.eInvoice
    ? await QRCode.toString(doc.eInvoice.signedQrCode, {
        type: "svg",
        errorCorrectionLevel: "L",
        margin: 1,
      })
    : null;
  return pdfMake.createPdf(buildPrintDefinition(doc, options, { qr, eInvoiceQr })).getBuffer();
}

export async function renderStatementPdf(statement: StatementDocument): Promise<Buffer> {
  await prepareScripts(statement);
  return pdfMake
    .createPdf({
      info: {
        title: `${statement.title} - ${statement.account.name}`,
        author: statement.organisation.name,
      },
      compress: true,
      pageSize: "A4",
      pageMargins: [28, 28, 28, 38],
      defaultStyle: { font: FONT, fontSize: 8.5, lineHeight: 1.15 },
      content: describeStatement(statement, t),
      footer: (currentPage: number, pageCount: number) => ({
        margin: [28, 8, 28, 0],
        fontSize: 7,
        columns: [
          { text: joinText(t(statement.account.name), ` - ${statement.period}`), width: "*" },
          { text: `Page ${currentPage} of ${pageCount}`, width: "auto", alignment: "right" },
        ],
      }),
    })
    .getBuffer();
}

/** A deductee's TDS certificate (issue 39), in the same fonts and scripts as every document. */
export async function renderTdsCertificatePdf(doc: TdsCertificateDocument): Promise<Buffer> {
  await prepareScripts(doc);
  return pdfMake
    .createPdf({
      info: { title: `${doc.title} - ${doc.deductee.name}`, author: doc.deductor.name },
      compress: true,
      pageSize: "A4",
      pageMargins: [28, 28, 28, 38],
      defaultStyle: { font: FONT, fontSize: 8.5, lineHeight: 1.15 },
      content: describeTdsCertificate(doc, t),
    })
    .getBuffer();
}
