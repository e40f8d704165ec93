import type { Kysely } from "kysely";

// Outbox retention (issue 22, decision 083): the files of a finished message are dropped after
// OUTBOX_RETENTION_DAYS; the row stays as the email log's record and says when its files went.
// The index lets the worker's hourly sweep find old rows without reading the whole table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox_messages").addColumn("files_dropped_at", "text").execute();
  await db.schema
    .createIndex("outbox_messages_by_created_at")
    .on("outbox_messages")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbox_messages_by_created_at").execute();
  await db.schema.alterTable("outbox_messages").dropColumn("files_dropped_at").execute();
}
