import type { Kysely } from "kysely";

// Issue 38, decision 340: what was still per server with several servers on one PostgreSQL.
// rate_limit_counts: the per-address limits of @fastify/rate-limit (sign-in and code routes,
// GSTIN lookups, support queries, link opens per address), one row per route and address, so N
// servers allow what one allows. server_secrets: the cookie key when COOKIE_SECRET is unset on
// PostgreSQL, made by the first server and read by every other.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limit_counts")
    .addColumn("key", "text", (col) => col.primaryKey().notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    // Milliseconds since 1970, as text of a fixed width so that it compares as a number does.
    .addColumn("resets_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limit_counts_resets_at")
    .on("rate_limit_counts")
    .column("resets_at")
    .execute();
  await db.schema
    .createTable("server_secrets")
    .addColumn("name", "text", (col) => col.primaryKey().notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("server_secrets").execute();
  await db.schema.dropTable("rate_limit_counts").execute();
}
