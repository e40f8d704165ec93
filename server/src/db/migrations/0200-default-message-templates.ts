import { type Kysely, sql } from "kysely";

// Issue 40 (decision 410): a template may be its type's default, the one the send dialogs open
// with. At most one live default per organisation, channel and type: the partial unique index
// holds that rule even when two people set a default at once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("message_templates")
    .addColumn("is_default", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("message_templates_one_default")
    .unique()
    .on("message_templates")
    .columns(["organisation_id", "channel", "type"])
    .where(sql.ref("is_default"), "=", 1)
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("message_templates_one_default").execute();
  await db.schema.alterTable("message_templates").dropColumn("is_default").execute();
}
