import { type Kysely, SqliteAdapter, sql } from "kysely";

// Issue 18 part 5: the balance sheet valued closing stock from twelve rows per item
// (item_stock_balances), five times the trial balance's reads. Each item's movements per
// financial year are now kept too, in the same transaction as the monthly rows, so a year's stock
// is one row per item. The year is the financial year's text ('2025-26'). The valuation reads its
// goods from a covering index, in name order, without touching the wide item rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("items_valuation")
    .on("items")
    .columns([
      "organisation_id",
      "type",
      "name",
      "id",
      "opening_quantity_milli",
      "opening_value_paise",
      "purchase_price_paise",
      "deleted_at",
    ])
    .execute();
  await db.schema
    .createTable("item_stock_years")
    .addColumn("organisation_id", "text", (column) => column.notNull())
    .addColumn("year", "text", (column) => column.notNull())
    .addColumn("item_id", "text", (column) => column.notNull())
    .addColumn("quantity_in_milli", "bigint", (column) => column.notNull())
    .addColumn("quantity_out_milli", "bigint", (column) => column.notNull())
    .addColumn("value_in_paise", "bigint", (column) => column.notNull())
    .addColumn("value_out_paise", "bigint", (column) => column.notNull())
    .addColumn("purchased_milli", "bigint", (column) => column.notNull())
    .addColumn("purchased_paise", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("item_stock_years_pk", ["organisation_id", "year", "item_id"])
    // SQLite keeps the rows in the key's b-tree: a valuation joins one per good without a second
    // lookup. PostgreSQL's heap has no such choice.
    .$call((table) =>
      db.getExecutor().adapter instanceof SqliteAdapter
        ? table.modifyEnd(sql`without rowid`)
        : table,
    )
    .execute();

  // 'YYYY-MM' → the financial year it falls in: April onwards starts the year.
  const startYear = sql`(cast(substr(month, 1, 4) as integer) - case when substr(month, 6, 2) < '04' then 1 else 0 end)`;
  await sql`
    insert into item_stock_years (organisation_id, year, item_id, quantity_in_milli,
      quantity_out_milli, value_in_paise, value_out_paise, purchased_milli, purchased_paise)
    select organisation_id, year, item_id, sum(quantity_in_milli), sum(quantity_out_milli),
      sum(value_in_paise), sum(value_out_paise), sum(purchased_milli), sum(purchased_paise)
    from (
      select organisation_id, item_id, quantity_in_milli, quantity_out_milli, value_in_paise,
        value_out_paise, purchased_milli, purchased_paise,
        cast(${startYear} as text) || '-' || substr(cast(${startYear} + 1 as text), 3, 2) as year
      from item_stock_balances
    ) as monthly
    group by organisation_id, year, item_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("item_stock_years").execute();
  await db.schema.dropIndex("items_valuation").execute();
}
