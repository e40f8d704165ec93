import type { Kysely } from "kysely";

// WhatsApp template messages (issue 22, decision 084): a document message keeps the values of its
// placeholders, so that the worker can send the approved template (whose body takes them as
// {{1}}, {{2}}…) when WhatsApp refuses free-form text outside the customer's 24-hour window.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox_messages").addColumn("placeholder_values", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox_messages").dropColumn("placeholder_values").execute();
}
