import { CompiledQuery, type Insertable, type Kysely, PostgresAdapter } from "kysely";
import type { Database } from "./schema.ts";
import type { Write } from "./writes.ts";

// Issue 36: a save's multi-row inserts (vouchers, versions, postings, the trails, the return facts)
// cost more in Kysely's building and compiling, which makes a node of every value, than in SQLite.
// On SQLite rows that all name the same columns with plain values are sent as the statement Kysely
// would have written (`insertRows.test.ts` holds them equal), its text made once for a table,
// columns and number of rows. Anything else, and PostgreSQL (whose writes are combined into one
// statement as Kysely nodes, db/writes.ts), goes through Kysely as before.

type Table = keyof Database & string;

const TEXTS_KEPT = 512;
const texts = new Map<string, string>();

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

function insertText(table: string, columns: readonly string[], rows: number): string {
  const key = `${table}\u0000${columns.join("\u0000")}\u0000${rows}`;
  let text = texts.get(key);
  if (text === undefined) {
    const row = `(${columns.map(() => "?").join(", ")})`;
    text = `insert into ${quoted(table)} (${columns.map(quoted).join(", ")}) values ${Array(rows)
      .fill(row)
      .join(", ")}`;
    if (texts.size >= TEXTS_KEPT) texts.clear();
    texts.set(key, text);
  }
  return text;
}

const plain = (value: unknown) =>
  value === null || typeof value === "string" || typeof value === "number";

/** The parameters of rows that all have exactly `columns`, each a plain value; else null. */
function parametersOf(rows: readonly object[], columns: readonly string[]): unknown[] | null {
  const parameters: unknown[] = [];
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    if (Object.keys(record).length !== columns.length) return null;
    for (const column of columns) {
      const value = record[column];
      if (!plain(value)) return null;
      parameters.push(value);
    }
  }
  return parameters;
}

/** An insert of `rows` into `table` (one statement; the caller keeps it under the limits). */
export function insertRows<T extends Table>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Write {
  const first = rows[0] as object | undefined;
  if (first && !(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const columns = Object.keys(first);
    const parameters = parametersOf(rows as readonly object[], columns);
    if (parameters) {
      const compiled = CompiledQuery.raw(insertText(table, columns, rows.length), parameters);
      return { compile: () => compiled, execute: () => db.executeQuery(compiled) };
    }
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's values() is typed per table
  return db.insertInto(table).values(rows as any);
}
