// `npm run backup` and `npm run restore` (issue 38). A backup is a folder:
//   manifest.json  what was backed up, when, from which engine
//   bahi.db        SQLite: the database by SQLite's online backup (a running server keeps serving)
//   bahi.pgdump    PostgreSQL: pg_dump in its custom format (one consistent snapshot)
//   files/         DATA_DIR/files: logos and signatures an older version kept on disk (they now
//                  live in the database, decision 230), when there are any
//   cookie-secret  DATA_DIR/cookie-secret when there is one, so sessions survive a restore
// The outbox's .eml files (mail written to disk when SMTP_URL is unset) are not kept.
import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { DatabaseKind, DatabaseOptions } from "./database.ts";
import { claimSqliteDataDir } from "./sqlite-one-server.ts";

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  kind: DatabaseKind;
  createdAt: string;
  /** PostgreSQL: the one schema dumped when the URL sets a search_path; else the whole database. */
  schema?: string | undefined;
}

export interface BackupSource {
  database: DatabaseOptions;
  dataDir: string;
}

/** Writes a backup of the database and DATA_DIR's files into `folder` (created; must be empty). */
export async function backup(source: BackupSource, folder: string): Promise<BackupManifest> {
  if (existsSync(folder) && !isEmptyFolder(folder)) {
    throw new Error(`${folder} already holds files; give a new folder for the backup.`);
  }
  mkdirSync(folder, { recursive: true });
  const options = source.database;
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    kind: options.kind,
    createdAt: new Date().toISOString(),
  };
  if (options.kind === "sqlite") {
    const sqlite = new SQLite(options.file, { readonly: true, fileMustExist: true });
    try {
      await sqlite.backup(path.join(folder, "bahi.db"));
    } finally {
      sqlite.close();
    }
  } else {
    const schema = options.schema ?? schemaOfUrl(options.url);
    manifest.schema = schema;
    await run("pg_dump", [
      "--format=custom",
      `--file=${path.join(folder, "bahi.pgdump")}`,
      ...(schema ? [`--schema=${schema}`] : []),
      `--dbname=${options.url}`,
    ]);
  }
  const files = path.join(source.dataDir, "files");
  if (existsSync(files)) cpSync(files, path.join(folder, "files"), { recursive: true });
  const secret = path.join(source.dataDir, "cookie-secret");
  if (existsSync(secret)) cpSync(secret, path.join(folder, "cookie-secret"));
  writeFileSync(path.join(folder, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export interface RestoreOptions {
  /** Replace books that are already there (they are refused otherwise). */
  force?: boolean;
}

/**
 * Restores a backup into the database and DATA_DIR of `target`: a fresh database, or with
 * `force` one whose books are replaced. Stop the servers first; on SQLite a server still
 * running on the data folder makes the restore refuse.
 */
export async function restore(
  target: BackupSource,
  folder: string,
  options: RestoreOptions = {},
): Promise<BackupManifest> {
  const manifestFile = path.join(folder, "manifest.json");
  if (!existsSync(manifestFile))
    throw new Error(`${folder} is not a Bahi backup (no manifest.json).`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) {
    throw new Error(
      `${folder} is a backup of format ${manifest.format}; this Bahi reads ${BACKUP_FORMAT}.`,
    );
  }
  const database = target.database;
  if (manifest.kind !== database.kind) {
    throw new Error(
      `The backup is of a ${manifest.kind} database, and the settings name a ${database.kind} one.`,
    );
  }
  mkdirSync(target.dataDir, { recursive: true });
  if (database.kind === "sqlite") {
    const release = claimSqliteDataDir(path.dirname(database.file));
    try {
      if (existsSync(database.file) && !options.force) {
        throw new Error(`${database.file} exists; restore with --force to replace it.`);
      }
      for (const suffix of ["", "-wal", "-shm"])
        rmSync(`${database.file}${suffix}`, { force: true });
      const restored = new SQLite(path.join(folder, "bahi.db"), { readonly: true });
      try {
        await restored.backup(database.file);
      } finally {
        restored.close();
      }
    } finally {
      release();
    }
  } else {
    const schema = database.schema ?? schemaOfUrl(database.url);
    if (schema && manifest.schema && schema !== manifest.schema) {
      throw new Error(
        `The backup holds schema ${manifest.schema}; the settings name schema ${schema}.`,
      );
    }
    const present = await hasBooks(database.url, manifest.schema ?? "public");
    if (present && !options.force) {
      throw new Error(
        "The database already holds Bahi's tables; restore with --force to replace them.",
      );
    }
    // A dump of one schema does not carry the extension its trigram indexes use (decision 022).
    await runStatement(database.url, "create extension if not exists pg_trgm with schema public");
    await run("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      ...(present ? ["--clean", "--if-exists"] : []),
      `--dbname=${database.url}`,
      path.join(folder, "bahi.pgdump"),
    ]);
  }
  const files = path.join(target.dataDir, "files");
  const backedUpFiles = path.join(folder, "files");
  if (existsSync(files) && options.force) rmSync(files, { recursive: true, force: true });
  if (existsSync(backedUpFiles)) cpSync(backedUpFiles, files, { recursive: true });
  const secret = path.join(folder, "cookie-secret");
  if (existsSync(secret)) cpSync(secret, path.join(target.dataDir, "cookie-secret"));
  return manifest;
}

/** The schema a URL's `options=-c search_path=…` names (how tests and shared hosts scope Bahi). */
export function schemaOfUrl(url: string): string | undefined {
  const options = new URL(url).searchParams.get("options") ?? "";
  const match = /search_path\s*=\s*([A-Za-z_][\w$]*)/.exec(options);
  return match?.[1];
}

async function hasBooks(url: string, schema: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      "select 1 from information_schema.tables where table_schema = $1 and table_name = 'organisations'",
      [schema],
    );
    return (result.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

async function runStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"] });
    let errors = "";
    child.stderr?.on("data", (chunk) => {
      errors += chunk.toString();
    });
    child.on("error", (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === "ENOENT"
          ? new Error(
              `${command} was not found: install PostgreSQL's client tools (Debian: postgresql-client).`,
            )
          : error,
      ),
    );
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}):\n${errors}`)),
    );
  });
}

function isEmptyFolder(folder: string): boolean {
  return readdirSync(folder).length === 0;
}
