import "../../pdf-fonts/font-cache.ts";
import type { Content, TableCell } from "pdfmake";
import pdfMake from "pdfmake";
import { type PrintText, prepareScripts, toPrintableText } from "../../pdf-fonts/script-text.ts";
import {
  describeCell,
  describeGeneratedAt,
  type ExportColumn,
  type ExportSection,
  type ExportTable,
  findTotalLabelColumn,
  TOTAL_ROW_LABEL,
} from "./export-table.ts";

// The 14 standard PDF fonts live in every PDF reader, so no font file ships or loads for Latin
// text (decision 007). Text in Indian scripts prints in the Noto Sans font of its script, read
// only when a download has such text, as in printed documents (script-text.ts, decision 052).
const STANDARD_FONT = "Helvetica";
const STANDARD_FONT_FILES = {
  normal: "Helvetica",
  bold: "Helvetica-Bold",
  italics: "Helvetica-Oblique",
  bolditalics: "Helvetica-BoldOblique",
};

// pdfmake is one configured instance per process. Our documents fetch nothing: no URL at all, and
// of local "files" only the standard font names, which pdfkit resolves from its own metrics (the
// Noto fonts are in pdfmake's in-memory files, which the policy does not govern).
pdfMake.addFonts({ [STANDARD_FONT]: STANDARD_FONT_FILES });
pdfMake.setUrlAccessPolicy(() => false);
pdfMake.setLocalAccessPolicy((path) => Object.values(STANDARD_FONT_FILES).includes(path));

type TDocumentDefinitions = Parameters<typeof pdfMake.createPdf>[0];

/** More columns than this turn the page to landscape. */
const PORTRAIT_MAX_COLUMNS = 6;

// Code points above U+00FF that the standard fonts' WinAnsi encoding has (pdfkit's WIN_ANSI_MAP).
const WIN_ANSI_EXTRAS = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014,
  0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039,
  0x203a, 0x20ac, 0x2122,
]);

/**
 * Text the standard fonts can show. pdfkit writes any other character as its raw code point in
 * hex, which garbles the line or breaks the content stream (odd-length hex), so such characters
 * become '?' and the rupee sign 'Rs.'. Indian scripts are printed by toTableText instead.
 */
export function toWinAnsiText(text: string): string {
  let result = "";
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (character === "\n" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) {
      result += character;
    } else if (WIN_ANSI_EXTRAS.has(code)) {
      result += character;
    } else if (character === "₹") {
      result += "Rs.";
    } else {
      result += code < 0x20 ? " " : "?";
    }
  }
  return result;
}

/** A cell's text: Indian scripts in their Noto fonts, the rest in the standard font's encoding. */
export function toTableText(text: string): PrintText {
  const printable = toPrintableText(text);
  if (typeof printable === "string") return toWinAnsiText(printable);
  return printable.map((run) => (typeof run === "string" ? toWinAnsiText(run) : run));
}

function isNumeric(column: ExportColumn): boolean {
  return column.kind === "amount" || column.kind === "number";
}

/**
 * Widths as the list screen draws them (shares of its 24-column grid) when every column has one;
 * otherwise numbers and dates fit their content and text columns share the rest.
 */
function describeWidths(columns: readonly ExportColumn[]): string[] {
  const weights = columns.map((column) => column.width ?? 0);
  const totalWeight = weights.reduce((total, weight) => total + weight, 0);
  if (weights.every((weight) => weight > 0)) {
    return weights.map((weight) => `${((weight * 100) / totalWeight).toFixed(3)}%`);
  }
  return columns.map((column) => (column.kind === "text" ? "*" : "auto"));
}

function buildHeaderRow(columns: readonly ExportColumn[]): TableCell[] {
  return columns.map((column) => ({
    text: toTableText(column.label),
    style: "tableHeader",
    alignment: isNumeric(column) ? "right" : "left",
  }));
}

