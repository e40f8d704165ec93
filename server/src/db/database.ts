import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import pg from "pg";
import { SchemaScopedPostgresDialect } from "./postgres-introspector.ts";
import { USES_PER_CONNECTION, withNamedStatements } from "./postgres-statements.ts";
import type { Database } from "./schema.ts";
import { checkpointInBackground } from "./sqlite-checkpoints.ts";

export type DatabaseKind = "sqlite" | "postgres";

export interface AppDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** PostgreSQL schema the tables live in (tests use one schema per run); undefined for SQLite. */
  schema: string | undefined;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: "sqlite";
      file: string;
      /** Checkpoint the write-ahead log from a worker thread (the server; see sqlite-checkpoints.ts). */
      checkpointInBackground?: boolean;
    }
  | { kind: "postgres"; url: string; schema?: string; maxConnections?: number };

// PostgreSQL returns bigint and numeric as strings; our amounts are paise within 2^53, so numbers
// are exact, and every engine then hands back the same JavaScript types (STYLE.md, Portable SQL).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function openDatabase(options: DatabaseOptions): AppDatabase {
  return options.kind === "sqlite" ? openSqlite(options) : openPostgres(options);
}

/**
 * SQLite's own page cache for the server's connection, in kB. better-sqlite3 sets 16 MB, and a
 * month's GSTR-1 at 1M vouchers fills all of it, in the serving process's memory. Pages beyond
 * it come from the operating system's file cache. With 4 MB the GSTR steps at 1M peaked 24 MB
 * lower and the GSTR-1 Excel 30 MB lower. The GSTR-1 file, GSTR-3B, saves, lists and ledgers took
 * the same time within noise (bench/RESULTS.md, decision 027).
 */
const PAGE_CACHE_KB = 4000;

function openSqlite({
  file,
  checkpointInBackground: inBackground,
}: {
  file: string;
  checkpointInBackground?: boolean;
}): AppDatabase {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // WAL keeps readers off the writer's back; NORMAL is durable at every checkpoint in WAL mode.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KB}`);
  const checkpoints =
    inBackground && file !== ":memory:" ? checkpointInBackground(sqlite, file) : undefined;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  const close = async () => {
    await checkpoints?.stop();
    await db.destroy();
  };
  return { db, kind: "sqlite", schema: undefined, close };
}

const STATEMENT_CACHE_SIZE = 256;

// Kysely prepares every query anew; compiling SQL was a fifth of a save's CPU and its native
// memory grew with the load. Queries repeat (the SQL text carries no values), so keep the most
// recent statements; one still being iterated is busy and gets a fresh one.
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

function openPostgres(options: {
  url: string;
  schema?: string;
  maxConnections?: number;
}): AppDatabase {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    maxUses: USES_PER_CONNECTION,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const db = new Kysely<Database>({
    dialect: new SchemaScopedPostgresDialect({ pool: withNamedStatements(pool) }),
  });
  return { db, kind: "postgres", schema: options.schema, close: () => db.destroy() };
}

/** The database the configuration asks for: PostgreSQL when a URL is given, else SQLite in dataDir. */
export function databaseOptionsFromConfig(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseOptions {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "sqlite", file: path.join(config.dataDir, "bahi.db"), checkpointInBackground: true };
}
