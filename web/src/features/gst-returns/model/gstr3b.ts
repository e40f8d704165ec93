import type { Gstr3bTable } from "@bahi/domain";
import { formatRupees } from "../../reports/report-format.ts";
import type { Gstr3bAmounts, Gstr3bDetailRow, Gstr3bDetails, ItcBasis } from "../gstr3b.api.ts";
import type { ReturnPeriodQuery } from "../returns.api.ts";

// GSTR-3B (returns/gstr3B): the portal's layout and the pure rules of the screen.

export const GSTR3B_PAGE_SIZE = 50;

export const GSTR3B_PERIOD_DESCRIPTION =
  "A month (Sep 2024) or, for quarterly filers, a quarter (Jul 2024 to Sep 2024)";

export type Head = "taxableValue" | "igst" | "cgst" | "sgst" | "cess";
export const HEAD_LABELS: Record<Head, string> = {
  taxableValue: "Total taxable value",
  igst: "Integrated tax",
  cgst: "Central tax",
  sgst: "State/UT tax",
  cess: "Cess",
};
export const ALL_HEADS: Head[] = ["taxableValue", "igst", "cgst", "sgst", "cess"];
export const ITC_HEADS: Head[] = ["igst", "cgst", "sgst", "cess"];

/** The portal's tables (GSTR-3B form): which rows, and which columns each shows. */
export const TABLE_31: { table: Gstr3bTable; heads: Head[] }[] = [
  { table: "3.1a", heads: ALL_HEADS },
  { table: "3.1b", heads: ["taxableValue", "igst", "cess"] },
  { table: "3.1c", heads: ["taxableValue"] },
  { table: "3.1d", heads: ALL_HEADS },
  { table: "3.1e", heads: ["taxableValue"] },
];
/** 3.1.1 (supplies notified under section 9(5)): (i) with tax, (ii) taxable value only. */
export const TABLE_311: { table: Gstr3bTable; heads: Head[] }[] = [
  { table: "3.1.1i", heads: ALL_HEADS },
  { table: "3.1.1ii", heads: ["taxableValue"] },
];
export const TABLE_4: { group: string; rows: (Gstr3bTable | "4C")[] }[] = [
  {
    group: "(A) ITC available (whether in full or part)",
    rows: ["4A1", "4A2", "4A3", "4A4", "4A5"],
  },
  { group: "(B) ITC reversed", rows: ["4B1", "4B2"] },
  { group: "", rows: ["4C"] },
  { group: "(D) Other details", rows: ["4D1", "4D2"] },
];
export const TABLE_32: { table: Gstr3bTable; key: "unreg" | "comp" | "uin" }[] = [
  { table: "3.2a", key: "unreg" },
  { table: "3.2b", key: "comp" },
  { table: "3.2c", key: "uin" },
];

/** What the address chooses: the figure whose vouchers show, their page, the ITC basis. */
export interface Gstr3bView {
  table: Gstr3bTable | null;
  page: number;
  itcBasis: ItcBasis;
}

export function readGstr3bView(params: URLSearchParams): Gstr3bView {
  return {
    table: params.get("table") as Gstr3bTable | null,
    page: Number(params.get("page") ?? "1") || 1,
    itcBasis: params.get("itc") === "2b" ? "2b" : "books",
  };
}

/**
 * The address after a change of view: the period always; the figure unless cleared (null); a
 * page after the first; the 2B basis when chosen. A change that names no page goes to page 1.
 */
export function gstr3bParams(
  periodText: string,
  current: Gstr3bView,
  next: { table?: Gstr3bTable | null; page?: number; itc?: ItcBasis },
): Record<string, string> {
  const values: Record<string, string> = { period: periodText };
  const table = next.table === undefined ? current.table : next.table;
  if (table) values.table = table;
  if ((next.page ?? 1) > 1) values.page = String(next.page);
  if ((next.itc ?? current.itcBasis) === "2b") values.itc = "2b";
  return values;
}

export type Gstr3bQuery = ReturnPeriodQuery & { itcBasis: ItcBasis };

export function summaryQuery(query: ReturnPeriodQuery | null, itcBasis: ItcBasis) {
  return query ? { ...query, itcBasis } : null;
}

export function detailsQuery(query: Gstr3bQuery | null, view: Gstr3bView) {
  return query && view.table
    ? {
        ...query,
        table: view.table,
        skip: (view.page - 1) * GSTR3B_PAGE_SIZE,
        limit: GSTR3B_PAGE_SIZE,
      }
    : null;
}

/** A figure of a row: blank (greyed) where the portal shows none, else the amount. */
export function figureCell(
  amounts: Partial<Gstr3bAmounts> | undefined,
  head: Head,
  heads: readonly Head[],
): string | null {
  return heads.includes(head) ? formatRupees(amounts?.[head] ?? 0) : null;
}

/** 4C (net ITC) is worked out from the others: it has no vouchers of its own. */
export const opensVouchers = (table: Gstr3bTable | "4C"): table is Gstr3bTable => table !== "4C";

/** The note when ITC is taken as per 2B: how much more the books claim. */
export function itcDifferenceText(difference: Gstr3bAmounts): string {
  return `4A(5) is the credit of bills matched with GSTR-2B. The books claim more by IGST ${formatRupees(difference.igst)}, CGST ${formatRupees(difference.cgst)}, SGST ${formatRupees(difference.sgst)}, Cess ${formatRupees(difference.cess)}.`;
}

export const voucherNumberText = (row: Gstr3bDetailRow) =>
  `${row.number}${row.amendment ? " (amendment: amended − reported)" : ""}`;

export const voucherRowKey = (row: Gstr3bDetailRow) =>
  `${row.entryId}|${row.key ?? ""}|${row.amendment}`;

/** The line under a figure's vouchers. */
export function figureTotalsText(details: Gstr3bDetails): string {
  const { count, totals } = details;
  return `${count} voucher${count === 1 ? "" : "s"} · Taxable ${formatRupees(totals.taxableValue)} · IGST ${formatRupees(totals.igst)} · CGST ${formatRupees(totals.cgst)} · SGST ${formatRupees(totals.sgst)}`;
}
