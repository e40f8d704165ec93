import type { GstReturnKind, ReturnSection } from "@bahi/domain";
import { formatDate, formatRupees } from "../../reports/report-format.ts";
import type { ReturnCounts, ReturnPeriodQuery, ReturnTransactions } from "../returns.api.ts";

// GSTR-1 and IFF (returns/gstr1, returns/iff): the pure rules of the screen.

export const RETURN_PAGE_SIZE = 50;

export const RETURN_TITLES: Record<GstReturnKind, string> = { gstr1: "GSTR-1", iff: "IFF" };

/** The Period box's hint. */
export const GSTR1_PERIOD_DESCRIPTION =
  "A month (Sep 2024) or, for quarterly filers' GSTR-1, a quarter (Jul 2024 to Sep 2024)";

export const SHORT_TITLES: Record<ReturnSection, string> = {
  b2b: "B2B",
  b2cl: "B2CL",
  b2cs: "B2CS",
  exp: "Exports",
  cdnr: "CDNR",
  cdnur: "CDNUR",
  nil: "Nil",
  hsn: "HSN",
  doc_issue: "Documents",
  b2ba: "B2BA",
  b2cla: "B2CLA",
  b2csa: "B2CSA",
  expa: "Exports A",
  cdnra: "CDNRA",
  cdnura: "CDNURA",
};

export type Column = { key: string; label: string; kind?: "amount" | "date" | "number" | "label" };

const DOCUMENT_COLUMNS: Column[] = [
  { key: "date", label: "Date", kind: "date" },
  { key: "number", label: "Number" },
  { key: "partyName", label: "Party" },
  { key: "gstin", label: "GSTIN" },
  { key: "pos", label: "POS" },
  { key: "invoiceType", label: "Type" },
  { key: "value", label: "Value", kind: "amount" },
  { key: "taxableValue", label: "Taxable", kind: "amount" },
  { key: "igst", label: "IGST", kind: "amount" },
  { key: "cgst", label: "CGST", kind: "amount" },
  { key: "sgst", label: "SGST", kind: "amount" },
  { key: "cess", label: "Cess", kind: "amount" },
];

/** An amendment row shows the number and date it was filed under first. */
const AMENDMENT_COLUMNS: Column[] = [
  { key: "originalNumber", label: "Original number" },
  { key: "originalDate", label: "Original date", kind: "date" },
  ...DOCUMENT_COLUMNS,
];

export const COLUMNS: Record<ReturnSection, Column[]> = {
  b2ba: AMENDMENT_COLUMNS,
  b2cla: AMENDMENT_COLUMNS,
  b2csa: AMENDMENT_COLUMNS,
  expa: AMENDMENT_COLUMNS,
  cdnra: AMENDMENT_COLUMNS,
  cdnura: AMENDMENT_COLUMNS,
  b2b: DOCUMENT_COLUMNS,
  b2cl: DOCUMENT_COLUMNS,
  b2cs: DOCUMENT_COLUMNS,
  exp: DOCUMENT_COLUMNS,
  cdnr: DOCUMENT_COLUMNS,
  cdnur: DOCUMENT_COLUMNS,
  nil: [
    { key: "supplyType", label: "Supply type", kind: "label" },
    { key: "nilRated", label: "Nil rated", kind: "amount" },
    { key: "exempted", label: "Exempted", kind: "amount" },
    { key: "nonGst", label: "Non-GST", kind: "amount" },
  ],
  hsn: [
    { key: "table", label: "Table", kind: "label" },
    { key: "hsn", label: "HSN/SAC" },
    { key: "description", label: "Description" },
    { key: "uqc", label: "UQC" },
    { key: "quantity", label: "Quantity", kind: "number" },
    { key: "rate", label: "Rate %", kind: "number" },
    { key: "taxableValue", label: "Taxable", kind: "amount" },
    { key: "igst", label: "IGST", kind: "amount" },
    { key: "cgst", label: "CGST", kind: "amount" },
    { key: "sgst", label: "SGST", kind: "amount" },
    { key: "cess", label: "Cess", kind: "amount" },
  ],
  doc_issue: [
    { key: "natureTitle", label: "Nature of document" },
    { key: "from", label: "From" },
    { key: "to", label: "To" },
    { key: "total", label: "Total", kind: "number" },
    { key: "cancelled", label: "Cancelled", kind: "number" },
    { key: "netIssued", label: "Net issued", kind: "number" },
  ],
};

