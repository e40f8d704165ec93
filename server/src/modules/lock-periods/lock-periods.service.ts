import {
  formatMonthLabel,
  getVoucherDefinition,
  isVoucherType,
  type VoucherType,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { isMonthLocked } from "./lock-periods.repository.ts";

/** 'YYYY-MM' of a month (1–12) of a financial year: April–December in the start year. */
export function monthOfFinancialYear(year: string, month: number): string {
  const startYear = Number(year.slice(0, 4));
  const calendarYear = month >= 4 ? startYear : startYear + 1;
  return `${calendarYear}-${String(month).padStart(2, "0")}`;
}

export function describeLockedPeriod(type: VoucherType | "all", month: string): string {
  const label = formatMonthLabel(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  const what =
    type === "all" ? "All entries" : `${getVoucherDefinition(type).titles.singular} entries`;
  return `${what} dated in ${label} are locked. Unlock the period in Settings → Lock Period to change them.`;
}

/** DESIGN.md §4 "Locks": refuses any add, edit or delete of a voucher dated in a locked month. */
export async function assertPeriodUnlocked(
  db: Kysely<Database>,
  organisationId: string,
  type: VoucherType,
  date: string,
): Promise<void> {
  const month = date.slice(0, 7);
  if (await isMonthLocked(db, organisationId, month, type)) {
    throw new AppError(423, describeLockedPeriod(type, month));
  }
}

export function isLockableType(value: string): value is VoucherType | "all" {
  return value === "all" || isVoucherType(value);
}
