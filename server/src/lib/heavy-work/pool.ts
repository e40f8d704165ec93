import { Piscina } from "piscina";
import { AppError } from "../../http/errors.ts";
import { FairQueue, type Lane } from "./fair-queue.ts";

// Heavy work has one home (issue 37, decision 320): laying out PDFs, reading uploaded
// spreadsheets and CSV files, re-encoding a logo, list and report downloads (decision 392). It runs on a small pool of worker threads
// (piscina), one job per thread at a time, each thread with a heap ceiling of its own, so one
// job too large for it fails alone (413) without touching the serving thread or other jobs.
// Jobs wait in a line that is fair between organisations (fair-queue.ts); an organisation may
// have only so many jobs waiting or running, and the line as a whole only so long: past either,
// the request is refused at once with a message (429, 503) instead of waiting for minutes.

export type { Lane } from "./fair-queue.ts";

export interface HeavyWorkOptions {
  /** Worker threads (BAHI_HEAVY_THREADS, default 2: the machine's cores serve requests too). */
  threads: number;
  /** Each thread's old-generation heap ceiling (BAHI_HEAVY_JOB_HEAP_MB, default 256). */
  heapMb: number;
  /** Jobs of one organisation waiting or running (BAHI_HEAVY_JOBS_PER_ORGANISATION, 20). */
  perOrganisation: number;
  /** Jobs waiting in all (BAHI_HEAVY_JOBS_WAITING, default 100). */
  waiting: number;
  /** How long a job may wait for a thread before it is refused (ms, default 60 s). */
  waitMs: number;
  /** How long a job may run before its thread is stopped (ms, default 120 s). */
  runMs: number;
  /**
   * The heap ceiling of the one thread for large jobs (BAHI_DOWNLOAD_HEAP_MB, default 2048): list
   * and report downloads, whose pdfmake layout or exceljs workbook holds every row (decision 392).
   */
  largeHeapMb: number;
}

export const HEAVY_WORK_MESSAGES = {
  organisationBusy: (count: number) =>
    `Your organisation already has ${count} documents or files being prepared. Please wait for them to finish and try again.`,
  serverBusy:
    "The server is busy preparing documents and files for others. Please try again in a minute.",
  waitedTooLong: "The server was too busy to prepare this in time. Please try again in a minute.",
  tookTooLong: "This took too long to prepare. Please narrow it down and try again.",
} as const;

/** A job that ran out of its thread's memory or time: the caller says what was too large. */
export class HeavyJobTooLarge extends Error {
  readonly reason: "memory" | "time";

  constructor(reason: "memory" | "time") {
    super(reason === "memory" ? "out of memory" : "out of time");
    this.reason = reason;
  }
}

export interface HeavyJob {
  /** Whose work it is: the line is fair between organisations. */
  organisationId: string;
  /** Background work (shared links, mail attachments) never takes the last free thread. */
  lane?: Lane;
  /** The worker module (a file URL, from workerModuleUrl) and the function it exports. */
  module: URL;
  name: string;
  payload: unknown;
  /**
   * "large": runs on the pool's one large thread (its own heap ceiling, one such job at a time),
   * still in the same fair line and counted against the same threads and caps.
   */
  size?: "standard" | "large";
}

interface Waiting {
  job: HeavyJob;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
}

function envInteger(name: string, fallback: number, min: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= min ? value : fallback;
}

export function heavyWorkOptionsFromEnv(): HeavyWorkOptions {
  return {
    threads: envInteger("BAHI_HEAVY_THREADS", 2, 1),
    heapMb: envInteger("BAHI_HEAVY_JOB_HEAP_MB", 256, 64),
    perOrganisation: envInteger("BAHI_HEAVY_JOBS_PER_ORGANISATION", 20, 1),
    waiting: envInteger("BAHI_HEAVY_JOBS_WAITING", 100, 1),
    waitMs: envInteger("BAHI_HEAVY_JOB_WAIT_MS", 60_000, 100),
    runMs: envInteger("BAHI_HEAVY_JOB_RUN_MS", 120_000, 100),
    largeHeapMb: envInteger("BAHI_DOWNLOAD_HEAP_MB", 2048, 64),
  };
}

export class HeavyWorkPool {
  readonly options: HeavyWorkOptions;
  readonly #piscina: Piscina;
  readonly #large: Piscina;
  #largeRunning = 0;
  readonly #queue = new FairQueue<Waiting>();
  /** Jobs waiting or running, per organisation. */
  readonly #perOrganisation = new Map<string, number>();
  /** Jobs running, per organisation. */
  readonly #runningOf = new Map<string, number>();
  #running = { interactive: 0, background: 0 };

