import type { Kysely } from "kysely";

// Email and WhatsApp templates (issue 22, docs/decisions/085): one table for both channels; an
// email template has a subject, a WhatsApp one none. Deletes are soft; edits carry a version.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("message_templates")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("channel", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("name_key", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("subject", "text")
    .addColumn("template", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text")
    .addPrimaryKeyConstraint("message_templates_pk", ["organisation_id", "id"])
    .execute();
  await db.schema
    .createIndex("message_templates_by_type")
    .on("message_templates")
    .columns(["organisation_id", "channel", "type", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("message_templates").execute();
}
