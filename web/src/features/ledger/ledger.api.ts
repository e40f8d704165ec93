import type { ItemLedgerAnswer, LedgerAnswer, ReportCall } from "../reports/reports.api.ts";

export type { ItemLedgerAnswer, LedgerAnswer };

/** GET /ledger/getLedger: one page of an account's ledger for a range (docs/api/vouchers.md). */
export function ledgerCall(input: {
  organisationId: string;
  accountId: string;
  startDate: string;
  endDate: string;
  skip?: number;
  limit?: number;
}): ReportCall {
  const { skip, limit, ...range } = input;
  return {
    path: "/ledger/getLedger",
    query: { ...range, ...(skip !== undefined ? { skip } : {}), ...(limit ? { limit } : {}) },
  };
}

/** GET /item/getItemLedger (docs/api/reports.md "Item ledger"). */
export function itemLedgerCall(input: {
  organisationId: string;
  itemId: string;
  year: string;
  startDate: string;
  endDate: string;
}): ReportCall {
  return { path: "/item/getItemLedger", query: { ...input } };
}
