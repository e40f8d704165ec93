import { type Kysely, PostgresAdapter, sql } from "kysely";

// Issue 38, decision 230: what several servers on one PostgreSQL must share lives in the database.
// stored_files: uploaded logos and signatures (the FileStore, server/src/db/file-store.ts), no
// longer under one server's DATA_DIR. import_progress: a running import's counts, read by a poll
// that may reach any server. job_runs: when each scheduled job last ran, so one server takes a
// tick and the others skip it.
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytesType = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable("stored_files")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("bytes", bytesType, (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("stored_files_key")
    .unique()
    .on("stored_files")
    .columns(["organisation_id", "key"])
    .execute();

  await db.schema
    .createTable("import_progress")
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("progress_id", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("unit", "text")
    .addColumn("done", "integer", (col) => col.notNull())
    .addColumn("total", "integer")
    .addColumn("admitted", "integer", (col) => col.notNull())
    .addColumn("expires_at", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("import_progress_pkey", ["user_id", "organisation_id", "progress_id"])
    .execute();
  await db.schema
    .createIndex("import_progress_expiry")
    .on("import_progress")
    .column("expires_at")
    .execute();

  await db.schema
    .createTable("job_runs")
    .addColumn("name", "text", (col) => col.primaryKey().notNull())
    .addColumn("last_run_at", "text", (col) => col.notNull())
    .addColumn("run_by", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("job_runs").execute();
  await db.schema.dropTable("import_progress").execute();
  await db.schema.dropTable("stored_files").execute();
}
