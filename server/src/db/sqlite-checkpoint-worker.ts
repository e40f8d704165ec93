import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

// Copies the write-ahead log back into the database file from its own thread and connection
// (see sqlite-checkpoints.ts). PASSIVE never waits for readers or the writer: it copies what it
// can and tries again on the next tick.
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const connection = new SQLite(file, { fileMustExist: true });
connection.pragma("busy_timeout = 5000");
// Checkpointing reads the log and writes the file; it needs next to no page cache of its own.
connection.pragma("cache_size = -256");

setInterval(() => {
  const [result] = connection.pragma("wal_checkpoint(PASSIVE)") as {
    busy: number;
    log: number;
    checkpointed: number;
  }[];
  if (result && result.checkpointed > 0) parentPort?.postMessage(result);
}, intervalMs);
