import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { expect, test } from "vitest";
import { migrateToLatest } from "./migrate.ts";
import { LATEST_MIGRATION_ID } from "./migrations/index.ts";

// Migration numbers are handed out per issue, so one may arrive below a number a database has
// already run (0065 after 0070): it is applied, not refused.
test("a pending migration numbered below the last one run is applied", async () => {
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new SQLite(":memory:") }),
  });
  const database = { db, kind: "sqlite" as const, schema: undefined, close: async () => {} };
  // biome-ignore lint/suspicious/noExplicitAny: the migrator takes the untyped database
  await migrateToLatest(database as any);
  await sql`delete from kysely_migration where name = '0065_gstr2b'`.execute(db);
  await sql`drop table gstr2b_documents`.execute(db);
  await sql`drop table gstr2b_imports`.execute(db);
  // biome-ignore lint/suspicious/noExplicitAny: as above
  expect(await migrateToLatest(database as any)).toBe(LATEST_MIGRATION_ID);
  const { rows } = await sql<{
    count: number;
  }>`select count(*) as count from gstr2b_imports`.execute(db);
  expect(rows[0]?.count).toBe(0);
  await db.destroy();
});
