import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Migration } from "kysely/migration";
import pg from "pg";
import { type AppDatabase, type DatabaseKind, openDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrate.ts";

export interface TestDatabase {
  database: AppDatabase;
  migrationId: string;
  /** Drops everything this test database created. */
  destroy(): Promise<void>;
}

/** The engine this test project runs on: set per vitest project (server-sqlite, server-postgres). */
export function testDatabaseKind(): DatabaseKind {
  return process.env.BAHI_TEST_DB === "postgres" ? "postgres" : "sqlite";
}

export function testPostgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set; the PostgreSQL test project needs it.");
  return url;
}

/** A fresh, migrated database: a temporary SQLite file, or a new PostgreSQL schema. */
export async function createTestDatabase(
  kind: DatabaseKind = testDatabaseKind(),
  migrations?: Record<string, Migration>,
): Promise<TestDatabase> {
  const opened = kind === "postgres" ? await openPostgresSchema() : openSqliteFile();
  const migrationId = await migrateToLatest(opened.database, migrations);
  return { database: opened.database, migrationId, destroy: opened.destroy };
}

function openSqliteFile() {
  const dir = mkdtempSync(path.join(tmpdir(), "bahi-test-"));
  const database = openDatabase({ kind: "sqlite", file: path.join(dir, "bahi.db") });
  return {
    database,
    destroy: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgresSchema() {
  const url = testPostgresUrl();
  const schema = `bahi_test_${randomBytes(6).toString("hex")}`;
  await runAdminStatement(url, `create schema ${schema}`);
  const database = openDatabase({ kind: "postgres", url, schema, maxConnections: 4 });
  return {
    database,
    destroy: async () => {
      await database.close();
      await runAdminStatement(url, `drop schema if exists ${schema} cascade`);
    },
  };
}

async function runAdminStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
