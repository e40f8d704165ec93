import { type Kysely, PostgresAdapter, sql } from "kysely";

// Decision 310: the auditor's trail (issue 39), a table of its own beside the activity log
// (audit_logs). One chain per organisation, numbered by `seq`: each row carries the SHA-256 of its
// own content and the previous row's hash. The table takes rows and gives them back; the database
// itself refuses to change or remove one (triggers), whatever the application or a role asks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("audit_trail")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("seq", "integer", (col) => col.notNull())
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("user_id", "text")
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("entity", "text", (col) => col.notNull())
    .addColumn("entity_id", "text", (col) => col.notNull())
    .addColumn("number", "text")
    .addColumn("changes", "text", (col) => col.notNull())
    .addColumn("prev_hash", "text", (col) => col.notNull())
    .addColumn("hash", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("audit_trail_pk", ["organisation_id", "seq"])
    .execute();
  await db.schema
    .createIndex("audit_trail_by_time")
    .on("audit_trail")
    .columns(["organisation_id", "at", "seq"])
    .execute();
  await db.schema
    .createIndex("audit_trail_by_entity")
    .on("audit_trail")
    .columns(["organisation_id", "entity_id", "seq"])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function audit_trail_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'The audit trail cannot be changed or deleted.';
      end $$`.execute(db);
    await sql`create trigger audit_trail_no_change before update or delete on audit_trail
      for each row execute function audit_trail_refuse_change()`.execute(db);
    await sql`create trigger audit_trail_no_truncate before truncate on audit_trail
      for each statement execute function audit_trail_refuse_change()`.execute(db);
  } else {
    await sql`create trigger audit_trail_no_update before update on audit_trail
      begin select raise(abort, 'The audit trail cannot be changed or deleted.'); end`.execute(db);
    await sql`create trigger audit_trail_no_delete before delete on audit_trail
      begin select raise(abort, 'The audit trail cannot be changed or deleted.'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_trail").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists audit_trail_refuse_change()`.execute(db);
  }
}
