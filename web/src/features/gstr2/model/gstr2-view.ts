import { MATCH_STATUSES, type MatchStatus } from "@bahi/domain";
import type { Gstr2PeriodQuery } from "../gstr2.api.ts";

// GSTR-2 (returns/gstr2): what the address chooses, and the queries it makes.

export const REGISTER_PAGE_SIZE = 50;
export const RECONCILIATION_PAGE_SIZE = 100;

export const GSTR2_PERIOD_DESCRIPTION = "A month (Sep 2024) or a quarter (Jul 2024 to Sep 2024)";

export type Gstr2Tab = "reconciliation" | "register";

export interface Gstr2View {
  tab: Gstr2Tab;
  /** The reconciliation's status filter, null for all. */
  status: MatchStatus | null;
  page: number;
}

/** The tab (reconciliation unless ?tab=register), the status filter (a known one) and page. */
export function readGstr2View(params: URLSearchParams): Gstr2View {
  const status = params.get("status") ?? "";
  return {
    tab: params.get("tab") === "register" ? "register" : "reconciliation",
    status: (MATCH_STATUSES as readonly string[]).includes(status) ? (status as MatchStatus) : null,
    page: Number(params.get("page") ?? "1") || 1,
  };
}

/** The address with `changes` made: a value sets its key, null removes it; the rest is kept. */
export function changeParams(
  params: URLSearchParams,
  changes: Record<string, string | null>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** Clicking a status in the ITC table filters by it; clicking the chosen one shows all. */
export const toggledStatus = (current: MatchStatus | null, clicked: MatchStatus) =>
  current === clicked ? null : clicked;

export function registerQuery(query: Gstr2PeriodQuery | null, page: number, search: string) {
  return query
    ? {
        ...query,
        skip: (page - 1) * REGISTER_PAGE_SIZE,
        limit: REGISTER_PAGE_SIZE,
        ...(search.trim() ? { search: search.trim() } : {}),
      }
    : null;
}

export function reconciliationQuery(
  query: Gstr2PeriodQuery | null,
  page: number,
  status: MatchStatus | null,
  supplier: string,
) {
  return query
    ? {
        ...query,
        skip: (page - 1) * RECONCILIATION_PAGE_SIZE,
        limit: RECONCILIATION_PAGE_SIZE,
        ...(status ? { status } : {}),
        ...(supplier.trim() ? { supplier: supplier.trim() } : {}),
      }
    : null;
}

export type Gstr2Excel = "gstr2transactions" | "reconciliation";

/** An Excel file: the register of the period, or the differences (with the supplier filter). */
export function excelRequest(call: Gstr2Excel, query: Gstr2PeriodQuery, supplier: string) {
  return {
    query: {
      ...query,
      ...(call === "reconciliation" && supplier.trim() ? { supplier: supplier.trim() } : {}),
    },
    fileName: call === "reconciliation" ? "gstr2b-differences.xlsx" : "gstr2.xlsx",
  };
}
