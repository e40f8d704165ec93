import type { Kysely } from "kysely";

// Issue 24: a document's life at the IRP. A row appears when its INV-01 JSON is first exported,
// and carries the IRN the IRP will assign; an import of the IRP's answer registers it (Ack No,
// Ack Date, the signed QR); a cancellation within 24 hours records the reason code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("einvoice_documents")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("entry_id", "text", (col) => col.notNull())
    .addColumn("voucher_type", "text", (col) => col.notNull())
    .addColumn("doc_type", "text", (col) => col.notNull())
    .addColumn("number", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("irn", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("exported_at", "text")
    .addColumn("ack_no", "text")
    .addColumn("ack_date", "text")
    .addColumn("signed_qr_code", "text")
    .addColumn("signed_invoice", "text")
    .addColumn("registered_at", "text")
    .addColumn("cancelled_at", "text")
    .addColumn("cancel_reason", "integer")
    .addColumn("cancel_remark", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("einvoice_documents_pk", ["organisation_id", "entry_id"])
    .execute();
  await db.schema
    .createIndex("einvoice_documents_irn")
    .on("einvoice_documents")
    .columns(["organisation_id", "irn"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("einvoice_documents").execute();
}
