import { type Kysely, sql } from "kysely";

// The voucher engine (DESIGN.md §4): one table for all 12 types, their versions, the ledger
// postings with per-month balances, stock movements with per-month stock, bill-wise allocations,
// period locks, entry templates and the change feed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("vouchers")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("year", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("number", "text", (col) => col.notNull())
    // The number with its digit runs zero-padded, so INV-2 sorts before INV-10.
    .addColumn("number_key", "text", (col) => col.notNull())
    .addColumn("party_account_id", "text")
    .addColumn("party_name", "text")
    .addColumn("amount_paise", "bigint", (col) => col.notNull())
    .addColumn("pending_paise", "bigint")
    .addColumn("status", "text")
    .addColumn("narration", "text")
    .addColumn("search_text", "text", (col) => col.notNull())
    .addColumn("document", "text", (col) => col.notNull())
    .addColumn("source_type", "text")
    .addColumn("source_id", "text")
    .addColumn("converted_to_type", "text")
    .addColumn("converted_to_id", "text")
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("created_by", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("updated_by", "text")
    .addColumn("deleted_at", "text")
    .addColumn("deleted_by", "text")
    .addPrimaryKeyConstraint("vouchers_pk", ["organisation_id", "id"])
    .execute();
  // One index per list sort order of spec 9, live rows only; deleted lists are small and rare.
  const live = (index: string, columns: string[]) =>
    db.schema
      .createIndex(index)
      .on("vouchers")
      .columns(["organisation_id", "type", "year", ...columns, "id"])
      .where(sql.ref("deleted_at"), "is", null)
      .execute();
  await live("vouchers_by_created", ["created_at"]);
  await live("vouchers_by_date", ["date"]);
  await live("vouchers_by_amount", ["amount_paise"]);
  await live("vouchers_by_number", ["number_key"]);
  await db.schema
    .createIndex("vouchers_number_unique")
    .unique()
    .on("vouchers")
    .columns(["organisation_id", "type", "year", "number"])
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("vouchers_party")
    .on("vouchers")
    .columns(["organisation_id", "party_account_id", "type", "date"])
    .execute();
  await db.schema
    .createIndex("vouchers_recent")
    .on("vouchers")
    .columns(["organisation_id", "updated_at"])
    .execute();

  await db.schema
    .createTable("voucher_versions")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("voucher_id", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("document", "text", (col) => col.notNull())
    .addColumn("user_id", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("voucher_versions_pk", ["organisation_id", "voucher_id", "version"])
    .execute();

  await db.schema
    .createTable("postings")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("voucher_id", "text", (col) => col.notNull())
    .addColumn("line_no", "integer", (col) => col.notNull())
    .addColumn("voucher_type", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("account_id", "text", (col) => col.notNull())
    .addColumn("amount_paise", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("postings_pk", ["organisation_id", "voucher_id", "line_no"])
    .execute();
  await db.schema
    .createIndex("postings_account_date")
    .on("postings")
    .columns(["organisation_id", "account_id", "date", "voucher_id", "line_no", "amount_paise"])
    .execute();

  // Debits and credits per account per month, kept in the same transaction as the postings.
  await db.schema
    .createTable("account_balances")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("account_id", "text", (col) => col.notNull())
    .addColumn("month", "text", (col) => col.notNull())
    .addColumn("debit_paise", "bigint", (col) => col.notNull())
    .addColumn("credit_paise", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("account_balances_pk", ["organisation_id", "account_id", "month"])
    .execute();

  await db.schema
    .createTable("stock_movements")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("voucher_id", "text", (col) => col.notNull())
    .addColumn("line_no", "integer", (col) => col.notNull())
    .addColumn("voucher_type", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("item_id", "text", (col) => col.notNull())
    .addColumn("quantity_milli", "bigint", (col) => col.notNull())
    .addColumn("value_paise", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("stock_movements_pk", ["organisation_id", "voucher_id", "line_no"])
    .execute();
  await db.schema
    .createIndex("stock_movements_item_date")
    .on("stock_movements")
    .columns(["organisation_id", "item_id", "date", "voucher_id"])
    .execute();

  await db.schema
    .createTable("item_stock_balances")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("item_id", "text", (col) => col.notNull())
    .addColumn("month", "text", (col) => col.notNull())
    .addColumn("quantity_in_milli", "bigint", (col) => col.notNull())
    .addColumn("quantity_out_milli", "bigint", (col) => col.notNull())
    .addColumn("value_in_paise", "bigint", (col) => col.notNull())
    .addColumn("value_out_paise", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("item_stock_balances_pk", ["organisation_id", "item_id", "month"])
    .execute();

  // Money of a receipt, payment or note set against an invoice or bill (DESIGN.md §4 "Bill-wise").
  await db.schema
    .createTable("bill_allocations")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("voucher_id", "text", (col) => col.notNull())
    .addColumn("line_no", "integer", (col) => col.notNull())
    .addColumn("invoice_id", "text", (col) => col.notNull())
    .addColumn("amount_paise", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("bill_allocations_pk", ["organisation_id", "voucher_id", "line_no"])
    .execute();
  await db.schema
    .createIndex("bill_allocations_invoice")
    .on("bill_allocations")
    .columns(["organisation_id", "invoice_id"])
    .execute();

  await db.schema
    .createTable("lock_periods")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("year", "text", (col) => col.notNull())
    .addColumn("month", "text", (col) => col.notNull())
    .addColumn("transaction_type", "text", (col) => col.notNull())
    .addColumn("locked", "integer", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("updated_by", "text")
    .addPrimaryKeyConstraint("lock_periods_pk", [
      "organisation_id",
      "year",
      "month",
      "transaction_type",
    ])
    .execute();

  await db.schema
    .createTable("entry_templates")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("document", "text", (col) => col.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text")
    .addPrimaryKeyConstraint("entry_templates_pk", ["organisation_id", "id"])
    .execute();

  // Every saved or deleted voucher, for the per-organisation change feed read by open screens.
  await db.schema
    .createTable("change_events")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("entity_type", "text", (col) => col.notNull())
    .addColumn("entity_id", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("user_id", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("change_events_pk", ["organisation_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "change_events",
    "entry_templates",
    "lock_periods",
    "bill_allocations",
    "item_stock_balances",
    "stock_movements",
    "account_balances",
    "postings",
    "voucher_versions",
    "vouchers",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
