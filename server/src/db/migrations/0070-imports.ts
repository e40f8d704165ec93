import type { Kysely } from "kysely";

// Imports are staged (DESIGN.md §10): an import request per uploaded file, its parsed lines with
// what the reviewer chose, the column layout remembered per bank account, and the words of
// confirmed narrations with the accounts they went to (suggestions learn from these).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("import_requests")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("year", "text", (col) => col.notNull())
    .addColumn("account_id", "text")
    .addColumn("file_name", "text", (col) => col.notNull())
    .addColumn("layout", "text", (col) => col.notNull())
    .addColumn("header_row", "integer", (col) => col.notNull())
    .addColumn("mapping", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("line_count", "integer", (col) => col.notNull())
    .addColumn("duplicate_count", "integer", (col) => col.notNull())
    .addColumn("problems", "text", (col) => col.notNull())
    .addColumn("balance_break", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text")
    .addPrimaryKeyConstraint("import_requests_pk", ["organisation_id", "id"])
    .execute();
  await db.schema
    .createIndex("import_requests_by_year")
    .on("import_requests")
    .columns(["organisation_id", "year", "type", "created_at"])
    .execute();

  await db.schema
    .createTable("bank_import_entries")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("import_request_id", "text", (col) => col.notNull())
    .addColumn("account_id", "text", (col) => col.notNull())
    .addColumn("row_number", "integer", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("narration", "text", (col) => col.notNull())
    .addColumn("reference", "text", (col) => col.notNull())
    .addColumn("amount_paise", "bigint", (col) => col.notNull())
    .addColumn("balance_paise", "bigint")
    .addColumn("duplicate", "integer", (col) => col.notNull())
    .addColumn("include_duplicate", "integer", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("voucher_type", "text", (col) => col.notNull())
    .addColumn("counter_account_id", "text")
    // Hundredths: 0 (no idea) to 100 (every word went to this account before).
    .addColumn("confidence", "integer", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("bill_wise", "text", (col) => col.notNull())
    .addColumn("voucher_id", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("bank_import_entries_pk", ["organisation_id", "id"])
    .execute();
  await db.schema
    .createIndex("bank_import_entries_by_request")
    .on("bank_import_entries")
    .columns(["organisation_id", "import_request_id", "row_number"])
    .execute();
  // The duplicate rule's lookup: same account, date and amount.
  await db.schema
    .createIndex("bank_import_entries_by_line")
    .on("bank_import_entries")
    .columns(["organisation_id", "account_id", "date", "amount_paise"])
    .execute();

  await db.schema
    .createTable("bank_statement_layouts")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("account_id", "text", (col) => col.notNull())
    .addColumn("header_row", "integer", (col) => col.notNull())
    .addColumn("headers", "text", (col) => col.notNull())
    .addColumn("mapping", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("bank_statement_layouts_pk", ["organisation_id", "account_id"])
    .execute();

  await db.schema
    .createTable("bank_learned_words")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("word", "text", (col) => col.notNull())
    .addColumn("account_id", "text", (col) => col.notNull())
    .addColumn("uses", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("bank_learned_words_pk", ["organisation_id", "word", "account_id"])
    .execute();

  // Vouchers made from spreadsheet rows, by a fingerprint of what the rows said: the same file
  // imported again makes nothing new.
  await db.schema
    .createTable("imported_vouchers")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("fingerprint", "text", (col) => col.notNull())
    .addColumn("voucher_id", "text", (col) => col.notNull())
    .addColumn("voucher_type", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("imported_vouchers_pk", ["organisation_id", "fingerprint"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("imported_vouchers").execute();
  await db.schema.dropTable("bank_learned_words").execute();
  await db.schema.dropTable("bank_statement_layouts").execute();
  await db.schema.dropTable("bank_import_entries").execute();
  await db.schema.dropTable("import_requests").execute();
}