/** The section shown (?section=), B2B when absent. */
export function sectionOf(params: URLSearchParams): ReturnSection {
  return (params.get("section") ?? "b2b") as ReturnSection;
}

/** The address of a section's page: the period, the section and a page after the first. */
export function sectionParams(
  periodText: string,
  section: string,
  page?: number,
): Record<string, string> {
  return page === undefined
    ? { period: periodText, section }
    : { period: periodText, section, page: String(page) };
}

export function rowsQuery(
  query: ReturnPeriodQuery | null,
  section: ReturnSection,
  page: number,
): (ReturnPeriodQuery & { type: ReturnSection; skip: number; limit: number }) | null {
  return query
    ? { ...query, type: section, skip: (page - 1) * RETURN_PAGE_SIZE, limit: RETURN_PAGE_SIZE }
    : null;
}

/**
 * The portal's codes in words (issue 40: `hsn_b2b` and `INTRB2B` showed raw). The file keeps the
 * codes; the screen names them.
 */
export const CODE_LABELS: Readonly<Record<string, string>> = {
  data: "All supplies",
  hsn_b2b: "B2B (to registered persons)",
  hsn_b2c: "B2C (to unregistered persons)",
  INTRB2B: "Inter-state to registered persons",
  INTRAB2B: "Intra-state to registered persons",
  INTRB2C: "Inter-state to unregistered persons",
  INTRAB2C: "Intra-state to unregistered persons",
};

/** A cell as the table shows it: rupees, dd-mm-yyyy dates, codes in words, blank for nothing. */
export function showCell(column: Column, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (column.kind === "label" && typeof value === "string") return CODE_LABELS[value] ?? value;
  if (column.kind === "amount" && typeof value === "number") return formatRupees(value);
  if (column.kind === "date" && typeof value === "string") return formatDate(value);
  return String(value);
}

/** A row's identity: its voucher, else the columns that make it one row (HSN, nil, Table 13). */
export function rowKey(row: Record<string, unknown>): string {
  if (typeof row.entryId === "string") return row.entryId;
  return [row.table, row.hsn, row.uqc, row.rate, row.supplyType, row.nature, row.series]
    .map((part) => String(part ?? ""))
    .join("|");
}

/** A row that is one voucher opens it; summary rows (HSN, nil, documents) do not. */
export const opensVoucher = (row: Record<string, unknown>) => typeof row.entryId === "string";

/** The files (JSON, Excel, email) wait for the return and are refused while it has errors. */
export function filesBlocked(counts: ReturnCounts | undefined): boolean {
  return !counts || counts.errorsCount > 0;
}

export const sectionTabLabel = (row: { type: ReturnSection; count: number }) =>
  `${SHORT_TITLES[row.type]} (${row.count})`;

/** The line under a section's table: its rows and the tax in them. */
export function sectionTotalsText(rows: ReturnTransactions): string {
  const { totals } = rows;
  return `${rows.title}: ${rows.count} rows · Taxable ${formatRupees(totals.taxableValue)} · IGST ${formatRupees(totals.igst)} · CGST ${formatRupees(totals.cgst)} · SGST ${formatRupees(totals.sgst)}`;
}

/** The file's name and the message once saved. */
export function returnFile(kind: GstReturnKind, format: "json" | "excel") {
  const title = RETURN_TITLES[kind];
  return {
    fileName: `${title}.${format === "json" ? "json" : "xlsx"}`,
    message: `${title} downloaded.`,
  };
}
