import { type Compilable, type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "./schema.ts";

/** An INSERT, UPDATE or DELETE whose result is not read. */
export interface Write extends Compilable {
  execute(): Promise<unknown>;
}

// PostgreSQL binds at most 65,535 parameters per statement; a statement stays well below.
const PARAMETERS_PER_STATEMENT = 30_000;

/**
 * Runs writes in order, when no read needs to see one before the next is made (decision 019).
 * SQLite runs in-process, so they run one by one. On PostgreSQL every statement is a round trip
 * inside the transaction, so they go as few statements as the parameter limit allows, each write a
 * data-modifying WITH query. PostgreSQL runs the parts of one statement on one snapshot, in no set
 * order: no two writes of one call may touch the same row.
 */
export async function runWrites(db: Kysely<Database>, writes: readonly Write[]): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter) || writes.length === 1) {
    for (const write of writes) await write.execute();
    return;
  }
  for (const statement of intoStatements(writes)) {
    if (statement.length === 1) await statement[0]?.execute();
    else await combined(statement).execute(db);
  }
}

function intoStatements(writes: readonly Write[]): Write[][] {
  const statements: Write[][] = [];
  let current: Write[] = [];
  let parameters = 0;
  for (const write of writes) {
    const count = write.compile().parameters.length;
    if (current.length > 0 && parameters + count > PARAMETERS_PER_STATEMENT) {
      statements.push(current);
      current = [];
      parameters = 0;
    }
    current.push(write);
    parameters += count;
  }
  if (current.length > 0) statements.push(current);
  return statements;
}

function combined(writes: readonly Write[]) {
  const parts = writes.map((write, index) => sql`${sql.id(`write_${index}`)} as (${write})`);
  return sql`with ${sql.join(parts)} select 1 as done`;
}

/**
 * Writes held back until a read must see them, or the work is done: a save's writes then go to
 * PostgreSQL in one statement where the steps between them read nothing (runWrites).
 */
export class HeldWrites {
  readonly #db: Kysely<Database>;
  #held: Write[] = [];

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  hold(writes: readonly Write[]): void {
    this.#held.push(...writes);
  }

  async flush(): Promise<void> {
    const writes = this.#held;
    this.#held = [];
    await runWrites(this.#db, writes);
  }
}
