import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { testPostgresUrl } from "../../test/test-database.ts";
import { statementNamer, withNamedStatements } from "./postgres-statements.ts";
import type { Database } from "./schema.ts";

// Decision 021: a query PostgreSQL has been sent before goes as a named prepared statement.

test("a text is named from its second sighting on, under one name", () => {
  const nameOf = statementNamer();
  expect(nameOf("select $1")).toBeUndefined();
  const name = nameOf("select $1");
  expect(name).toMatch(/^bahi_[\w-]{27}$/);
  expect(nameOf("select $1")).toBe(name);
  expect(nameOf("select $2")).toBeUndefined();
});

test("the namer forgets the texts it has not seen for longest", () => {
  const nameOf = statementNamer(2);
  nameOf("a");
  nameOf("b");
  nameOf("a");
  nameOf("c");
  // "b" was the oldest when "c" came: seen again, it counts as new; "a" was kept.
  expect(nameOf("a")).toBeDefined();
  expect(nameOf("b")).toBeUndefined();
});

test("a batch's long text is never named", () => {
  const nameOf = statementNamer();
  const long = `select 1 where ${"true and ".repeat(8_000)}true`;
  nameOf(long);
  expect(nameOf(long)).toBeUndefined();
});

// The server's own pool, on a real PostgreSQL, with one connection so that its prepared
// statements can be read back.
let pool: pg.Pool;
let db: Kysely<Database>;

beforeAll(() => {
  pool = new pg.Pool({ connectionString: testPostgresUrl(), max: 1 });
  db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
});
afterAll(() => db.destroy());

async function preparedStatements(): Promise<string[]> {
  const { rows } = await sql<{
    statement: string;
  }>`select statement from pg_prepared_statements where name like 'bahi_%' order by statement`.execute(
    db,
  );
  return rows.map((row) => row.statement);
}

test("a repeated query runs prepared and answers as before; a one-off and a parameterless one do not", async () => {
  const square = (n: number) => sql<{ square: number }>`select ${n}::int * ${n}::int as square`;
  expect((await square(3).execute(db)).rows).toEqual([{ square: 9 }]);
  expect(await preparedStatements()).toEqual([]);
  expect((await square(4).execute(db)).rows).toEqual([{ square: 16 }]);
  expect((await square(5).execute(db)).rows).toEqual([{ square: 25 }]);
  expect(await preparedStatements()).toEqual(["select $1::int * $2::int as square"]);

  await sql`select ${1}::int + 1 as once`.execute(db);
  // Without parameters a query keeps the simple protocol: several statements in one message
  // (the extended protocol refuses that).
  await sql.raw("select 1; select 2").execute(db);
  await sql.raw("select 1; select 2").execute(db);
  expect(await preparedStatements()).toEqual(["select $1::int * $2::int as square"]);
});
