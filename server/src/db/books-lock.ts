import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "./schema.ts";

/**
 * Makes the calling transaction the only one changing this organisation's vouchers until it ends
 * (decision 020). What a save checks — the next number, what is pending on an invoice — then
 * stays true until it commits, and saves of one organisation cannot deadlock on the rows they
 * share. PostgreSQL: a transaction-level advisory lock on the organisation. SQLite: nothing to
 * do, its write transactions already run one at a time.
 */
export async function lockBooks(db: Kysely<Database>, organisationId: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`books:${organisationId}`}, 0))`.execute(
    db,
  );
}
