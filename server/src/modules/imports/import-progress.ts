import { setImmediate } from "node:timers/promises";
import { type Kysely, PostgresAdapter } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/schema.ts";
import { DAY } from "../../lib/clock.ts";
import type { Caller } from "../auth/auth.guard.ts";

// How far a running import has got (decision 075). The client names its upload with a
// `progressId` and asks GET /import/progress while the upload's own request runs; the import
// reports the vouchers (or rows) it has written, batch by batch, as the engine commits them. Kept
// in the memory of the process running the import and, on PostgreSQL, also in `import_progress`
// (decision 230): behind several servers the poll may reach any of them, and each reads the row.
// SQLite is one server, and an all-or-nothing import there holds its one connection, so its
// counts stay in memory only.

export type ImportProgressState = "waiting" | "reading" | "importing" | "done" | "failed";
export type ImportProgressUnit = "vouchers" | "accounts" | "items" | "lines";

export interface ImportProgress {
  state: ImportProgressState;
  unit: ImportProgressUnit | null;
  done: number;
  /** What will be written; null until the file has been read and checked. */
  total: number | null;
}

export const ProgressIdField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "The progress id is 8 to 64 letters, digits, - or _.")
  .optional();

export const ImportProgressQuery = z.object({
  organisationId: z.string().min(1, "Id is required.").max(64),
  progressId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "The progress id is 8 to 64 letters, digits, - or _."),
});

/** A finished import's counts are kept this long for a last look, then dropped. */
const KEEP_FINISHED_MS = 10 * 60 * 1000;
/** Bound on entries, so that made-up ids cannot grow the map without end. */
const MAX_ENTRIES = 10_000;
/** A shared row of an import whose server died before it ended is dropped after this. */
const KEEP_UNFINISHED_MS = DAY;

/** `admitted`: the import passed its tenant and rights check (it has a total to write). */
const running = new Map<string, ImportProgress & { expiresAt: number | null; admitted: boolean }>();

const keyOf = (caller: Caller, organisationId: string, progressId: string) =>
  `${caller.userId}|${organisationId}|${progressId}`;

function sweep(now: number) {
  for (const [key, entry] of running)
    if (entry.expiresAt !== null && entry.expiresAt <= now) running.delete(key);
}

export interface ProgressTracker {
  importing(total: number): void;
  advance(done: number): void;
  finish(done: number): void;
  fail(): void;
  /** Resolves when the last change is in the shared row (at once without one). */
  settled?(): Promise<void>;
}

const NO_TRACKER: ProgressTracker = {
  importing: () => undefined,
  advance: () => undefined,
  finish: () => undefined,
  fail: () => undefined,
};

type Entry = ImportProgress & { expiresAt: number | null; admitted: boolean };

/**
 * Writes an entry's latest state to its `import_progress` row, one write at a time: changes made
 * while a write runs are folded into the next one, so a statement's line-by-line counts cost at
 * most one write in flight. A failed write is left behind (the counts are advisory; the next
 * change writes again).
 */
function sharedWriter(
  db: Kysely<Database>,
  key: { user_id: string; organisation_id: string; progress_id: string },
  entry: Entry,
) {
  let running: Promise<void> | null = null;
  let dirty = false;
  const writeOnce = async () => {
    const now = Date.now();
    const row = {
      state: entry.state,
      unit: entry.unit,
      done: entry.done,
      total: entry.total,
      admitted: entry.admitted ? 1 : 0,
      expires_at: new Date(entry.expiresAt ?? now + KEEP_UNFINISHED_MS).toISOString(),
      updated_at: new Date(now).toISOString(),
    };
    await db
      .insertInto("import_progress")
      .values({ ...key, ...row })
      .onConflict((conflict) =>
        conflict.columns(["user_id", "organisation_id", "progress_id"]).doUpdateSet(row),
      )
      .execute();
  };
  const loop = async () => {
    while (dirty) {
      dirty = false;
      await writeOnce().catch(() => undefined);
    }
    running = null;
  };
  return {
    changed() {
      dirty = true;
      running ??= loop();
    },
    settled: () => running ?? Promise.resolve(),
  };
}

/** Drops shared rows past their time; run when an import starts. */
async function sweepShared(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom("import_progress")
    .where("expires_at", "<", new Date(now).toISOString())
    .execute()
    .catch(() => undefined);
}

/**
 * Starts reporting an import the client named; a no-op without a progress id. `shared`: the
 * database that keeps the counts for the other servers (PostgreSQL), or null (SQLite: one server).
 */
export function trackImport(
  shared: Kysely<Database> | null,
  caller: Caller,
  organisationId: string,
  progressId: string | undefined,
  unit: ImportProgressUnit,
): ProgressTracker {
  if (!progressId) return NO_TRACKER;
  sweep(Date.now());
  const key = keyOf(caller, organisationId, progressId);
  if (running.size >= MAX_ENTRIES && !running.has(key)) return NO_TRACKER;
  const entry: Entry = {
    state: "reading",
    unit,
    done: 0,
    total: null,
    expiresAt: null,
    admitted: false,
  };
  running.set(key, entry);
  const writer = shared
    ? sharedWriter(
        shared,
        { user_id: caller.userId, organisation_id: organisationId, progress_id: progressId },
        entry,
      )
    : null;
  if (shared) void sweepShared(shared, Date.now());
  writer?.changed();
  const end = (state: ImportProgressState) => {
    entry.state = state;
    entry.expiresAt = Date.now() + KEEP_FINISHED_MS;
    writer?.changed();
  };
  return {
    importing(total) {
      entry.admitted = true;
      entry.state = "importing";
      entry.total = total;
      entry.done = 0;
      writer?.changed();
    },
    advance(done) {
      const next = Math.min(done, entry.total ?? done);
      if (next === entry.done) return;
      entry.done = next;
      writer?.changed();
    },
    finish(done) {
      // Every voucher (or row) to write has been gone through, saved or refused.
      if (entry.total === null) entry.total = done;
      entry.done = entry.total;
      end("done");
    },
    fail: () => end("failed"),
    settled: () => writer?.settled() ?? Promise.resolve(),
  };
}

