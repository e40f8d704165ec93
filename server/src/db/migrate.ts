import { sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import type { AppDatabase } from "./database.ts";
import { MIGRATIONS } from "./migrations/index.ts";

/** Applies every pending migration; returns the id of the latest one applied to this database. */
export async function migrateToLatest(
  database: AppDatabase,
  migrations: Record<string, Migration> = MIGRATIONS,
): Promise<string> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    // Work on separate issues takes numbers from separate ranges (0015, 0061, 0090…), so a
    // database at 0070 may meet a new 0015: each migration touches only what it creates, so the
    // order between ranges does not matter (docs/decisions/024-migration-ranges.md).
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
