import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export const ALL_TRANSACTION_TYPES = "all";

export function listLockPeriods(db: Kysely<Database>, organisationId: string, year: string) {
  return db
    .selectFrom("lock_periods")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("year", "=", year)
    .orderBy("month")
    .orderBy("transaction_type")
    .execute();
}

/** The locked (month, type) pairs of these transaction types and of whole months. */
export function findLockedMonths(
  db: Kysely<Database>,
  organisationId: string,
  transactionTypes: readonly string[],
) {
  return db
    .selectFrom("lock_periods")
    .select(["month", "transaction_type"])
    .where("organisation_id", "=", organisationId)
    .where("transaction_type", "in", [...transactionTypes, ALL_TRANSACTION_TYPES])
    .where("locked", "=", 1)
    .execute();
}

export async function upsertLockPeriod(db: Kysely<Database>, row: Database["lock_periods"]) {
  await db
    .insertInto("lock_periods")
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(["organisation_id", "year", "month", "transaction_type"]).doUpdateSet({
        locked: row.locked,
        updated_at: row.updated_at,
        updated_by: row.updated_by,
      }),
    )
    .execute();
}
