import { apiRequest, type Query } from "../../api/http.ts";
import type { Balance, ColumnKind } from "./report-format.ts";

// The answers of docs/api/reports.md and the ledger calls of docs/api/vouchers.md. Amounts are
// rupees (at most 2 decimals), dates 'YYYY-MM-DD'.

export type StatementType = "detailed" | "summary";

export interface StatementAccount {
  accountId: string;
  name: string;
  amount: number;
  /** Profit & Loss A/c only: earlier years' result and this period's. */
  openingBalance?: number;
  currentPeriod?: number;
}

export interface StatementGroup {
  /** null for lines that are no account group (Difference in opening balances, Opening Stock). */
  groupId: number | null;
  name: string;
  amount: number;
  accounts: StatementAccount[];
}

export interface StockValuation {
  method: "opening" | "manual" | "weightedAverage" | "none";
  date: string;
  amount: number;
  accounts: { accountId: string; name: string; amount: number }[];
  items?: { itemId: string; name: string; quantity: number; rate: number; value: number }[];
}

export interface BalanceSheetAnswer {
  organisationName: string;
  year: string;
  date: string;
  type: StatementType;
  liabilities: StatementGroup[];
  assets: StatementGroup[];
  totalLiabilities: number;
  totalAssets: number;
  profitOrLoss: { kind: "profit" | "loss"; amount: number; signed: number };
  differenceInOpeningBalances: { amount: number; side: "assets" | "liabilities" } | null;
  closingStock: StockValuation | null;
}

export interface StatementSide {
  debit: StatementGroup[];
  credit: StatementGroup[];
  total: number;
}

export interface ProfitLossAnswer {
  organisationName: string;
  year: string;
  type: StatementType;
  startDate: string;
  endDate: string;
  trading: StatementSide & { grossProfit: number };
  profitAndLoss: StatementSide & { netProfit: number };
  grossProfit: number;
  netProfit: number;
  openingStock: StockValuation | null;
  closingStock: StockValuation | null;
}

export interface TrialBalanceRow {
  accountId: string;
  name: string;
  group: string;
  opening: Balance;
  debit: number;
  credit: number;
  closing: Balance;
  closingDebit: number;
  closingCredit: number;
}

export interface TrialBalanceAnswer {
  year: string;
  date: string;
  accounts: TrialBalanceRow[];
  differenceInOpeningBalances: Balance;
  totalDebit: number;
  totalCredit: number;
}

export interface DayBookEntry {
  voucherId: string;
  voucherType: string;
  title: string;
  date: string;
  number: string | null;
  partyName: string | null;
  narration: string | null;
  amount: number;
  postings: { accountId: string; name: string; debit: number; credit: number }[];
}

export interface DayBookAnswer {
  startDate: string;
  endDate: string;
  count: number;
  totalDebit: number;
  totalCredit: number;
  entries: DayBookEntry[];
}

export interface ReportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

export type ReportRow = Record<string, unknown>;

/** Every sales and purchase report and the cash payments report answer this shape. */
export interface TabularReportAnswer {
  report: string;
  title: string;
  period: string;
  startDate?: string;
  endDate?: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  totals: Record<string, number>;
  count: number;
}

export interface LedgerEntry {
  voucherId: string;
  voucherType: string;
  voucherTitle: string;
  date: string;
  number: string | null;
  narration: string | null;
  counterAccount: string;
  debit: number;
  credit: number;
  balance: Balance;
}

export interface LedgerAnswer {
  account: { _id: string; name: string; nature: string };
  startDate: string;
  endDate: string;
  openingBalance: Balance;
  totalDebit: number;
  totalCredit: number;
  closingBalance: Balance;
  count: number;
  entries: LedgerEntry[];
}

export interface ItemLedgerEntry {
  voucherId: string;
  voucherType: string;
  title: string;
  date: string;
  number: string | null;
  partyName: string | null;
  inQuantity: number;
  outQuantity: number;
  inValue: number;
  outValue: number;
  balanceQuantity: number;
}

export interface ItemLedgerAnswer {
  item: { _id: string; name: string; type: string; uom: string | null };
  startDate: string;
  endDate: string;
  opening: { quantity: number; value: number };
  entries: ItemLedgerEntry[];
  totalIn: { quantity: number; value: number };
  totalOut: { quantity: number; value: number };
  closing: { quantity: number; value: number; rate: number };
}

/** A report call: its path under /api and its query without download and format. */
export interface ReportCall {
  path: string;
  query: Query;
}

export function getReport<T>(call: ReportCall, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>("GET", call.path, { query: call.query, ...(signal ? { signal } : {}) });
}

/** The query key of a report call: everything that changes its answer. */
export function reportKey(call: ReportCall) {
  return ["reports", call.path, call.query] as const;
}
