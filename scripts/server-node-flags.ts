// The Node flags the server runs with: `npm start` (scripts/start.ts) and the benchmark's serving
// process both take them from here (docs/decisions/015-server-memory-and-downloads.md).

/**
 * V8's young generation grows to 3 × the semi-space size; on a machine with gigabytes free
 * Node 24 lets each semi-space reach 32 MB and rarely shrinks it, so a quiet server sat at 330 MB.
 * 8 MB semi-spaces kept it near 200 MB at the same request times (bench/RESULTS.md).
 */
const SEMI_SPACE_MB = 8;

/**
 * V8 sizes the old generation's growth by its ceiling, which Node sets from the machine's memory
 * (4 GB here): a month's GSTR-1 file or GSTR-3B at 1M vouchers then let the heap reach 130–150 MB
 * of mostly garbage before collecting it. With a 1 GB ceiling the same work peaked 50–70 MB
 * lower at the same speed, and the largest work the server does in its own heap (a 1,00,000-
 * voucher Tally day book, 55 MB) still fits with room to spare (decision 027). Without it the
 * serving peak at 100k vouchers was 10–15 MB higher (decision 430).
 * A process-wide ceiling also overrides every worker thread's own `resourceLimits`: a worker's
 * heap can reach this ceiling whatever it asks for, and work that must stop sooner checks its own
 * heap (the Tally parser does, tally-parse-worker.ts).
 */
const DEFAULT_HEAP_MB = 1024;

/**
 * V8 allocates straight into the old generation from the places in the code whose objects it
 * saw survive early on ("pretenuring"). In the Tally parsing worker that decision, taken while
 * its young generation was still at its first size, sent most of what it read into the old
 * generation: some 150 full collections on a 10,000-voucher day book instead of 4, and a third
 * more time (decision 430). Without it each object must survive two scavenges to be promoted.
 */
const NO_PRETENURING = "--no-allocation-site-pretenuring";

/**
 * After each full collection V8 lets the old generation grow to the live size times a factor it
 * picks from how fast collection is, up to 4×: with the GSTR-1 file and GSTR-3B at 1M vouchers
 * (tens of thousands of documents parsed a page at a time) it held 60–80 MB committed over a live
 * 35–55 MB, and memory freed by later collections is not given back while the server stays busy.
 * A fixed 1.25× kept the serving peak 15–25 MB lower at the same request times; the 1,00,000-
 * voucher Tally and spreadsheet imports took the same CPU time within noise (decision 027).
 */
const HEAP_GROWING_PERCENT = 25;

export function serverNodeFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  const heapMb = Number(env.BAHI_MAX_HEAP_MB);
  return [
    `--max-semi-space-size=${SEMI_SPACE_MB}`,
    `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    `--max-old-space-size=${Number.isInteger(heapMb) && heapMb > 0 ? heapMb : DEFAULT_HEAP_MB}`,
    NO_PRETENURING,
    // Lets the server ask V8 for a collection that gives memory back once a large import is done
    // (server/src/lib/give-memory-back.ts) instead of some seconds later (decision 430).
    "--expose-gc",
  ];
}

/**
 * The server's environment: glibc gives each thread that allocates (the main thread, the document
 * and checkpoint workers, libuv's pool) an arena of its own, and memory freed in one is not
 * reused by another; two arenas kept the serving process 10–25 MB smaller at the same request
 * times (bench/RESULTS.md, 2026-11-26). An explicit MALLOC_ARENA_MAX is kept.
 */
export function serverEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? "2" };
}
