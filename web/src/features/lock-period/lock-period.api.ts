import { apiRequest } from "../../api/http.ts";

// api.md 7 "Settings": the lock-period calls; docs/api/gst-returns.md for the filings and reason.

export interface LockPeriodRow {
  year: string;
  month: number;
  monthKey: string;
  transactionType: string;
  locked: boolean;
}

export interface ReturnFiling {
  returnKind: "gstr1" | "iff" | "gstr3b";
  startDate: string;
  endDate: string;
  fp: string;
  arn: string | null;
  filedAt: string;
}

export interface LockPeriods {
  lockPeriods: LockPeriodRow[];
  filings: ReturnFiling[];
}

export function getLockPeriods(organisationId: string, year: string, signal?: AbortSignal) {
  return apiRequest<LockPeriods>("GET", "/settings/getLockPeriod", {
    query: { organisationId, year },
    ...(signal ? { signal } : {}),
  });
}

export function setLockPeriod(body: {
  organisationId: string;
  year: string;
  month: number;
  transactionType: string;
  locked: boolean;
  reason?: string;
}) {
  return apiRequest<{ message: string }>("POST", "/settings/lockPeriod", { body });
}

export function setWholeMonthLock(body: {
  organisationId: string;
  year: string;
  month: number;
  locked: boolean;
  reason?: string;
}) {
  return apiRequest<{ message: string }>("POST", "/settings/lockPeriodWholeMonth", { body });
}
