import type { Kysely } from "kysely";
import type { Database, TdsChallansTable } from "../../db/schema.ts";

export function insertChallan(db: Kysely<Database>, row: TdsChallansTable) {
  return db.insertInto("tds_challans").values(row).execute();
}

export function insertChallanEntries(
  db: Kysely<Database>,
  organisationId: string,
  challanId: string,
  voucherIds: readonly string[],
) {
  return db
    .insertInto("tds_challan_entries")
    .values(
      voucherIds.map((voucherId) => ({
        organisation_id: organisationId,
        voucher_id: voucherId,
        challan_id: challanId,
      })),
    )
    .execute();
}

/** The deductions named, with the challan that paid each, if any. */
export function selectEntriesForChallan(
  db: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
) {
  return db
    .selectFrom("tds_entries as t")
    .leftJoin("tds_challan_entries as ce", (join) =>
      join
        .onRef("ce.organisation_id", "=", "t.organisation_id")
        .onRef("ce.voucher_id", "=", "t.voucher_id"),
    )
    .select([
      "t.voucher_id",
      "t.section",
      "t.date",
      "t.tds_paise",
      "t.deductible_on",
      "ce.challan_id",
    ])
    .where("t.organisation_id", "=", organisationId)
    .where("t.voucher_id", "in", voucherIds)
    .execute();
}

export function selectChallans(
  db: Kysely<Database>,
  organisationId: string,
  startDate: string,
  endDate: string,
) {
  return db
    .selectFrom("tds_challans")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("date", ">=", startDate)
    .where("date", "<=", endDate)
    .orderBy("date")
    .orderBy("id")
    .execute();
}

export function selectChallansById(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return Promise.resolve([] as TdsChallansTable[]);
  return db
    .selectFrom("tds_challans")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "in", ids)
    .execute();
}

export function selectChallanOfVouchers(
  db: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
) {
  return db
    .selectFrom("tds_challan_entries as ce")
    .innerJoin("tds_challans as c", (join) =>
      join
        .onRef("c.organisation_id", "=", "ce.organisation_id")
        .onRef("c.id", "=", "ce.challan_id"),
    )
    .select(["ce.voucher_id", "c.id", "c.date", "c.bsr_code", "c.challan_serial"])
    .where("ce.organisation_id", "=", organisationId)
    .where("ce.voucher_id", "in", voucherIds)
    .execute();
}

/** An account of this organisation by its exact name (the interest ledger, made on demand). */
export function findAccountByNameKey(
  db: Kysely<Database>,
  organisationId: string,
  nameKey: string,
) {
  return db
    .selectFrom("accounts")
    .select(["id"])
    .where("organisation_id", "=", organisationId)
    .where("name_key", "=", nameKey)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}
