import type { Kysely } from "kysely";

// Decision 056 (issues 19 and 20): each live outward voucher's GSTR-1 facts, written in the same
// transaction as its postings, so that a return's counts, totals and pages are indexed SQL
// aggregates instead of a parse of every stored document of the period. A month's rows are
// trusted only while gst_return_fact_months says they were written by the current rules
// (version) for the organisation's current GSTIN; otherwise the month is rebuilt from the stored
// documents on its next read (no backfill here: existing books are built lazily, a month at a time).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("gst_return_documents")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("voucher_id", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("number", "text", (col) => col.notNull())
    .addColumn("number_key", "text", (col) => col.notNull())
    .addColumn("number_upper", "text", (col) => col.notNull())
    .addColumn("nature", "integer")
    .addColumn("section", "text", (col) => col.notNull())
    .addColumn("has_taxable", "integer", (col) => col.notNull())
    .addColumn("sign", "integer", (col) => col.notNull())
    .addColumn("gstin", "text")
    .addColumn("value_paise", "bigint", (col) => col.notNull())
    .addColumn("taxable_paise", "bigint", (col) => col.notNull())
    .addColumn("igst_paise", "bigint", (col) => col.notNull())
    .addColumn("cgst_paise", "bigint", (col) => col.notNull())
    .addColumn("sgst_paise", "bigint", (col) => col.notNull())
    .addColumn("cess_paise", "bigint", (col) => col.notNull())
    .addColumn("needs_originals", "integer", (col) => col.notNull())
    .addColumn("may_warn", "integer", (col) => col.notNull())
    .addColumn("may_warn_six", "integer", (col) => col.notNull())
    // The document as the return reads it (toReturnDocument, without the invoices a note settles,
    // whose ids it keeps): what a page, the file and the warnings parse.
    .addColumn("document", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("gst_return_documents_pk", ["organisation_id", "voucher_id"])
    .execute();
  // Counts and totals per section of a period, read from the index alone.
  await db.schema
    .createIndex("gst_return_documents_totals")
    .on("gst_return_documents")
    .columns([
      "organisation_id",
      "date",
      "section",
      "has_taxable",
      "sign",
      "value_paise",
      "taxable_paise",
      "igst_paise",
      "cgst_paise",
      "sgst_paise",
      "cess_paise",
    ])
    .execute();
  // A section's page, in the return's order.
  await db.schema
    .createIndex("gst_return_documents_pages")
    .on("gst_return_documents")
    .columns(["organisation_id", "section", "date", "number_key", "voucher_id"])
    .execute();
  await db.schema
    .createTable("gst_return_lines")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("voucher_id", "text", (col) => col.notNull())
    .addColumn("line_no", "integer", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("number_key", "text", (col) => col.notNull())
    .addColumn("section", "text", (col) => col.notNull())
    .addColumn("registered", "integer", (col) => col.notNull())
    .addColumn("inter", "integer", (col) => col.notNull())
    .addColumn("pos", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("gst_rate", "double precision", (col) => col.notNull())
    .addColumn("hsn", "text", (col) => col.notNull())
    .addColumn("uqc", "text", (col) => col.notNull())
    .addColumn("hsn_rate", "double precision", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("quantity_milli", "bigint", (col) => col.notNull())
    .addColumn("taxable_paise", "bigint", (col) => col.notNull())
    .addColumn("igst_paise", "bigint", (col) => col.notNull())
    .addColumn("cgst_paise", "bigint", (col) => col.notNull())
    .addColumn("sgst_paise", "bigint", (col) => col.notNull())
    .addColumn("cess_paise", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("gst_return_lines_pk", ["organisation_id", "voucher_id", "line_no"])
    .execute();
  // Table 8, Table 12 and the B2C small buckets of a period, read from the index alone.
  await db.schema
    .createIndex("gst_return_lines_totals")
    .on("gst_return_lines")
    .columns([
      "organisation_id",
      "date",
      "kind",
      "registered",
      "inter",
      "section",
      "pos",
      "gst_rate",
      "hsn",
      "uqc",
      "hsn_rate",
      "quantity_milli",
      "taxable_paise",
      "igst_paise",
      "cgst_paise",
      "sgst_paise",
      "cess_paise",
    ])
    .execute();
  await db.schema
    .createTable("gst_return_fact_months")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("month", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("gstin", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("gst_return_fact_months_pk", ["organisation_id", "month"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("gst_return_fact_months").execute();
  await db.schema.dropTable("gst_return_lines").execute();
  await db.schema.dropTable("gst_return_documents").execute();
}
