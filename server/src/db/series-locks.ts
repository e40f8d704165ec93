import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "./schema.ts";

/**
 * Holds a lock on each named series until the transaction ends, so that writers who would take
 * the same next value wait for each other instead of colliding. PostgreSQL: transaction-level
 * advisory locks, taken in the keys' order so that two writers never wait on each other in a
 * circle. SQLite: nothing to do, its write transactions already run one at a time.
 */
export async function lockSeries(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter) || keys.length === 0) return;
  const sorted = [...new Set(keys)].sort();
  await sql`select pg_advisory_xact_lock(hashtextextended(ordered.key, 0))
    from (select key from unnest(${sorted}::text[]) as key order by key) as ordered`.execute(db);
}
