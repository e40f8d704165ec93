import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** Ids of the items and accounts flagged "ITC not eligible" (s.17(5), migration 0061). */
export async function listItcNotEligible(db: Kysely<Database>, organisationId: string) {
  const [items, accounts] = await Promise.all([
    db
      .selectFrom("items")
      .select("id")
      .where("organisation_id", "=", organisationId)
      .where("itc_not_eligible", "=", 1)
      .execute(),
    db
      .selectFrom("accounts")
      .select("id")
      .where("organisation_id", "=", organisationId)
      .where("itc_not_eligible", "=", 1)
      .execute(),
  ]);
  return {
    itemIds: new Set(items.map((row) => row.id)),
    accountIds: new Set(accounts.map((row) => row.id)),
  };
}

/** The signed sum (debit positive) of the postings to each of these system accounts in a period. */
export async function sumSystemAccountPostings(
  db: Kysely<Database>,
  organisationId: string,
  systemKeys: readonly string[],
  startDate: string,
  endDate: string,
): Promise<Map<string, number>> {
  const accounts = await db
    .selectFrom("accounts")
    .select(["id", "system_key"])
    .where("organisation_id", "=", organisationId)
    .where("system_key", "in", [...systemKeys])
    .execute();
  const keyOf = new Map(accounts.map((account) => [account.id, account.system_key ?? ""]));
  const sums = new Map<string, number>(systemKeys.map((key) => [key, 0]));
  if (accounts.length === 0) return sums;
  const rows = await db
    .selectFrom("postings")
    .select(["account_id", (eb) => eb.fn.sum<number | string>("amount_paise").as("total")])
    .where("organisation_id", "=", organisationId)
    .where("account_id", "in", [...keyOf.keys()])
    .where("date", ">=", startDate)
    .where("date", "<=", endDate)
    .groupBy("account_id")
    .execute();
  for (const row of rows) {
    const key = keyOf.get(row.account_id) ?? "";
    sums.set(key, (sums.get(key) ?? 0) + Number(row.total ?? 0));
  }
  return sums;
}

/** Live vouchers of these types dated in the period and saved after an instant (after a filing). */
export function listVouchersSavedAfter(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly string[],
  startDate: string,
  endDate: string,
  after: string,
) {
  return db
    .selectFrom("vouchers")
    .select(["id", "type", "number", "date"])
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("date", ">=", startDate)
    .where("date", "<=", endDate)
    .where("updated_at", ">", after)
    .where("deleted_at", "is", null)
    .orderBy("date")
    .execute();
}

/**
 * Vouchers of these types dated in [startDate, endDate], live or deleted, saved (or deleted) after
 * an instant: a month's invoices and notes changed since its IFF was filed (decision 058).
 */
export function listVouchersChangedAfter(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly string[],
  startDate: string,
  endDate: string,
  after: string,
) {
  return db
    .selectFrom("vouchers")
    .select([
      "id",
      "type",
      "date",
      "number",
      "party_name",
      "amount_paise",
      "document",
      "deleted_at",
    ])
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("date", ">=", startDate)
    .where("date", "<=", endDate)
    .where("updated_at", ">", after)
    .execute();
}