function buildBodyRow(table: ExportSection, row: ExportTable["rows"][number]): TableCell[] {
  return table.columns.map((column) => ({
    text: toTableText(describeCell(column, row[column.key] ?? null)),
    alignment: isNumeric(column) ? "right" : "left",
    noWrap: column.kind === "date" || column.kind === "amount",
  }));
}

function buildTotalsRow(
  table: ExportSection,
  totals: Readonly<Record<string, number>>,
): TableCell[] {
  const labelColumn = findTotalLabelColumn(table);
  return table.columns.map((column) => {
    const paise = totals[column.key];
    const text =
      paise !== undefined
        ? describeCell(column, paise)
        : column === labelColumn
          ? TOTAL_ROW_LABEL
          : "";
    return { text, bold: true, alignment: isNumeric(column) ? "right" : "left", noWrap: true };
  });
}

function buildEmptyRow(columns: readonly ExportColumn[]): TableCell[] {
  return columns.map((_, index) =>
    index === 0
      ? { text: "No entries", colSpan: columns.length, italics: true, alignment: "center" }
      : "",
  );
}

function buildTableContent(table: ExportSection): Content {
  const body: TableCell[][] = [buildHeaderRow(table.columns)];
  for (const row of table.rows) body.push(buildBodyRow(table, row));
  if (table.rows.length === 0) body.push(buildEmptyRow(table.columns));
  if (table.totals !== undefined) body.push(buildTotalsRow(table, table.totals));
  return {
    // headerRows repeats the header row at the top of every page the table runs onto.
    table: { headerRows: 1, dontBreakRows: true, widths: describeWidths(table.columns), body },
    layout: "lightHorizontalLines",
    margin: [0, 10, 0, 0],
  };
}

export function buildTableDocumentDefinition(
  table: ExportTable,
  options: { compress?: boolean } = {},
): TDocumentDefinitions {
  const heading: Content[] = [
    { text: toTableText(table.organisationName), style: "organisation" },
    { text: toTableText(table.title), style: "title" },
  ];
  if (table.subtitle !== undefined) {
    heading.push({ text: toTableText(table.subtitle), style: "subtitle" });
  }
  if (table.generatedAt !== undefined) {
    heading.push({ text: describeGeneratedAt(table.generatedAt), style: "subtitle" });
  }

  const footerLeft = toTableText(`${table.organisationName} - ${table.title}`);
  return {
    // pdfkit writes document information in UTF-16 when it is not ASCII.
    info: { title: table.title, author: table.organisationName },
    compress: options.compress ?? true,
    pageSize: "A4",
    pageOrientation: table.columns.length > PORTRAIT_MAX_COLUMNS ? "landscape" : "portrait",
    pageMargins: [36, 36, 36, 44],
    defaultStyle: { font: STANDARD_FONT, fontSize: 9 },
    styles: {
      organisation: { fontSize: 14, bold: true },
      title: { fontSize: 12, bold: true, margin: [0, 2, 0, 0] },
      subtitle: { fontSize: 9, color: "#444444", margin: [0, 2, 0, 0] },
      tableHeader: { bold: true, fillColor: "#eeeeee" },
    },
    content: [
      ...heading,
      buildTableContent(table),
      ...(table.sections ?? []).flatMap((section): Content[] => [
        { text: toTableText(section.title), style: "title", margin: [0, 14, 0, 0] },
        buildTableContent(section),
      ]),
    ],
    footer: (currentPage, pageCount) => ({
      margin: [36, 12, 36, 0],
      fontSize: 8,
      columns: [
        { text: footerLeft, width: "*" },
        { text: `Page ${currentPage} of ${pageCount}`, width: "auto", alignment: "right" },
      ],
    }),
  };
}

export async function renderTablePdf(
  table: ExportTable,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  await prepareScripts(table);
  return pdfMake.createPdf(buildTableDocumentDefinition(table, options)).getBuffer();
}
