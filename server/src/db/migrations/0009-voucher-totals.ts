import { type Kysely, sql } from "kysely";

// A list answers with its page and with the count and total of every matching row (spec 3). At a
// million vouchers a year (400k sales invoices) counting them on every page request took 100 ms
// (bench/RESULTS.md). The unfiltered list — the one people page through all day — now reads its
// count and total from this row per (organisation, type, year, live or deleted), kept in the same
// transaction as the vouchers, as account_balances is for postings. Searches and filters still
// count their matching rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("voucher_totals")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("year", "text", (col) => col.notNull())
    .addColumn("deleted", "integer", (col) => col.notNull())
    .addColumn("voucher_count", "bigint", (col) => col.notNull())
    .addColumn("amount_paise", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("voucher_totals_pk", ["organisation_id", "type", "year", "deleted"])
    .execute();
  await sql`
    insert into voucher_totals (organisation_id, type, year, deleted, voucher_count, amount_paise)
    select organisation_id, type, year,
           case when deleted_at is null then 0 else 1 end,
           count(*), coalesce(sum(amount_paise), 0)
    from vouchers
    group by organisation_id, type, year, case when deleted_at is null then 0 else 1 end
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("voucher_totals").execute();
}
