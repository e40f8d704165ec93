import { type Kysely, sql } from "kysely";

// Organisations and their members: rules the service keeps, made hard for concurrent requests.
// (Organisation settings themselves live in organisations.settings as JSON; no column needed.)
export async function up(db: Kysely<unknown>): Promise<void> {
  // One live API key per organisation: creating a new one retires the old in the same transaction.
  await db.schema
    .createIndex("api_keys_one_live")
    .unique()
    .on("api_keys")
    .column("organisation_id")
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
  // One pending invitation per address and organisation.
  await db.schema
    .createIndex("invitations_one_pending")
    .unique()
    .on("invitations")
    .columns(["organisation_id", "email"])
    .where(sql.ref("status"), "=", sql.lit("sent"))
    .execute();
  // The user-logs screen pages through an organisation's whole trail, newest first.
  await db.schema
    .createIndex("audit_logs_created")
    .on("audit_logs")
    .columns(["organisation_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("audit_logs_created").execute();
  await db.schema.dropIndex("invitations_one_pending").execute();
  await db.schema.dropIndex("api_keys_one_live").execute();
}
