import os from "node:os";
import { isMainThread } from "node:worker_threads";

// Imported first by each module the heavy-work pool runs (print, sheet and image workers), for its
// effect: the pool's thread gives way to the serving thread when they want the same core
// (decision 391). On Linux a nice value belongs to a thread, so os.setPriority(0, …) in a worker
// thread lowers that thread alone. A layout of seconds then waits a few milliseconds more; the
// event loop that answers everyone else is not held behind it.

/** The pool threads' nice value (BAHI_HEAVY_THREAD_NICE, 0 to 19; 0 the serving thread's). */
export function heavyThreadNice(): number {
  const configured = Number(process.env.BAHI_HEAVY_THREAD_NICE);
  return Number.isInteger(configured) && configured >= 0 && configured <= 19 ? configured : 10;
}

if (!isMainThread) {
  try {
    os.setPriority(0, heavyThreadNice());
  } catch {
    // A system that refuses it leaves the thread as it was: slower to give way, nothing more.
  }
}