  constructor(options: HeavyWorkOptions) {
    this.options = options;
    this.#piscina = new Piscina({
      minThreads: 0,
      maxThreads: options.threads,
      // Threads end after a minute unused, giving their memory back.
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      // A small young generation, as the server's own (decision 015): a job's garbage is
      // short-lived, and a large nursery only raises the process's resident memory.
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: 4 },
    });
    // One thread at a time for large jobs, with a heap ceiling of its own: two large downloads at
    // once would need twice the memory, and the second waits a few seconds instead.
    this.#large = new Piscina({
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: options.largeHeapMb, maxYoungGenerationSizeMb: 4 },
    });
    // A thread that fails with no job on it (shutting down) must not end the server.
    this.#piscina.on("error", () => undefined);
    this.#large.on("error", () => undefined);
  }

  /** What the pool holds now (the bench and tests read it). */
  get stats() {
    return {
      waiting: this.#queue.size,
      running: this.#running.interactive + this.#running.background,
      threads: this.#piscina.threads.length + this.#large.threads.length,
    };
  }

  run<T>(job: HeavyJob): Promise<T> {
    const lane = job.lane ?? "interactive";
    const held = this.#perOrganisation.get(job.organisationId) ?? 0;
    if (held >= this.options.perOrganisation) {
      return Promise.reject(
        new AppError(429, HEAVY_WORK_MESSAGES.organisationBusy(this.options.perOrganisation)),
      );
    }
    if (this.#queue.size >= this.options.waiting) {
      return Promise.reject(new AppError(503, HEAVY_WORK_MESSAGES.serverBusy));
    }
    this.#perOrganisation.set(job.organisationId, held + 1);
    return new Promise<T>((resolve, reject) => {
      const waiting: Waiting = {
        job: { ...job, lane },
        resolve: resolve as (value: unknown) => void,
        reject,
        timer: setTimeout(() => {
          if (this.#queue.remove(job.organisationId, lane, waiting)) {
            this.#release(job.organisationId);
            reject(new AppError(503, HEAVY_WORK_MESSAGES.waitedTooLong));
          }
        }, this.options.waitMs),
      };
      waiting.timer.unref();
      this.#queue.push(job.organisationId, lane, waiting);
      this.#dispatch();
    });
  }

  #release(organisationId: string) {
    const held = (this.#perOrganisation.get(organisationId) ?? 1) - 1;
    if (held <= 0) this.#perOrganisation.delete(organisationId);
    else this.#perOrganisation.set(organisationId, held);
  }

  #dispatch() {
    const threads = this.options.threads;
    // Background work leaves one thread for interactive work, and one organisation leaves one
    // for the others (when there are two or more): a job of another organisation starts at once
    // instead of waiting for a long one to end (a 1,000-line PDF takes seconds).
    const spare = Math.max(1, threads - 1);
    while (this.#running.interactive + this.#running.background < threads) {
      const next = this.#queue.next(
        this.#running.background < spare,
        (organisationId) => this.#runningOf.get(organisationId) ?? 0,
        spare,
        // A large job waits while the large thread is taken (the rest of its line behind it).
        (waiting) => waiting.job.size !== "large" || this.#largeRunning === 0,
      );
      if (!next) return;
      this.#start(next.lane, next.item);
    }
  }

  #start(lane: Lane, waiting: Waiting) {
    clearTimeout(waiting.timer);
    this.#running[lane] += 1;
    const { job } = waiting;
    this.#runningOf.set(job.organisationId, (this.#runningOf.get(job.organisationId) ?? 0) + 1);
    const abort = new AbortController();
    const runTimer = setTimeout(() => abort.abort(), this.options.runMs);
    runTimer.unref();
    const large = job.size === "large";
    if (large) this.#largeRunning += 1;
    (large ? this.#large : this.#piscina)
      .run(job.payload, { filename: job.module.href, name: job.name, signal: abort.signal })
      .then(waiting.resolve, (error: NodeJS.ErrnoException) => {
        if (error?.code === "ERR_WORKER_OUT_OF_MEMORY") {
          waiting.reject(new HeavyJobTooLarge("memory"));
        } else if (abort.signal.aborted) {
          waiting.reject(new HeavyJobTooLarge("time"));
        } else {
          waiting.reject(error);
        }
      })
      .finally(() => {
        clearTimeout(runTimer);
        if (large) this.#largeRunning -= 1;
        this.#running[lane] -= 1;
        const running = (this.#runningOf.get(job.organisationId) ?? 1) - 1;
        if (running <= 0) this.#runningOf.delete(job.organisationId);
        else this.#runningOf.set(job.organisationId, running);
        this.#release(job.organisationId);
        this.#dispatch();
      });
  }

  /** Ends every thread; jobs waiting are refused. */
  async close(): Promise<void> {
    for (;;) {
      const next = this.#queue.next(true);
      if (!next) break;
      clearTimeout(next.item.timer);
      this.#release(next.organisationId);
      next.item.reject(new AppError(503, HEAVY_WORK_MESSAGES.serverBusy));
    }
    await Promise.all([this.#piscina.destroy(), this.#large.destroy()]);
  }
}

let pool: HeavyWorkPool | null = null;

/** The server's one pool, made on first use from the environment. */
export function heavyWorkPool(): HeavyWorkPool {
  pool ??= new HeavyWorkPool(heavyWorkOptionsFromEnv());
  return pool;
}

/** Runs one job on the server's pool. */
export function runHeavyJob<T>(job: HeavyJob): Promise<T> {
  return heavyWorkPool().run<T>(job);
}

/**
 * Ends the pool (tests and shutdown); the next job makes a new one. `options` replace the
 * environment's for that next pool (tests of the caps).
 */
export async function stopHeavyWork(options?: Partial<HeavyWorkOptions>): Promise<void> {
  const current = pool;
  pool = options ? new HeavyWorkPool({ ...heavyWorkOptionsFromEnv(), ...options }) : null;
  await current?.close();
}
