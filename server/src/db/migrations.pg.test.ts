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