/**
 * GET /import/progress: the caller's own import of that id, or `waiting` when none has started
 * under it yet (its upload may still be on the way). `admitted` says the import itself passed
 * the tenant check; otherwise the route checks before answering. (An admitted import's poll
 * needs no database: an all-or-nothing import holds SQLite's one connection until it ends.)
 */
export async function readImportProgress(
  shared: Kysely<Database> | null,
  caller: Caller,
  organisationId: string,
  progressId: string,
): Promise<{ progress: ImportProgress; admitted: boolean }> {
  const entry = running.get(keyOf(caller, organisationId, progressId));
  if (entry) {
    const { expiresAt: _expiresAt, admitted, ...progress } = entry;
    return { progress, admitted };
  }
  const row = shared
    ? await shared
        .selectFrom("import_progress")
        .select(["state", "unit", "done", "total", "admitted"])
        .where("user_id", "=", caller.userId)
        .where("organisation_id", "=", organisationId)
        .where("progress_id", "=", progressId)
        .where("expires_at", ">", new Date().toISOString())
        .executeTakeFirst()
    : undefined;
  if (!row)
    return { progress: { state: "waiting", unit: null, done: 0, total: null }, admitted: false };
  return {
    progress: {
      state: row.state as ImportProgressState,
      unit: row.unit as ImportProgressUnit | null,
      done: Number(row.done),
      total: row.total === null ? null : Number(row.total),
    },
    admitted: Number(row.admitted) === 1,
  };
}

/** Runs an import with its tracker: done with the count it returns, failed when it throws. */
export async function withProgress<T>(
  tracker: ProgressTracker,
  run: () => Promise<T>,
  doneOf: (result: T) => number,
): Promise<T> {
  // The answer waits for the last count to reach the shared row, so that a poll sent to any
  // server after the answer reads the end.
  try {
    const result = await run();
    tracker.finish(doneOf(result));
    await tracker.settled?.();
    return result;
  } catch (error) {
    tracker.fail();
    await tracker.settled?.();
    throw error;
  }
}

/**
 * Lets the event loop answer other requests (a progress poll) between batches: SQLite's driver
 * works synchronously, so without it a whole import would run in one turn of the loop.
 */
export function letOthersIn(): Promise<void> {
  return setImmediate();
}

/**
 * The main thread's time an import's work between transactions takes before others' requests
 * are let in (issue 36).
 */
export const SLICE_MS = 25;

/**
 * The main thread's time a transaction of imported vouchers may take (SQLite holds the thread
 * for all of it): it takes as many vouchers as its recent ones say fit (at least one). A commit
 * writes every page the transaction touched, the same index pages again and again in small
 * transactions: 50 ms rather than 25 took a 10,000-voucher day book's main thread from 5.4 to
 * 4.4 CPU seconds, and other requests waited at most 133 ms rather than 102 (decision 430).
 */
export const SAVE_SLICE_MS = 50;

/** A clock for work between transactions: yields to the event loop once it has run a slice. */
export class SliceClock {
  private since = performance.now();
  private readonly budgetMs: number;

  constructor(budgetMs = SLICE_MS) {
    this.budgetMs = budgetMs;
  }

  /** Lets other requests in if this turn has run its slice; otherwise returns at once. */
  async pause(): Promise<void> {
    if (performance.now() - this.since < this.budgetMs) return;
    await letOthersIn();
    this.since = performance.now();
  }

  /** After something that yielded itself. */
  restart(): void {
    this.since = performance.now();
  }
}

/**
 * What a transaction of imported vouchers holds the thread that answers everyone's requests, in
 * ms since some start: on SQLite the wall time (better-sqlite3 works synchronously, so the thread
 * waits for the database), on PostgreSQL the thread's CPU time (the thread answers others while
 * the database works). Sized by wall time on PostgreSQL, each transaction took one or two vouchers,
 * each paying some thirty round trips (issue 36).
 */
export function threadHoldClock(db: Kysely<Database>): () => number {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return () => performance.now();
  return () => {
    const used = process.threadCpuUsage();
    return (used.user + used.system) / 1000;
  };
}

/** The most vouchers one transaction takes, however fast they go. */
const SLICE_MAX_VOUCHERS = 200;

/**
 * How many vouchers the next transaction takes: the slice's time over the recent time a voucher
 * took to save (a moving average of the wall time measured, so a loaded machine gets smaller
 * transactions), at least one.
 */
export class SaveSlice {
  /** Recent milliseconds of wall time a voucher took to save; a first guess until measured. */
  private perVoucher = 4;
  private readonly budgetMs: number;

  constructor(budgetMs = SAVE_SLICE_MS) {
    this.budgetMs = budgetMs;
  }

  get size(): number {
    return Math.min(SLICE_MAX_VOUCHERS, Math.max(1, Math.floor(this.budgetMs / this.perVoucher)));
  }

  /** After a transaction: `count` vouchers took `ms`. */
  measured(count: number, ms: number): void {
    if (count <= 0) return;
    const each = Math.max(0.05, ms / count);
    this.perVoucher = this.perVoucher * 0.5 + each * 0.5;
  }
}
