import { VOUCHER_TYPES } from "@bahi/domain";
import type { LockPeriods } from "./lock-period.api.ts";

/** The financial year's months in order: April (4) to March (3), with their 'YYYY-MM'. */
export function monthsOfYear(year: string): { month: number; monthKey: string; label: string }[] {
  const start = Number(year.slice(0, 4));
  const names = [
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "May",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Oct",
    "Nov",
    "Dec",
  ];
  return [4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3].map((month) => {
    const calendarYear = month >= 4 ? start : start + 1;
    return {
      month,
      monthKey: `${calendarYear}-${String(month).padStart(2, "0")}`,
      label: `${names[month - 1]} ${calendarYear}`,
    };
  });
}

/** Whether a (month, type) is locked, by its own lock or the whole month's. */
export function isLocked(data: LockPeriods, monthKey: string, type: string): boolean {
  return data.lockPeriods.some(
    (row) =>
      row.monthKey === monthKey &&
      row.locked &&
      (row.transactionType === type || row.transactionType === "all"),
  );
}

export function isWholeMonthLocked(data: LockPeriods, monthKey: string): boolean {
  return data.lockPeriods.some(
    (row) => row.monthKey === monthKey && row.locked && row.transactionType === "all",
  );
}

/** The filings covering a month ('GSTR-1 092024'): unlocking it then asks for a reason. */
export function filingsOfMonth(data: LockPeriods, monthKey: string): string[] {
  return data.filings
    .filter(
      (filing) =>
        filing.startDate.slice(0, 7) <= monthKey && monthKey <= filing.endDate.slice(0, 7),
    )
    .map((filing) => `${RETURN_NAMES[filing.returnKind]} ${filing.fp}`);
}

const RETURN_NAMES = { gstr1: "GSTR-1", iff: "IFF", gstr3b: "GSTR-3B" } as const;

export const LOCKABLE_TYPES = VOUCHER_TYPES;
