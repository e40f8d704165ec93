import { type Kysely, PostgresAdapter, sql } from "kysely";

// A list search is `search_text LIKE '%text%'` (voucher-list.ts). Without an index for it, each
// search reads every entry of the year's list: 25 ms at 100k vouchers and 460–550 ms at 1M on
// PostgreSQL (bench/RESULTS.md). A trigram index (pg_trgm) answers LIKE '%…%' of three or more
// characters from the trigrams the text contains: an invoice number or a rare name in well under
// a millisecond, a common surname by reading only its rows. SQLite has no such index type; there a
// search still reads the list's covering index (decision 022).
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const schema = await trigramSchema(db);
  await sql`create index vouchers_search_trigrams on vouchers
    using gin (search_text ${sql.raw(`${schema}.gin_trgm_ops`)})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema.dropIndex("vouchers_search_trigrams").execute();
}

/**
 * The schema pg_trgm lives in, installing it in `public` if the database does not have it yet. An
 * extension is one per database; installed in the first schema of the search path it would belong
 * to one installation (or one test run) and leave with it.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  const installed = await sql<{ schema: string }>`
    select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(
    db,
  );
  const schema = installed.rows[0]?.schema;
  if (schema) return schema;
  try {
    await sql`create extension pg_trgm with schema public`.execute(db);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Bahi's list search needs PostgreSQL's pg_trgm extension, and it could not be installed (${reason}). Ask the database's administrator to run: CREATE EXTENSION pg_trgm WITH SCHEMA public;`,
    );
  }
  return "public";
}
