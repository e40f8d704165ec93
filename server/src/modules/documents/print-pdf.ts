import { formatRupees } from "@bahi/domain/money";
import type { Content, TableCell } from "pdfmake";
import QRCode from "qrcode";
import { joinText, type PrintText, prepareScripts } from "../../pdf-fonts/script-text.ts";
import { type DocumentDefinition, FONT, pdfMake, t } from "./pdf-make.ts";
import type { PrintDocument, PrintLine, PrintParty } from "./print-model.ts";
import {
  type Assets,
  amount,
  describeEWayBillRows,
  describeTotals,
  describeVoucherBody,
  rateText,
  toDataUrl,
} from "./print-pdf-parts.ts";
import { describeThermalCopy, rollOf } from "./print-pdf-thermal.ts";

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
