import type { Kysely } from "kysely";

// Signed links to a document's PDF (issue 22): the link carries a random token, the table keeps
// only its SHA-256, so a copy of the database opens no document. A link expires, can be revoked,
// and counts its uses (rate limit per link).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("document_links")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull())
    .addColumn("entry_id", "text", (col) => col.notNull())
    .addColumn("transaction_type", "text", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "text")
    .addColumn("last_opened_at", "text")
    .addColumn("open_count", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("document_links_pk", ["organisation_id", "id"])
    .execute();
  await db.schema
    .createIndex("document_links_token")
    .unique()
    .on("document_links")
    .column("token_hash")
    .execute();
  await db.schema
    .createIndex("document_links_by_entry")
    .on("document_links")
    .columns(["organisation_id", "entry_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("document_links").execute();
}
