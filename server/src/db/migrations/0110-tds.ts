import type { Kysely } from "kysely";

// Issue 39, decision 300: TDS. A party's (or an expense account's) section, deductee type and
// lower-deduction certificate; the TDS facts of each saved voucher (written in its save's
// transaction, read by the suggestion and the quarter's statement); challans and the deductions
// each pays.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("accounts").addColumn("tds_section", "text").execute();
  await db.schema.alterTable("accounts").addColumn("deductee_type", "text").execute();
  await db.schema.alterTable("accounts").addColumn("lower_deduction_certificate", "text").execute();

  await db.schema
    .createTable("tds_entries")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("voucher_id", "text", (col) => col.notNull())
    .addColumn("voucher_type", "text", (col) => col.notNull())
    .addColumn("party_account_id", "text", (col) => col.notNull())
    .addColumn("section", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("credit_paise", "bigint", (col) => col.notNull())
    .addColumn("base_paise", "bigint", (col) => col.notNull())
    .addColumn("tds_paise", "bigint", (col) => col.notNull())
    .addColumn("rate_bp", "integer", (col) => col.notNull())
    .addColumn("certificate_base_paise", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("tds_entries_pk", ["organisation_id", "voucher_id"])
    .execute();
  // The suggestion: one party's credits under one section in a year, by date.
  await db.schema
    .createIndex("tds_entries_party")
    .on("tds_entries")
    .columns(["organisation_id", "party_account_id", "section", "date"])
    .execute();
  // The quarter's statement.
  await db.schema
    .createIndex("tds_entries_date")
    .on("tds_entries")
    .columns(["organisation_id", "date"])
    .execute();

  await db.schema
    .createTable("tds_challans")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("bsr_code", "text", (col) => col.notNull())
    .addColumn("challan_serial", "text", (col) => col.notNull())
    .addColumn("section", "text", (col) => col.notNull())
    .addColumn("tax_paise", "bigint", (col) => col.notNull())
    .addColumn("interest_paise", "bigint", (col) => col.notNull())
    .addColumn("fee_paise", "bigint", (col) => col.notNull())
    .addColumn("bank_account_id", "text", (col) => col.notNull())
    .addColumn("voucher_id", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("tds_challans_pk", ["organisation_id", "id"])
    .execute();
  await db.schema
    .createIndex("tds_challans_date")
    .on("tds_challans")
    .columns(["organisation_id", "date"])
    .execute();
  await db.schema
    .createTable("tds_challan_entries")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("voucher_id", "text", (col) => col.notNull())
    .addColumn("challan_id", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("tds_challan_entries_pk", ["organisation_id", "voucher_id"])
    .execute();
  await db.schema
    .createIndex("tds_challan_entries_challan")
    .on("tds_challan_entries")
    .columns(["organisation_id", "challan_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("tds_challan_entries").execute();
  await db.schema.dropTable("tds_challans").execute();
  await db.schema.dropTable("tds_entries").execute();
  await db.schema.alterTable("accounts").dropColumn("lower_deduction_certificate").execute();
  await db.schema.alterTable("accounts").dropColumn("deductee_type").execute();
  await db.schema.alterTable("accounts").dropColumn("tds_section").execute();
}
