import type { Kysely } from "kysely";

// Delivery for real (issue 22): a message carries the key of the request that queued it (the same
// key never queues twice), what it was about (documents, account) and who sent it (the email log),
// a lease so that one worker sends it at a time (a lease left by a process that died runs out and
// the message is tried again), and what the provider answered.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox_messages").addColumn("idempotency_key", "text").execute();
  for (const column of [
    "documents",
    "document_numbers",
    "account_id",
    "sent_by",
    "claim_token",
    "claimed_until",
    "delivered_via",
    "provider_message_id",
    "provider_status",
    "resent_from",
    "updated_at",
  ]) {
    await db.schema.alterTable("outbox_messages").addColumn(column, "text").execute();
  }
  await db.schema
    .createIndex("outbox_messages_idempotency")
    .unique()
    .on("outbox_messages")
    .column("idempotency_key")
    .execute();
  await db.schema
    .createIndex("outbox_messages_by_organisation")
    .on("outbox_messages")
    .columns(["organisation_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbox_messages_by_organisation").execute();
  await db.schema.dropIndex("outbox_messages_idempotency").execute();
  for (const column of [
    "updated_at",
    "resent_from",
    "provider_status",
    "provider_message_id",
    "delivered_via",
    "claimed_until",
    "claim_token",
    "sent_by",
    "account_id",
    "document_numbers",
    "documents",
    "idempotency_key",
  ]) {
    await db.schema.alterTable("outbox_messages").dropColumn(column).execute();
  }
}
