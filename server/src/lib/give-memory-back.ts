// After a large import the server's heap has grown and V8 keeps the pages it freed for a while:
// its memory reducer gives them back only some seconds after the work stops. Work that knows it
// has just finished something large asks for that collection now (decision 430). It needs the
// server to run with --expose-gc (scripts/server-node-flags.ts; `npm start` does); elsewhere it
// does nothing.

interface GcOptions {
  type: "major";
  execution: "async";
  flavor: "last-resort";
}

/** The last request's moment: requests close together make one collection. */
let requestedAt = Number.NEGATIVE_INFINITY;
const COALESCE_MS = 1000;

/**
 * Asks V8 for a full, memory-reducing collection, run from a task of its own: a pause of some
 * 50–80 ms for the server's usual heap, once, at the end of a large job.
 */
export function giveMemoryBack(): void {
  const gc = (globalThis as { gc?: (options: GcOptions) => Promise<void> }).gc;
  if (!gc) return;
  const now = performance.now();
  if (now - requestedAt < COALESCE_MS) return;
  requestedAt = now;
  void gc({ type: "major", execution: "async", flavor: "last-resort" }).catch(() => undefined);
}
