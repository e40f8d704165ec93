import type { Kysely } from "kysely";
import type { Database, TdsEntriesTable } from "../../db/schema.ts";
import { chunkRows } from "../../lib/chunks.ts";

export function deleteFacts(
  db: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
) {
  return db
    .deleteFrom("tds_entries")
    .where("organisation_id", "=", organisationId)
    .where("voucher_id", "in", voucherIds);
}

export function insertFacts(db: Kysely<Database>, rows: readonly TdsEntriesTable[]) {
  return chunkRows(rows).map((chunk) => db.insertInto("tds_entries").values(chunk));
}

const FACT_COLUMNS = [
  "voucher_type",
  "party_account_id",
  "section",
  "date",
  "credit_paise",
  "base_paise",
  "tds_paise",
  "rate_bp",
  "certificate_base_paise",
  "deductible_on",
] as const;

/** An edit's facts: each voucher's row written over the one it had, if any. */
export function upsertFacts(db: Kysely<Database>, rows: readonly TdsEntriesTable[]) {
  return chunkRows(rows).map((chunk) =>
    db
      .insertInto("tds_entries")
      .values(chunk)
      .onConflict((conflict) =>
        conflict
          .columns(["organisation_id", "voucher_id"])
          .doUpdateSet((eb) =>
            Object.fromEntries(
              FACT_COLUMNS.map((column) => [column, eb.ref(`excluded.${column}`)]),
            ),
          ),
      ),
  );
}

/** One party's credits under one section between two dates: the suggestion's one indexed read. */
export function selectPartyCredits(
  db: Kysely<Database>,
  organisationId: string,
  partyAccountId: string,
  section: string,
  startDate: string,
  endDate: string,
) {
  return db
    .selectFrom("tds_entries")
    .select([
      "voucher_id",
      "date",
      "credit_paise",
      "base_paise",
      "tds_paise",
      "certificate_base_paise",
    ])
    .where("organisation_id", "=", organisationId)
    .where("party_account_id", "=", partyAccountId)
    .where("section", "=", section)
    .where("date", ">=", startDate)
    .where("date", "<=", endDate)
    .orderBy("date")
    .execute();
}

/** The deductions (TDS above zero) between two dates, with the deductee and the voucher. */
export function selectDeductions(
  db: Kysely<Database>,
  organisationId: string,
  startDate: string,
  endDate: string,
) {
  return db
    .selectFrom("tds_entries as t")
    .innerJoin("accounts as a", (join) =>
      join
        .onRef("a.organisation_id", "=", "t.organisation_id")
        .onRef("a.id", "=", "t.party_account_id"),
    )
    .innerJoin("vouchers as v", (join) =>
      join.onRef("v.organisation_id", "=", "t.organisation_id").onRef("v.id", "=", "t.voucher_id"),
    )
    .leftJoin("tds_challan_entries as ce", (join) =>
      join
        .onRef("ce.organisation_id", "=", "t.organisation_id")
        .onRef("ce.voucher_id", "=", "t.voucher_id"),
    )
    .select([
      "t.voucher_id",
      "t.voucher_type",
      "t.party_account_id",
      "t.section",
      "t.date",
      "t.credit_paise",
      "t.base_paise",
      "t.tds_paise",
      "t.rate_bp",
      "t.certificate_base_paise",
      "t.deductible_on",
      "a.name as party_name",
      "a.pan",
      "a.deductee_type",
      "a.lower_deduction_certificate",
      "v.number",
      "ce.challan_id",
    ])
    .where("t.organisation_id", "=", organisationId)
    .where("t.date", ">=", startDate)
    .where("t.date", "<=", endDate)
    .where("t.tds_paise", ">", 0)
    .orderBy("t.date")
    .orderBy("v.number_key")
    .execute();
}
