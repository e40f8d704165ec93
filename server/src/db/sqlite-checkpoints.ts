import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import { workerModuleUrl } from "../lib/worker-url.ts";

// In WAL mode SQLite copies the log back into the database file once the log passes 1,000 pages
// (4 MB), inside whichever commit crossed the line, fsync included. A save writes enough pages
// (indexes, balances, the stored document) that a few saves in a hundred paid for that copy: the
// benchmark's save p95 was 10.8 ms against a p50 of 3.3, and 5.5 ms with those checkpoints off.
// Here a worker thread with its own connection does the copying every CHECKPOINT_INTERVAL_MS,
// on the other core, and the request's own connection checkpoints only as a backstop, when the
// log has grown far past the usual size (the worker fell behind a long burst of writes, or
// stopped). Decision 016.

export const CHECKPOINT_INTERVAL_MS = 200;
/** Pages of log (4 kB each) after which the request's connection checkpoints itself anyway. */
export const BACKSTOP_PAGES = 8000;
const SQLITE_DEFAULT_PAGES = 1000;

export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface BackgroundCheckpoints {
  stop(): Promise<void>;
}

export function checkpointInBackground(
  sqlite: SQLite.Database,
  file: string,
  onCheckpoint?: (result: CheckpointResult) => void,
): BackgroundCheckpoints {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  // After a burst the log file stays as long as the burst made it; keep it to 64 MB once reset.
  sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  const worker = new Worker(workerModuleUrl("sqlite-checkpoint-worker", import.meta.url), {
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
    // It holds one statement's worth of JavaScript; a small heap keeps its memory small too.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  });
  worker.unref();
  if (onCheckpoint) worker.on("message", onCheckpoint);
  let stopping = false;
  // A worker that cannot run or dies hands checkpointing back to the connection, as SQLite does it.
  worker.on("error", () => undefined);
  worker.once("exit", () => {
    if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
  });
  return {
    async stop() {
      stopping = true;
      await worker.terminate();
    },
  };
}
