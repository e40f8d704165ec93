import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "./schema.ts";

/**
 * Runs `work` in a transaction that is the only one changing this organisation's vouchers until
 * it ends (decision 020). What a save checks — the next number, what is pending on an invoice —
 * then stays true until it commits, and saves of one organisation cannot deadlock on the rows
 * they share. SQLite: a plain transaction, its write transactions already run one at a time.
 * PostgreSQL: a transaction-level advisory lock on the organisation, taken in the same round trip
 * as BEGIN. Inside a transaction already (an all-or-nothing import, decision 073) the work joins
 * it, with the lock taken there.
 */
export async function inLockedBooks<T>(
  db: Kysely<Database>,
  organisationId: string,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) {
    await lockBooksInTransaction(db, organisationId);
    return work(db);
  }
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    return db.transaction().execute(work);
  }
  return db.connection().execute(async (connection) => {
    // A query without parameters goes as one simple-protocol message, so BEGIN and the lock share
    // a round trip; the key is a literal there, quoted as PostgreSQL quotes one.
    const key = `books:${organisationId}`.replaceAll("'", "''");
    await sql
      .raw(`begin; select pg_advisory_xact_lock(hashtextextended('${key}', 0))`)
      .execute(connection);
    let result: T;
    try {
      result = await work(connection);
    } catch (error) {
      // A rollback that fails (the connection is gone) must not hide why the work failed.
      await sql
        .raw("rollback")
        .execute(connection)
        .catch(() => undefined);
      throw error;
    }
    const { rows } = await sql.raw<{ command?: string }>("commit").execute(connection);
    // PostgreSQL answers COMMIT with ROLLBACK when an earlier error (one `work` caught and
    // swallowed) left the transaction aborted: nothing was written.
    if (rows[0]?.command === "ROLLBACK") throw new Error("The transaction was rolled back.");
    return result;
  });
}

/**
 * Takes the books lock of an organisation in the caller's transaction (PostgreSQL; SQLite's write
 * transactions run one at a time already). Taken again by the same transaction, it returns at once.
 */
export async function lockBooksInTransaction(
  trx: Kysely<Database>,
  organisationId: string,
): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`books:${organisationId}`}, 0))`.execute(
    trx,
  );
}

/** `work` in a transaction, or in the caller's when `db` is one already (decision 073). */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
