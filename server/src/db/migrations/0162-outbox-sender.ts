import type { Kysely } from "kysely";

// Issue 40: mail goes out in the organisation's name (From's display name) with Reply-To its
// email, so a customer's answer reaches the business and not the server's no-reply address.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox_messages").addColumn("from_name", "text").execute();
  await db.schema.alterTable("outbox_messages").addColumn("reply_to", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox_messages").dropColumn("reply_to").execute();
  await db.schema.alterTable("outbox_messages").dropColumn("from_name").execute();
}
