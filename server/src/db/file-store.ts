import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { nowIso } from "../lib/clock.ts";
import { newId } from "../lib/ids.ts";
import type { Database } from "./schema.ts";

// Decision 230: uploaded files (logos and signatures) behind one interface, so that every server
// on one PostgreSQL reads what any of them stored. The database store is the one the app uses; the
// disk store reads what earlier versions wrote under DATA_DIR/files/<organisation>/, and the
// database store falls back to it and copies what it finds in (a lazy migration).

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  size: number;
}

/** Files by organisation and key; a key is the organisation's own name of the file. */
export interface FileStore {
  /** Stores a new file; a key already taken is an error (keys are made fresh per upload). */
  put(organisationId: string, key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(organisationId: string, key: string): Promise<StoredFile | null>;
  /** Removes the file; nothing happens when there is none. */
  delete(organisationId: string, key: string): Promise<void>;
}

// Organisation ids are ours (UUIDv7) and keys are ours (`logo-<id>.png`); anything else is refused
// rather than used in a path or stored.
const ORGANISATION_ID = /^[\w-]{1,64}$/;
const KEY = /^[\w-][\w.-]{0,127}$/;

function checkNames(organisationId: string, key: string): void {
  if (!ORGANISATION_ID.test(organisationId)) throw new Error("Unexpected organisation id.");
  if (!KEY.test(key)) throw new Error("Unexpected file key.");
}

const TYPE_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

/** Files under DATA_DIR/files/<organisation>/<key>: one server's disk, as before decision 230. */
export function diskFileStore(dataDir: string): FileStore {
  const fileOf = (organisationId: string, key: string) => {
    checkNames(organisationId, key);
    return path.join(dataDir, "files", organisationId, key);
  };
  return {
    async put() {
      throw new Error("The disk file store only reads files written before decision 230.");
    },
    async get(organisationId, key) {
      let bytes: Buffer;
      try {
        bytes = await readFile(fileOf(organisationId, key));
      } catch {
        return null;
      }
      const extension = key.split(".").at(-1)?.toLowerCase() ?? "";
      const contentType = TYPE_BY_EXTENSION[extension] ?? "application/octet-stream";
      return { bytes, contentType, size: bytes.length };
    },
    async delete(organisationId, key) {
      await rm(fileOf(organisationId, key), { force: true });
    },
  };
}

/**
 * Files in the `stored_files` table (migration 0100). With `legacy`, a file missing from the table
 * is looked for there and, when found, copied into the table, so a file written before decision
 * 230 is served by every server once any server with the old DATA_DIR has read it.
 */
export function databaseFileStore(db: Kysely<Database>, legacy?: FileStore): FileStore {
  return {
    async put(organisationId, key, bytes, contentType) {
      checkNames(organisationId, key);
      await db
        .insertInto("stored_files")
        .values({
          id: newId(),
          organisation_id: organisationId,
          key,
          content_type: contentType,
          bytes,
          size: bytes.length,
          created_at: nowIso(),
        })
        .execute();
    },
    async get(organisationId, key) {
      checkNames(organisationId, key);
      const row = await db
        .selectFrom("stored_files")
        .select(["bytes", "content_type", "size"])
        .where("organisation_id", "=", organisationId)
        .where("key", "=", key)
        .executeTakeFirst();
      if (row) {
        const bytes = Buffer.isBuffer(row.bytes)
          ? row.bytes
          : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
        return { bytes, contentType: row.content_type, size: row.size };
      }
      const old = legacy ? await legacy.get(organisationId, key) : null;
      if (!old) return null;
      await db
        .insertInto("stored_files")
        .values({
          id: newId(),
          organisation_id: organisationId,
          key,
          content_type: old.contentType,
          bytes: old.bytes,
          size: old.size,
          created_at: nowIso(),
        })
        .onConflict((conflict) => conflict.columns(["organisation_id", "key"]).doNothing())
        .execute();
      return old;
    },
    async delete(organisationId, key) {
      checkNames(organisationId, key);
      await db
        .deleteFrom("stored_files")
        .where("organisation_id", "=", organisationId)
        .where("key", "=", key)
        .execute();
      await legacy?.delete(organisationId, key);
    },
  };
}

/** The store the app uses: the database, reading older files from DATA_DIR. */
export function appFileStore(db: Kysely<Database>, dataDir: string): FileStore {
  return databaseFileStore(db, diskFileStore(dataDir));
}
