import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/test-database.ts";
import { describeSchema } from "./describe-schema.ts";
import { LATEST_MIGRATION_ID } from "./migrations/index.ts";

// DESIGN.md §1: same code, same migrations on both engines. This proves the result is one schema.
let sqlite: TestDatabase;
let postgres: TestDatabase;
beforeAll(async () => {
  sqlite = await createTestDatabase("sqlite");
  postgres = await createTestDatabase("postgres");
});
afterAll(async () => {
  await sqlite.destroy();
  await postgres.destroy();
});

test("both engines reach the latest migration", () => {
  expect(sqlite.migrationId).toBe(LATEST_MIGRATION_ID);
  expect(postgres.migrationId).toBe(LATEST_MIGRATION_ID);
});

test("SQLite and PostgreSQL end with the same tables, columns, types and indexes", async () => {
  const fromSqlite = await describeSchema(sqlite.database);
  const fromPostgres = await describeSchema(postgres.database);
  expect(Object.keys(fromSqlite.tables).length).toBeGreaterThan(0);
  expect(fromPostgres).toEqual(fromSqlite);
});

test("PostgreSQL answers a list search from a trigram index", async () => {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_indexdef(i.oid) as definition from pg_class i
    join pg_namespace n on n.oid = i.relnamespace
    where n.nspname = ${postgres.database.schema} and i.relname = 'vouchers_search_trigrams'`.execute(
    postgres.database.db,
  );
  expect(rows.map((row) => row.definition)).toEqual([
    expect.stringMatching(/ON \S*vouchers USING gin \(search_text \S*gin_trgm_ops\)/),
  ]);
});
