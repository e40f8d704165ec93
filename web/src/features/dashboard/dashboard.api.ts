import { apiRequest } from "../../api/http.ts";
import type { Balance } from "../reports/report-format.ts";

// docs/api/reports.md "Dashboard" and reports/lasttentransactions (docs/api/vouchers.md).

export interface BillSummary {
  lastDate: string | null;
  lastNumber: string | null;
  lastEntryId: string | null;
  count: number;
  /** The year's documents at their totals, GST included. */
  total: number;
  /** The Sales (Purchase) accounts over `period`, without GST: the P&L's figure (issue 40). */
  excludingGst: number;
}

export interface BillDatesAnswer {
  year: string;
  period: { startDate: string; endDate: string };
  sales: BillSummary;
  purchases: BillSummary;
}

export interface CashAndBankAnswer {
  date: string;
  accounts: {
    accountId: string;
    name: string;
    nature: string;
    balance: Balance;
    lastDate: string | null;
  }[];
}

export interface SalesDay {
  date: string;
  count: number;
  sales: number;
  returns: number;
  /** Debit notes to customers (decision 067). */
  debitNotes: number;
  /** At the documents' totals, GST included. */
  net: number;
  /** The Sales accounts' day: without GST, net of returns (issue 40). */
  excludingGst: number;
}

export interface LastThirtyDaysAnswer {
  startDate: string;
  endDate: string;
  total: number;
  totalExcludingGst: number;
  days: SalesDay[];
}

export interface DueSide {
  due: number;
  overdue: number;
  count: number;
  overdueCount: number;
}

export interface DuesAnswer {
  date: string;
  receivable: DueSide;
  payable: DueSide;
}

export interface RecentTransaction {
  _id: string;
  type: string;
  voucherType: string;
  number: string | null;
  partyName: string | null;
  amount: number;
  date: string;
  updatedAt: string;
  addOrEdit: "Add" | "Edit";
}

export const DASHBOARD_CALLS = {
  billDates: "/dashboard/salesAndPurchaseBillDates",
  cashAndBank: "/dashboard/cashAndBankLastDates",
  lastThirtyDays: "/dashboard/lastThirtyDaysSales",
  dues: "/dashboard/dueSalesAndPurchase",
  lastTen: "/reports/lasttentransactions",
} as const;

export type DashboardCall = keyof typeof DASHBOARD_CALLS;

export function dashboardKey(call: DashboardCall, organisationId: string, year: string) {
  return ["dashboard", call, organisationId, year] as const;
}

export function fetchDashboard<T>(
  call: DashboardCall,
  organisationId: string,
  year: string,
  signal?: AbortSignal,
): Promise<T> {
  return apiRequest<T>("GET", DASHBOARD_CALLS[call], {
    query: { organisationId, year },
    ...(signal ? { signal } : {}),
  });
}

export async function fetchLastTen(
  organisationId: string,
  year: string,
  signal?: AbortSignal,
): Promise<RecentTransaction[]> {
  const answer = await fetchDashboard<{ transactions: RecentTransaction[] }>(
    "lastTen",
    organisationId,
    year,
    signal,
  );
  return answer.transactions;
}
