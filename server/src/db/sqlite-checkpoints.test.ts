import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { databaseOptionsFromConfig } from "./database.ts";
import {
  BACKSTOP_PAGES,
  type BackgroundCheckpoints,
  type CheckpointResult,
  checkpointInBackground,
} from "./sqlite-checkpoints.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function openWalDatabase() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bahi-checkpoints-"));
  const file = path.join(dir, "bahi.db");
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => {
    sqlite.close();
  });
  return { sqlite, file };
}

function writeRows(sqlite: SQLite.Database, rows: number) {
  sqlite.exec("create table if not exists note (id integer primary key, body text not null)");
  const insert = sqlite.prepare("insert into note (body) values (?)");
  for (let row = 0; row < rows; row += 1) insert.run("x".repeat(1000));
}

function nextCheckpoint(results: CheckpointResult[]): Promise<CheckpointResult> {
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      const result = results.shift();
      if (result) {
        clearInterval(poll);
        resolve(result);
      }
    }, 10);
  });
}

describe("checkpointing SQLite's write-ahead log in the background", () => {
  it("copies every committed page back into the database file from a worker thread", async () => {
    const { sqlite, file } = openWalDatabase();
    // 3,000 commits, with the writer's own checkpoints off: the log holds them all.
    sqlite.pragma("wal_autocheckpoint = 0");
    writeRows(sqlite, 3000);
    const pending = (sqlite.pragma("wal_checkpoint(NOOP)") as CheckpointResult[])[0];
    expect(pending?.log).toBeGreaterThan(3000);
    expect(pending?.checkpointed).toBe(0);

    const results: CheckpointResult[] = [];
    const checkpoints: BackgroundCheckpoints = checkpointInBackground(sqlite, file, (result) =>
      results.push(result),
    );
    cleanups.push(() => checkpoints.stop());
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(BACKSTOP_PAGES);

    const result = await nextCheckpoint(results);
    expect(result).toEqual({ busy: 0, log: pending?.log, checkpointed: pending?.log });

    // Everything copied: the next write starts the log again from the top, and a reader of the
    // database file alone (no log) sees every row.
    writeRows(sqlite, 1);
    const after = (sqlite.pragma("wal_checkpoint(NOOP)") as CheckpointResult[])[0];
    expect(after?.log).toBeLessThan(10);
    const copy = path.join(path.dirname(file), "copy.db");
    copyFileSync(file, copy);
    const reader = new SQLite(copy, { readonly: true });
    expect(reader.prepare("select count(*) as n from note").get()).toEqual({ n: 3000 });
    reader.close();
  });

  it("hands checkpoints back to the writer when the worker cannot run", async () => {
    const { sqlite, file } = openWalDatabase();
    checkpointInBackground(sqlite, path.join(path.dirname(file), "gone", "bahi.db"));
    await expect
      .poll(() => sqlite.pragma("wal_autocheckpoint", { simple: true }), { timeout: 3000 })
      .toBe(1000);
  });

  it("leaves the backstop in place when stopped on purpose", async () => {
    const { sqlite, file } = openWalDatabase();
    await checkpointInBackground(sqlite, file).stop();
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(BACKSTOP_PAGES);
  });

  it("is what the server asks for on SQLite", () => {
    expect(databaseOptionsFromConfig({ databaseUrl: undefined, dataDir: "/srv/bahi" })).toEqual({
      kind: "sqlite",
      file: "/srv/bahi/bahi.db",
      checkpointInBackground: true,
    });
  });
});
