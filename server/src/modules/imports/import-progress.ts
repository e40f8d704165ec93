import { setImmediate } from "node:timers/promises";
import { z } from "zod";
import type { Caller } from "../auth/auth.guard.ts";

// How far a running import has got (decision 075). The client names its upload with a
// `progressId` and asks GET /import/progress while the upload's own request runs; the import
// reports the vouchers (or rows) it has written, batch by batch, as the engine commits them. Kept
// in this process's memory: an import runs in the process that received it, and the counts are
// of no use once it has answered.

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
}

const NO_TRACKER: ProgressTracker = {
  importing: () => undefined,
  advance: () => undefined,
  finish: () => undefined,
  fail: () => undefined,
};

/** Starts reporting an import the client named; a no-op without a progress id. */
export function trackImport(
  caller: Caller,
  organisationId: string,
  progressId: string | undefined,
  unit: ImportProgressUnit,
): ProgressTracker {
  if (!progressId) return NO_TRACKER;
  sweep(Date.now());
  const key = keyOf(caller, organisationId, progressId);
  if (running.size >= MAX_ENTRIES && !running.has(key)) return NO_TRACKER;
  const entry = {
    state: "reading" as ImportProgressState,
    unit,
    done: 0,
    total: null as number | null,
    expiresAt: null as number | null,
    admitted: false,
  };
  running.set(key, entry);
  const end = (state: ImportProgressState) => {
    entry.state = state;
    entry.expiresAt = Date.now() + KEEP_FINISHED_MS;
  };
  return {
    importing(total) {
      entry.admitted = true;
      entry.state = "importing";
      entry.total = total;
      entry.done = 0;
    },
    advance(done) {
      entry.done = Math.min(done, entry.total ?? done);
    },
    finish(done) {
      // Every voucher (or row) to write has been gone through, saved or refused.
      if (entry.total === null) entry.total = done;
      entry.done = entry.total;
      end("done");
    },
    fail: () => end("failed"),
  };
}

/**
 * GET /import/progress: the caller's own import of that id, or `waiting` when none has started
 * under it yet (its upload may still be on the way). `admitted` says the import itself passed
 * the tenant check; otherwise the route checks before answering. (An admitted import's poll
 * needs no database: an all-or-nothing import holds SQLite's one connection until it ends.)
 */
export function readImportProgress(
  caller: Caller,
  organisationId: string,
  progressId: string,
): { progress: ImportProgress; admitted: boolean } {
  const entry = running.get(keyOf(caller, organisationId, progressId));
  if (!entry)
    return { progress: { state: "waiting", unit: null, done: 0, total: null }, admitted: false };
  const { expiresAt: _expiresAt, admitted, ...progress } = entry;
  return { progress, admitted };
}

/** Runs an import with its tracker: done with the count it returns, failed when it throws. */
export async function withProgress<T>(
  tracker: ProgressTracker,
  run: () => Promise<T>,
  doneOf: (result: T) => number,
): Promise<T> {
  try {
    const result = await run();
    tracker.finish(doneOf(result));
    return result;
  } catch (error) {
    tracker.fail();
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
