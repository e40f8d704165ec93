import type { Kysely } from "kysely";

// Issue 20: GSTR-2B files imported from the portal, one per organisation and month, and their
// documents with the link the user made to a purchase bill (decision 065). Amounts in paise.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("gstr2b_imports")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("return_period", "text", (col) => col.notNull())
    .addColumn("start_date", "text", (col) => col.notNull())
    .addColumn("end_date", "text", (col) => col.notNull())
    .addColumn("gstin", "text", (col) => col.notNull())
    .addColumn("generated_on", "text")
    .addColumn("file_name", "text", (col) => col.notNull())
    .addColumn("document_count", "integer", (col) => col.notNull())
    .addColumn("imported_at", "text", (col) => col.notNull())
    .addColumn("imported_by", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("gstr2b_imports_pk", ["organisation_id", "id"])
    .execute();
  // A unique index rather than a table constraint: both engines then name it alike.
  await db.schema
    .createIndex("gstr2b_imports_month")
    .unique()
    .on("gstr2b_imports")
    .columns(["organisation_id", "start_date"])
    .execute();
  await db.schema
    .createTable("gstr2b_documents")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("import_id", "text", (col) => col.notNull())
    .addColumn("start_date", "text", (col) => col.notNull())
    .addColumn("section", "text", (col) => col.notNull())
    .addColumn("supplier_gstin", "text")
    .addColumn("supplier_name", "text", (col) => col.notNull())
    .addColumn("number", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("side", "text", (col) => col.notNull())
    .addColumn("document_type", "text")
    .addColumn("original_number", "text")
    .addColumn("original_date", "text")
    .addColumn("value_paise", "bigint", (col) => col.notNull())
    .addColumn("taxable_paise", "bigint", (col) => col.notNull())
    .addColumn("igst_paise", "bigint", (col) => col.notNull())
    .addColumn("cgst_paise", "bigint", (col) => col.notNull())
    .addColumn("sgst_paise", "bigint", (col) => col.notNull())
    .addColumn("cess_paise", "bigint", (col) => col.notNull())
    .addColumn("pos", "text")
    .addColumn("reverse_charge", "integer", (col) => col.notNull())
    .addColumn("itc_available", "text")
    .addColumn("itc_reason", "text")
    .addColumn("ims_action", "text")
    .addColumn("port_code", "text")
    .addColumn("supplier_filed_on", "text")
    .addColumn("supplier_period", "text")
    .addColumn("link_entry_id", "text")
    .addColumn("link_kind", "text")
    .addColumn("linked_at", "text")
    .addColumn("linked_by", "text")
    .addPrimaryKeyConstraint("gstr2b_documents_pk", ["organisation_id", "id"])
    .execute();
  await db.schema
    .createIndex("gstr2b_documents_month")
    .on("gstr2b_documents")
    .columns(["organisation_id", "start_date"])
    .execute();
  await db.schema
    .createIndex("gstr2b_documents_link")
    .on("gstr2b_documents")
    .columns(["organisation_id", "link_entry_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("gstr2b_documents").execute();
  await db.schema.dropTable("gstr2b_imports").execute();
}
