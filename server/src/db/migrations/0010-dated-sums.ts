import { type Kysely, sql } from "kysely";

// Found by the benchmark (bench/RESULTS.md, 100k vouchers). A balance sheet or trial balance to a
// date inside a month reads that month's postings and stock movements by (organisation, date),
// and neither table had such an index: both scans read every row of the organisation (40 ms each
// at 100k vouchers, ten times that at 1M). And the weighted average cost summed every purchase
// line of the year through a join to the 7 kB voucher rows (620 ms); item_stock_balances now keeps
// what purchase bills brought in per month, in the same transaction as the rest of the row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("postings_date")
    .on("postings")
    .columns(["organisation_id", "date", "account_id", "amount_paise"])
    .execute();
  await db.schema
    .createIndex("stock_movements_date")
    .on("stock_movements")
    .columns([
      "organisation_id",
      "date",
      "voucher_type",
      "item_id",
      "quantity_milli",
      "value_paise",
    ])
    .execute();
  for (const column of ["purchased_milli", "purchased_paise"]) {
    await db.schema
      .alterTable("item_stock_balances")
      .addColumn(column, "bigint", (col) => col.notNull().defaultTo(0))
      .execute();
  }
  // UPDATE … FROM: SQLite 3.33+ and PostgreSQL alike; one grouped pass over the movements.
  await sql`
    update item_stock_balances set
      purchased_milli = bought.quantity_milli,
      purchased_paise = bought.value_paise
    from (
      select organisation_id, item_id, substr(date, 1, 7) as month,
             sum(quantity_milli) as quantity_milli, sum(value_paise) as value_paise
      from stock_movements
      where voucher_type = 'purchases'
      group by organisation_id, item_id, substr(date, 1, 7)
    ) as bought
    where item_stock_balances.organisation_id = bought.organisation_id
      and item_stock_balances.item_id = bought.item_id
      and item_stock_balances.month = bought.month
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["purchased_milli", "purchased_paise"])
    await db.schema.alterTable("item_stock_balances").dropColumn(column).execute();
  await db.schema.dropIndex("stock_movements_date").execute();
  await db.schema.dropIndex("postings_date").execute();
}
