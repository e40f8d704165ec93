import {
  formatMonthLabel,
  getVoucherDefinition,
  isVoucherType,
  type VoucherType,
  voucherTypesWhere,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { type TrailChange, writeTrail } from "../audit/trail.ts";
import {
  ALL_TRANSACTION_TYPES,
  findLockedMonths,
  upsertLockPeriod,
} from "./lock-periods.repository.ts";

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

export interface PeriodLocks {
  /** DESIGN.md §4 "Locks": refuses any add, edit or delete of a voucher dated in a locked month. */
  assertUnlocked(type: VoucherType, date: string): void;
}

/**
 * The organisation's locks for these voucher types, read once, so that a save checks its dates
 * without a round trip each and can read them alongside its other reads.
 */
export async function readPeriodLocks(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly VoucherType[],
): Promise<PeriodLocks> {
  const locked = new Set(
    (await findLockedMonths(db, organisationId, types)).map(
      (row) => `${row.transaction_type}|${row.month}`,
    ),
  );
  return {
    assertUnlocked(type, date) {
      const month = date.slice(0, 7);
      if (locked.has(`${type}|${month}`) || locked.has(`${ALL_TRANSACTION_TYPES}|${month}`))
        throw new AppError(423, describeLockedPeriod(type, month));
    },
  };
}

export function isLockableType(value: string): value is VoucherType | "all" {
  return value === "all" || isVoucherType(value);
}

/** The audit trail's entry of a lock or unlock (decision 310). */
export function lockTrailChange(
  userId: string,
  month: string,
  transactionType: string,
  wasLocked: boolean,
  locked: boolean,
  reason: string | undefined,
): TrailChange {
  return {
    userId,
    action: "edited",
    entity: "lockPeriod",
    entityId: `${month}:${transactionType}`,
    number: `${month} ${transactionType}`,
    before: { month, transactionType, locked: wasLocked },
    after: { month, transactionType, locked, ...(reason ? { reason } : {}) },
  };
}

/**
 * Locks these months for these types, in the caller's transaction (a filed GST return), with an
 * audit trail entry for each month and type that was not locked before (issue 39), `reason`
 * naming the return that locked it.
 */
export async function lockMonthsForTypes(
  db: Kysely<Database>,
  input: {
    organisationId: string;
    year: string;
    months: readonly string[];
    types: readonly VoucherType[];
    userId: string;
    reason: string;
  },
): Promise<void> {
  const now = nowIso();
  const lockedBefore = new Set(
    (await findLockedMonths(db, input.organisationId, input.types)).map(
      (row) => `${row.transaction_type}|${row.month}`,
    ),
  );
  const trail: TrailChange[] = [];
  for (const month of input.months) {
    for (const type of input.types) {
      await upsertLockPeriod(db, {
        organisation_id: input.organisationId,
        year: input.year,
        month,
        transaction_type: type,
        locked: 1,
        updated_at: now,
        updated_by: input.userId,
      });
      if (!lockedBefore.has(`${type}|${month}`)) {
        trail.push(lockTrailChange(input.userId, month, type, false, true, input.reason));
      }
    }
  }
  await writeTrail(db, input.organisationId, trail);
}

/**
 * Returns marked as filed for a period overlapping [startDate, endDate]: the locks they hold need
 * a reason to be lifted (issue 19), and their sections are read for amendments.
 */
export function findReturnFilings(
  db: Kysely<Database>,
  organisationId: string,
  startDate: string,
  endDate: string,
) {
  return db
    .selectFrom("gst_return_filings")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("start_date", "<=", endDate)
    .where("end_date", ">=", startDate)
    .orderBy("filed_at")
    .execute();
}

/** The types a filed GSTR-1 or IFF locks: the outward supplies and their notes (the registry's). */
export const RETURN_LOCKED_TYPES: readonly VoucherType[] = voucherTypesWhere(
  (definition) =>
    definition.gstReturn.role === "outwardSupply" || definition.gstReturn.role === "outwardNote",
);

/** Whether every one of these months is still locked for every one of these types (or wholly). */
export async function areMonthsLocked(
  db: Kysely<Database>,
  organisationId: string,
  months: readonly string[],
  types: readonly VoucherType[],
): Promise<boolean> {
  const locked = new Set(
    (await findLockedMonths(db, organisationId, types)).map(
      (row) => `${row.transaction_type}|${row.month}`,
    ),
  );
  return months.every(
    (month) =>
      locked.has(`${ALL_TRANSACTION_TYPES}|${month}`) ||
      types.every((type) => locked.has(`${type}|${month}`)),
  );
}
