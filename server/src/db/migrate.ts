import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import type { AppDatabase } from "./database.ts";
import { MIGRATIONS } from "./migrations/index.ts";

/** Applies every pending migration; returns the id of the latest one applied to this database. */
export async function migrateToLatest(database: AppDatabase): Promise<string> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => MIGRATIONS },
    // Numbers are handed out per issue (0065 may land after 0070 has run on a database): a pending
    // migration below the last one run is applied, not refused as "corrupted".
    allowUnorderedMigrations: true,
    ...(database.kind === "postgres"
      ? { migrationTableSchema: await currentSchema(database) }
      : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "unknown error");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
  const applied = await migrator.getMigrations();
  return (
    applied
      .filter((migration) => migration.executedAt)
      .map((migration) => migration.name)
      .sort()
      .at(-1) ?? ""
  );
}

// Kysely looks for its migration tables by name in every schema unless told which one; another
// schema of the same database holding them (a second installation, a test run) would fool it.
async function currentSchema(database: AppDatabase): Promise<string> {
  if (database.schema) return database.schema;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
    database.db,
  );
  return rows[0]?.schema ?? "public";
}
