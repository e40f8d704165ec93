import type { Kysely } from "kysely";

// Issue 24: the e-way bill the portal generated for a document (sales invoice, purchase, delivery
// challan), imported from the portal's list and matched by document number. One per document; a
// later import of the same document replaces it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("eway_bills")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("voucher_id", "text", (col) => col.notNull())
    .addColumn("ewb_number", "text", (col) => col.notNull())
    .addColumn("ewb_date", "text", (col) => col.notNull())
    .addColumn("valid_until", "text")
    .addColumn("imported_at", "text", (col) => col.notNull())
    .addColumn("imported_by", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("eway_bills_pk", ["organisation_id", "voucher_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("eway_bills").execute();
}
