import { type Kysely, SqliteAdapter, sql } from "kysely";

// Decision 056 (issues 19 and 20): a month's GSTR-1 sums kept as its outward vouchers are saved,
// so that the counts of a period read a few rows per section, Table 8 row, Table 12 row and B2C
// small bucket whatever the number of documents. `grp` is section, nil, hsn or b2cs; `key` names
// the row within it (JSON). `count` is the documents (section) or lines (the others) behind it.
// Empty at first: RETURN_FACTS_VERSION 2 makes every month rebuild its facts and sums on read.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("gst_return_sums")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("month", "text", (col) => col.notNull())
    .addColumn("grp", "text", (col) => col.notNull())
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("count", "bigint", (col) => col.notNull())
    .addColumn("quantity_milli", "bigint", (col) => col.notNull())
    .addColumn("value_paise", "bigint", (col) => col.notNull())
    .addColumn("taxable_paise", "bigint", (col) => col.notNull())
    .addColumn("igst_paise", "bigint", (col) => col.notNull())
    .addColumn("cgst_paise", "bigint", (col) => col.notNull())
    .addColumn("sgst_paise", "bigint", (col) => col.notNull())
    .addColumn("cess_paise", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("gst_return_sums_pk", ["organisation_id", "month", "grp", "key"])
    .$call((table) =>
      db.getExecutor().adapter instanceof SqliteAdapter
        ? table.modifyEnd(sql`without rowid`)
        : table,
    )
    .execute();
  // The rows of gst_return_documents carry the document: a read of a month's numbers, of the
  // warnings' candidates or of the notes to classify again must not visit every row.
  await db.schema
    .createIndex("gst_return_documents_numbers")
    .on("gst_return_documents")
    .columns([
      "organisation_id",
      "date",
      "nature",
      "number_upper",
      "number",
      "may_warn",
      "may_warn_six",
      "gstin",
      "section",
      "has_taxable",
      "number_key",
      "voucher_id",
    ])
    .execute();
  // A number used again within its financial year (the portal refuses repeats).
  await db.schema
    .createIndex("gst_return_documents_repeats")
    .on("gst_return_documents")
    .columns(["organisation_id", "number_upper", "date"])
    .execute();
  await db.schema
    .createIndex("gst_return_documents_notes")
    .on("gst_return_documents")
    .columns(["organisation_id", "needs_originals", "date"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("gst_return_documents_notes").execute();
  await db.schema.dropIndex("gst_return_documents_repeats").execute();
  await db.schema.dropIndex("gst_return_documents_numbers").execute();
  await db.schema.dropTable("gst_return_sums").execute();
}
