import type { Kysely } from "kysely";

// Migrations take Kysely<unknown>: they must not depend on today's table types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("client_error_reports")
    // SQLite lets a non-integer primary key hold NULL unless told otherwise; say notNull everywhere.
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("url", "text")
    .addColumn("error", "text")
    .addColumn("error_info", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("client_error_reports_created_at")
    .on("client_error_reports")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("client_error_reports").execute();
}
