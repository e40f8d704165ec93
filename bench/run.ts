// npm run bench -- [--engines sqlite,postgres] [--sizes 10000,100000] [options]: see bench/README.md.
// Each (engine, size) runs as two child processes: one loads the books, a fresh one serves and is
// measured, so each peak memory is its own.

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { buildServer, SERVER_DIST_DIR } from "../scripts/build-server.ts";
import { serverEnvironment, serverNodeFlags } from "../scripts/server-node-flags.ts";
import { buildApp } from "../server/src/app.ts";
import { loadConfig } from "../server/src/config.ts";
import { type AppDatabase, openDatabase } from "../server/src/db/database.ts";
import { migrateToLatest } from "../server/src/db/migrate.ts";
import {
  type BookIds,
  generateBooks,
  mulberry32,
  sampleSalesInvoices,
} from "../server/src/modules/demo/book-generator.ts";
import { loadBooks } from "../server/src/modules/demo/load-books.ts";
import { freePort, processMemory } from "./process-probes.ts";
import { recordRun } from "./record.ts";
import { figuresOf, type MetricKey, machine, markdown } from "./run-report.ts";

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(BENCH_DIR, "results");
const YEAR = "2025-26";
const BENCH_PASSWORD = "correct horse 42";
const YEAR_START = "2025-04-01";
const YEAR_END = "2026-03-31";

type Engine = "sqlite" | "postgres";

interface Options {
  engines: Engine[];
  sizes: number[];
  seed: number;
  batchSize: number;
  samples: number;
  trialBalanceSamples: number;
  record: boolean;
  keep: boolean;
  /** A kept run's handoff file: serve and measure its database again, without loading. */
  reuse: string | undefined;
  analyze: boolean;
}

type ChildTask = {
  phase: "load" | "serve";
  engine: Engine;
  size: number;
  stamp: string;
  file: string;
};

function parseOptions(argv: readonly string[]): Options & { child?: ChildTask } {
  const value = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const list = (name: string, fallback: string) =>
    (value(name) ?? fallback)
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
  const engines = list("engines", "sqlite,postgres") as Engine[];
  for (const engine of engines) {
    if (engine !== "sqlite" && engine !== "postgres")
      throw new Error(`Unknown engine ${engine}: sqlite or postgres.`);
  }
  const sizes = list("sizes", "10000,100000").map((size) => Number(size.replaceAll("_", "")));
  for (const size of sizes) {
    if (!Number.isInteger(size) || size < 100)
      throw new Error(`--sizes takes whole numbers of 100 or more, not ${size}.`);
  }
  const options = {
    engines,
    sizes,
    seed: Number(value("seed") ?? 1),
    batchSize: Number(value("batch") ?? 500),
    samples: Number(value("samples") ?? 200),
    trialBalanceSamples: Number(value("tb-samples") ?? 50),
    record: !argv.includes("--no-record"),
    keep: argv.includes("--keep") || value("reuse") !== undefined,
    reuse: value("reuse"),
    analyze: !argv.includes("--no-analyze"),
  };
  const phase = value("child-phase") as ChildTask["phase"] | undefined;
  if (!phase) return options;
  return {
    ...options,
    child: {
      phase,
      engine: value("child-engine") as Engine,
      size: Number(value("child-size")),
      stamp: value("child-stamp") ?? "",
      file: value("child-file") ?? "",
    },
  };
}

// ---------------------------------------------------------------------------------------------
// One run, in a child process.

interface Timing {
  count: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

function summarise(samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    max: round(sorted.at(-1) ?? 0),
    mean: round(sorted.reduce((sum, n) => sum + n, 0) / Math.max(1, sorted.length)),
  };
}

/**
 * Samples memory every 50 ms: this process's (the loader), or with `pid` the serving process's
 * (its heap is then not visible from here and reads as 0).
 */
class MemorySampler {
  private timer: NodeJS.Timeout | undefined;
  peakRss = 0;
  peakHeapUsed = 0;
  peakHeapTotal = 0;
  private highWater = 0;
  private phasePeaks = new Map<string, { rss: number; heapUsed: number; heapTotal: number }>();
  private phase = "setup";
  private readonly pid: number | undefined;

  constructor(pid?: number) {
    this.pid = pid;
  }

  start() {
    this.timer = setInterval(() => this.sample(), 50);
    this.timer.unref();
  }

  enter(phase: string) {
    this.sample();
    this.phase = phase;
  }

  private read() {
    if (this.pid === undefined) return { ...process.memoryUsage(), hwm: 0 };
    try {
      const { rss, hwm } = processMemory(this.pid);
      return { rss, hwm, heapUsed: 0, heapTotal: 0 };
    } catch {
      return { rss: 0, hwm: 0, heapUsed: 0, heapTotal: 0 };
    }
  }

  sample() {
    const { rss, heapUsed, heapTotal, hwm } = this.read();
    this.peakRss = Math.max(this.peakRss, rss);
    this.highWater = Math.max(this.highWater, hwm);
    this.peakHeapUsed = Math.max(this.peakHeapUsed, heapUsed);
    this.peakHeapTotal = Math.max(this.peakHeapTotal, heapTotal);
    const peaks = this.phasePeaks.get(this.phase) ?? { rss: 0, heapUsed: 0, heapTotal: 0 };
    peaks.rss = Math.max(peaks.rss, rss);
    peaks.heapUsed = Math.max(peaks.heapUsed, heapUsed);
    peaks.heapTotal = Math.max(peaks.heapTotal, heapTotal);
    this.phasePeaks.set(this.phase, peaks);
  }

  /** The highest resident memory sampled so far in one phase (MB). */
  phasePeakMb(phase: string): number {
    this.sample();
    return Math.round(((this.phasePeaks.get(phase)?.rss ?? 0) / 1024 / 1024) * 10) / 10;
  }

  stop() {
    this.sample();
    clearInterval(this.timer);
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    // The kernel's high-water mark, which also catches a spike between two samples.
    const highWater =
      this.pid === undefined ? process.resourceUsage().maxRSS * 1024 : this.highWater;
    return {
      peakRssMb: mb(this.peakRss),
      peakHeapUsedMb: mb(this.peakHeapUsed),
      peakHeapTotalMb: mb(this.peakHeapTotal),
      maxRssMb: mb(highWater),
      byPhase: Object.fromEntries(
        [...this.phasePeaks].map(([phase, peaks]) => [
          phase,
          {
            rssMb: mb(peaks.rss),
            heapUsedMb: mb(peaks.heapUsed),
            heapTotalMb: mb(peaks.heapTotal),
          },
        ]),
      ),
    };
  }
}

/** "save 210, invoicePdf 290, …" (MB): the step at which the serving process's RSS grew. */

/** The database of a run: a fresh SQLite file in the run's folder, or a fresh PostgreSQL schema. */
async function openBenchDatabase(engine: Engine, dataDir: string, existingSchema?: string) {
  if (engine === "sqlite") {
    const file = path.join(dataDir, "bahi.db");
    const database = openDatabase({ kind: "sqlite", file, checkpointInBackground: true });
    return {
      database,
      schema: undefined,
      version: `SQLite ${(await sql<{ v: string }>`select sqlite_version() as v`.execute(database.db)).rows[0]?.v}`,
      sizeMb: async () => {
        let bytes = 0;
        for (const name of readdirSync(dataDir))
          if (name.startsWith("bahi.db")) bytes += statSync(path.join(dataDir, name)).size;
        return Math.round(bytes / 1024 / 1024);
      },
      // SQLite has no background statistics; the app runs no ANALYZE, so neither does the bench.
      autoAnalyze: (_vouchers: number) => {},
      settle: async () => 0,
      close: () => database.close(),
      drop: async () => {},
    };
  }
  const url = postgresUrl();
  const schema = existingSchema ?? `bench_${randomBytes(5).toString("hex")}`;
  const admin = openDatabase({ kind: "postgres", url, maxConnections: 1 });
  if (!existingSchema) await admin.db.schema.createSchema(schema).execute();
  const version = (
    await sql<{ v: string }>`select current_setting('server_version') as v`.execute(admin.db)
  ).rows[0]?.v;
  const database = openDatabase({ kind: "postgres", url, schema, maxConnections: 10 });
  const tableList = async () => {
    const tables = await sql<{
      name: string;
    }>`select tablename as name from pg_tables where schemaname = ${schema}`.execute(admin.db);
    return tables.rows.map((row) => `"${schema}"."${row.name}"`).join(", ");
  };
  let analysing: Promise<unknown> | undefined;
  let analysedAt = 0;
  return {
    database,
    schema,
    version: `PostgreSQL ${version}`,
    sizeMb: async () => {
      const row = (
        await sql<{
          bytes: number;
        }>`select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = ${schema} and c.relkind = 'r'`.execute(admin.db)
      ).rows[0];
      return Math.round(Number(row?.bytes ?? 0) / 1024 / 1024);
    },
    // This machine's PostgreSQL runs with autovacuum off (its CI configuration). A server left
    // at PostgreSQL's defaults analyzes a table in the background once a tenth of it has changed
    // (autovacuum_analyze_scale_factor 0.1); without that, the planner keeps its empty-table
    // guesses for the whole load, and at 1M vouchers reading the last number took 0.5 s (a sort of
    // every invoice instead of one step down an index; bench/RESULTS.md, sixth session). The
    // loader asks after every batch; the analysis runs beside the load, one at a time.
    autoAnalyze: (vouchers: number) => {
      if (analysing || vouchers - analysedAt <= 50 + analysedAt / 10) return;
      analysedAt = vouchers;
      analysing = tableList()
        .then((names) => sql.raw(`analyze ${names}`).execute(admin.db))
        .then(
          () => undefined,
          (error: unknown) => error,
        )
        .finally(() => {
          analysing = undefined;
        });
    },
    // What autovacuum does a minute after a bulk load: set the visibility map, so index-only
    // scans are index-only, and gather statistics.
    settle: async () => {
      const failed = await analysing;
      if (failed) throw failed;
      const started = performance.now();
      await sql.raw(`vacuum (analyze) ${await tableList()}`).execute(admin.db);
      return Math.round(performance.now() - started);
    },
    close: async () => {
      await database.close();
      await admin.close();
    },
    drop: async () => {
      const again = openDatabase({ kind: "postgres", url, maxConnections: 1 });
      await again.db.schema.dropSchema(schema).ifExists().cascade().execute();
      await again.close();
    },
  };
}

function postgresUrl(): string {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error("PostgreSQL runs need BENCH_DATABASE_URL or TEST_DATABASE_URL (postgres://…).");
  return url;
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/**
 * A fresh session of the bench's owner, signed in with the password: the load's session may have
 * expired (a 1M load outlasts the access token) and a kept run's refresh token is spent once used.
 */
async function signedIn(
  base: string,
  database: AppDatabase,
): Promise<{ cookie: string; email: string }> {
  const owner = await database.db
    .selectFrom("users")
    .select("email")
    .where("email", "like", "bench.%@example.in")
    .executeTakeFirstOrThrow();
  const response = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: owner.email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return { cookie: cookiesOf(response), email: owner.email };
}

/** The real app as `npm start` builds it (the server's defaults), listening on a free port. */
async function startServer(database: AppDatabase, dataDir: string, cookieSecret: string) {
  const {
    port: _port,
    host: _host,
    databaseUrl: _url,
    ...config
  } = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, "no-web"),
    LOG_LEVEL: "silent",
    COOKIE_SECRET: cookieSecret,
    PUBLIC_URL: "http://127.0.0.1",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
  });
  const migrationId = await migrateToLatest(database);
  const app = await buildApp({ config, database, migrationId, logger: false });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`;
  return { app, base };
}

/**
 * The server as users run it (`npm start`, decision 023): the bundle in server/dist, built afresh
 * from the sources, in its own process with the server's Node flags. Its memory is that
 * process's, read from /proc, with none of the benchmark's own.
 */
async function startServingProcess(
  engine: Engine,
  dataDir: string,
  schema: string | undefined,
  cookieSecret: string,
) {
  await buildServer();
  const port = await freePort();
  const databaseUrl =
    engine === "postgres"
      ? `${postgresUrl()}${postgresUrl().includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`
      : undefined;
  const child = spawn(
    process.execPath,
    [...serverNodeFlags(), path.join(SERVER_DIST_DIR, "main.js")],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...serverEnvironment(),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, "no-web"),
        LOG_LEVEL: "silent",
        COOKIE_SECRET: cookieSecret,
        PUBLIC_URL: "http://127.0.0.1",
        AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
        HOST: "127.0.0.1",
        PORT: String(port),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "" }),
      },
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}/api`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (waited > 120_000) throw new Error("the server did not answer /api/health in 2 minutes");
    const healthy = await fetch(`${base}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    pid: child.pid as number,
    base,
    close: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** What the load phase hands the serve phase (a file in the run's folder). */
interface Handoff {
  engine: Engine;
  size: number;
  dataDir: string;
  schema: string | undefined;
  cookieSecret: string;
  cookie: string;
  ids: BookIds;
  database: string;
  vacuumAnalyzeSeconds: number;
  load: {
    vouchers: number;
    byType: Record<string, number>;
    accounts: number;
    items: number;
    mastersSeconds: number;
    vouchersSeconds: number;
    batches: number;
    vouchersPerSecond: number;
  };
  memory: ReturnType<MemorySampler["stop"]>;
}

const logger = (engine: Engine, size: number) => (message: string) =>
  process.stderr.write(`[${engine} ${size.toLocaleString("en-IN")}] ${message}\n`);

/**
 * Phase 1, its own process: a fresh database, a person and an organisation through the real HTTP
 * API (as server/test does), then the generated books through the service layer.
 */
async function runLoad(options: Options, engine: Engine, size: number, handoffFile: string) {
  const memory = new MemorySampler();
  memory.start();
  const log = logger(engine, size);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bahi-bench-"));
  const opened = await openBenchDatabase(engine, dataDir);
  const cookieSecret = randomBytes(32).toString("hex");
  const { app, base } = await startServer(opened.database, dataDir, cookieSecret);
  try {
    const email = `bench.${randomBytes(4).toString("hex")}@example.in`;
    const signUp = await fetch(`${base}/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Bench Owner",
        email,
        password: BENCH_PASSWORD,
        mobileNumber: "9876543210",
      }),
    });
    if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
    const { userId: challengeId } = (await signUp.json()) as { userId: string };
    const otp = await readOtp(app, dataDir, email);
    const verify = await fetch(`${base}/auth/verify/signup/otp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userId: challengeId, otp }),
    });
    if (!verify.ok) throw new Error(`verify: ${verify.status} ${await verify.text()}`);
    const userId = ((await verify.clone().json()) as { user: { _id: string } }).user._id;
    const cookie = cookiesOf(verify);
    const sessionId = /bahi_access=v1\.[^.]+\.([^.]+)\./.exec(cookie)?.[1] ?? "bench";
    const books = generateBooks({
      seed: options.seed,
      vouchers: size,
      year: YEAR,
      stateCode: "27",
    });
    const added = await fetch(`${base}/organisation/add`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        name: "Bench Traders",
        startingYear: YEAR,
        gstRegistered: true,
        gstin: books.organisation.gstin,
        gstRegType: "regular",
        manageInventory: true,
        billWiseEntry: true,
      }),
    });
    if (!added.ok) throw new Error(`organisation/add: ${added.status} ${await added.text()}`);
    const { organisationId } = (await added.json()) as { organisationId: string };

    memory.enter("load");
    let lastReport = 0;
    const loaded = await loadBooks(
      { db: opened.database.db, announceChange: () => {} },
      { kind: "user", userId, sessionId },
      organisationId,
      books,
      {
        batchSize: options.batchSize,
        onProgress: ({ saved, total, elapsedMs }) => {
          memory.sample();
          opened.autoAnalyze(saved);
          if (saved - lastReport >= total / 10 || saved === total) {
            lastReport = saved;
            log(
              `${saved.toLocaleString("en-IN")} vouchers, ${Math.round(saved / (elapsedMs / 1000))}/s`,
            );
          }
        },
      },
    );
    const vouchersPerSecond = Math.round(
      loaded.counts.vouchers / (loaded.timings.vouchersMs / 1000),
    );
    log(
      `loaded in ${(loaded.timings.vouchersMs / 1000).toFixed(1)} s, ${vouchersPerSecond}/s (masters ${(loaded.timings.mastersMs / 1000).toFixed(1)} s)`,
    );
    const settleMs = options.analyze ? await opened.settle() : 0;
    if (settleMs > 0) log(`vacuum (analyze) took ${(settleMs / 1000).toFixed(1)} s`);
    const handoff: Handoff = {
      engine,
      size,
      dataDir,
      schema: opened.schema,
      cookieSecret,
      cookie,
      ids: loaded.ids,
      database: opened.version,
      vacuumAnalyzeSeconds: Math.round(settleMs / 100) / 10,
      load: {
        vouchers: loaded.counts.vouchers,
        byType: loaded.counts.byType as Record<string, number>,
        accounts: loaded.counts.accounts,
        items: loaded.counts.items,
        mastersSeconds: Math.round(loaded.timings.mastersMs / 100) / 10,
        vouchersSeconds: Math.round(loaded.timings.vouchersMs / 100) / 10,
        batches: loaded.batches,
        vouchersPerSecond,
      },
      memory: memory.stop(),
    };
    writeFileSync(handoffFile, JSON.stringify(handoff));
  } catch (error) {
    await app.close();
    await opened.close();
    await opened.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  await app.close();
  await opened.close();
}

/**
 * Phase 2, a fresh process: the server on the loaded database, measured over real HTTP with
 * keep-alive. Its peak memory is the serving server's (and this small client's), without the
 * loader's.
 */
async function runServe(options: Options, handoff: Handoff, stamp: string) {
  const { engine, size, dataDir } = handoff;
  const log = logger(engine, size);
  const opened = await openBenchDatabase(engine, dataDir, handoff.schema);
  const server = await startServingProcess(engine, dataDir, handoff.schema, handoff.cookieSecret);
  const { base } = server;
  const memory = new MemorySampler(server.pid);
  memory.start();
  try {
    memory.enter("http");
    const books = generateBooks({
      seed: options.seed,
      vouchers: size,
      year: YEAR,
      stateCode: "27",
    });
    const { cookie, email } = await signedIn(base, opened.database);
    const http = await measureHttp(options, base, cookie, email, books, handoff.ids, log, memory);
    const serving = memory.stop();
    const loading = handoff.memory;
    return {
      engine,
      size,
      stamp,
      // Books kept from an earlier run (--reuse): that run's load figures are not recorded again.
      reused: options.reuse !== undefined,
      database: handoff.database,
      databaseSizeMb: await opened.sizeMb(),
      seed: options.seed,
      batchSize: options.batchSize,
      loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
      vacuumAnalyzeSeconds: handoff.vacuumAnalyzeSeconds,
      load: handoff.load,
      http,
      memory: { loading, serving },
      metrics: {
        loadRate: handoff.load.vouchersPerSecond,
        saveP95: http.save.p95,
        listP95: http.list.p95,
        searchP95: http.search.p95,
        ledgerP95: http.ledger.p95,
        trialBalanceP95: http.trialBalance.p95,
        balanceSheetP95: http.balanceSheet.p95,
        gstr1CountsP95: http.gstr1.counts.p95,
        gstr1PageP95: http.gstr1.page.p95,
        gstr1JsonP95: http.gstr1.json.p95,
        gstr3bSummaryP95: http.gstr3b.summary.p95,
        gstr3bJsonP95: http.gstr3b.json.p95,
        invoicePdfP95: http.invoicePdf.p95,
        invoicePdf100P95: http.invoicePdf100.p95,
        peakRssMb: Math.max(serving.peakRssMb, serving.maxRssMb),
        loadPeakRssMb: Math.max(loading.peakRssMb, loading.maxRssMb),
      } satisfies Record<MetricKey, number>,
    };
  } finally {
    await server.close();
    await opened.close();
    if (options.keep) log(`kept ${engine === "sqlite" ? dataDir : `schema ${handoff.schema}`}`);
    else {
      await opened.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function readOtp(
  app: { outbox: { flush(): Promise<unknown> } },
  dataDir: string,
  email: string,
) {
  await app.outbox.flush();
  const dir = path.join(dataDir, "outbox");
  for (const name of readdirSync(dir).sort().reverse()) {
    const mail = readFileSync(path.join(dir, name), "utf8");
    const code = mail.includes(`To: ${email}`) ? /code is (\d{6})/.exec(mail)?.[1] : undefined;
    if (code) return code;
  }
  throw new Error(`no code mailed to ${email}`);
}

async function measureHttp(
  options: Options,
  base: string,
  cookie: string,
  ownerEmail: string,
  books: ReturnType<typeof generateBooks>,
  ids: BookIds,
  log: (message: string) => void,
  memory: MemorySampler,
) {
  const random = mulberry32(options.seed ^ 0xbe7c);
  const organisationId = ids.organisationId;
  const busyDebtor = ids.accounts[books.busyDebtor] as string;
  const headers = { cookie };
  const timed = async (url: string, init?: RequestInit) => {
    const started = performance.now();
    const response = await fetch(url, { ...init, headers: { ...headers, ...init?.headers } });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const elapsed = performance.now() - started;
    const body = new TextDecoder().decode(bytes);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${body.slice(0, 300)}`);
    return { elapsed, body, bytes: bytes.length };
  };
  const loop = async (count: number, request: (index: number) => Promise<{ elapsed: number }>) => {
    const samples: number[] = [];
    for (let index = 0; index < count; index += 1) samples.push((await request(index)).elapsed);
    return summarise(samples);
  };
  const warm = Math.max(10, Math.round(options.samples / 10));

  memory.enter("save");
  // Save one sales invoice, as the entry screen does.
  // The last few are saved before each balance sheet after a stock change (below).
  const sheetAfterChangeSamples = Math.max(10, Math.round(options.trialBalanceSamples / 2));
  const invoices = sampleSalesInvoices(books, ids, {
    count: options.samples + warm + sheetAfterChangeSamples,
    date: YEAR_END,
    seed: options.seed + 1,
  });
  const savedIds: string[] = [];
  const save = async (index: number) => {
    const answer = await timed(`${base}/salesinvoice/add`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(invoices[index]),
    });
    savedIds.push((JSON.parse(answer.body) as { entryId: string }).entryId);
    return answer;
  };
  await loop(warm, (index) => save(options.samples + index));
  const saveTiming = await loop(options.samples, save);
  log(`save p50 ${saveTiming.p50} ms, p95 ${saveTiming.p95} ms`);

  memory.enter("invoicePdf");
  // One invoice's PDF over HTTP (issue 21), warm: the invoices just saved, in turn.
  const pdfUrl = (entryId: string) =>
    `${base}/getpdf/transactionpdf?${new URLSearchParams({ organisationId, entryId, transactionType: "salesInvoice", format: "download" })}`;
  const savedId = (index: number) => savedIds[index % savedIds.length] as string;
  await loop(warm, (index) => timed(pdfUrl(savedId(index))));
  const pdfTiming = await loop(options.samples, (index) => timed(pdfUrl(savedId(index))));
  log(`invoice PDF p50 ${pdfTiming.p50} ms, p95 ${pdfTiming.p95} ms`);

  // A 100-line invoice (100 × ₹100 at 18 %, intra-state) and its PDF.
  const template = invoices[0] as unknown as Record<string, unknown> & {
    itemDetails: { itemId: string }[];
  };
  const { invoiceNumber: _, gstPaymentTypeInExportOrSez: __, ...head } = template;
  const longInvoice = {
    ...head,
    pos: "27",
    rcmApplicable: false,
    itemDetails: Array.from({ length: 100 }, (_, index) => ({
      itemId: (template.itemDetails[index % template.itemDetails.length] as { itemId: string })
        .itemId,
      quantity: 1,
      rate: 100,
      discountType: "percent",
      discount: 0,
      gstRate: 18,
      amount: 100,
    })),
    accountDetails: [],
    grossAmount: 10000,
    cgstAmount: 900,
    sgstAmount: 900,
    igstAmount: 0,
    roundOffAmount: 0,
    totalAmount: 11800,
  };
  const longSaved = await timed(`${base}/salesinvoice/add`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(longInvoice),
  });
  const longId = (JSON.parse(longSaved.body) as { entryId: string }).entryId;
  const pdfSamples = Math.max(20, Math.round(options.samples / 4));
  await loop(Math.max(5, Math.round(pdfSamples / 10)), () => timed(pdfUrl(longId)));
  const longPdfTiming = await loop(pdfSamples, () => timed(pdfUrl(longId)));
  log(`100-line invoice PDF p50 ${longPdfTiming.p50} ms, p95 ${longPdfTiming.p95} ms`);

  // A list page of 50, newest first, at random pages; then with a search text.
  memory.enter("lists");
  const listUrl = (query: Record<string, string | number>) =>
    `${base}/salesinvoice/salesinvoicelist?${new URLSearchParams({ organisationId, year: YEAR, limit: "50", sortBy: "dateDesc", ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`;
  const countOf = async (query: Record<string, string>) =>
    (JSON.parse((await timed(listUrl(query))).body) as { count: number }).count;
  const invoiceCount = await countOf({});
  const page = (count: number) => Math.floor(random() * Math.max(1, Math.ceil(count / 50))) * 50;
  await loop(warm, () => timed(listUrl({ skip: page(invoiceCount) })));
  const listTiming = await loop(options.samples, () =>
    timed(listUrl({ skip: page(invoiceCount) })),
  );
  log(`list p50 ${listTiming.p50} ms, p95 ${listTiming.p95} ms (${invoiceCount} invoices)`);

  const searchText = books.commonSurname.toLowerCase();
  const matchCount = await countOf({ searchText });
  await loop(warm, () => timed(listUrl({ searchText, skip: page(matchCount) })));
  const searchTiming = await loop(options.samples, () =>
    timed(listUrl({ searchText, skip: page(matchCount) })),
  );
  log(
    `search "${searchText}" p50 ${searchTiming.p50} ms, p95 ${searchTiming.p95} ms (${matchCount} matches)`,
  );

  // The busy debtor's ledger for the year, a page of 50 at random pages.
  const ledgerUrl = (skip: number) =>
    `${base}/ledger/getLedger?${new URLSearchParams({ organisationId, accountId: busyDebtor, startDate: YEAR_START, endDate: YEAR_END, skip: String(skip), limit: "50" })}`;
  const ledgerCount = (JSON.parse((await timed(ledgerUrl(0))).body) as { count: number }).count;
  await loop(warm, () => timed(ledgerUrl(page(ledgerCount))));
  const ledgerTiming = await loop(options.samples, () => timed(ledgerUrl(page(ledgerCount))));
  log(`ledger p50 ${ledgerTiming.p50} ms, p95 ${ledgerTiming.p95} ms (${ledgerCount} entries)`);

  // The trial balance over everything.
  memory.enter("reports");
  const trialUrl = `${base}/reports/trialbalance?${new URLSearchParams({ organisationId, year: YEAR })}`;
  const trial = JSON.parse((await timed(trialUrl)).body) as {
    totalDebit: number;
    totalCredit: number;
  };
  if (trial.totalDebit !== trial.totalCredit)
    throw new Error(`trial balance does not agree: ${trial.totalDebit} ≠ ${trial.totalCredit}`);
  await loop(Math.max(5, Math.round(options.trialBalanceSamples / 10)), () => timed(trialUrl));
  const trialTiming = await loop(options.trialBalanceSamples, () => timed(trialUrl));
  log(`trial balance p50 ${trialTiming.p50} ms, p95 ${trialTiming.p95} ms`);

  // The balance sheet as at the year end (closing stock and the year's result included).
  const sheetUrl = `${base}/reports/balancesheet?${new URLSearchParams({ organisationId, year: YEAR, date: YEAR_END })}`;
  await timed(sheetUrl);
  await loop(Math.max(5, Math.round(options.trialBalanceSamples / 10)), () => timed(sheetUrl));
  const sheetTiming = await loop(options.trialBalanceSamples, () => timed(sheetUrl));
  log(`balance sheet p50 ${sheetTiming.p50} ms, p95 ${sheetTiming.p95} ms`);
  // The same right after a sale (untimed): the stock valuation kept for the one before no longer
  // holds, and the goods are valued again (decision 028).
  const sheetAfterChange = await loop(sheetAfterChangeSamples, async (index) => {
    await save(options.samples + warm + index);
    return timed(sheetUrl);
  });
  log(`balance sheet after a sale p50 ${sheetAfterChange.p50} ms, p95 ${sheetAfterChange.p95} ms`);

  // Sign-ins while the books are read (issue 37): each password hash holds 32 MiB while it runs
  // (decision 323), so twenty sign-ins at once — ten of the owner with the right password, ten of
  // unknown addresses, each checked against a hash too — arrive while pages, ledgers and trial
  // balances are asked for. The serving process's peak in this step is its own figure, and counts
  // in the run's peak RSS.
  memory.enter("signIns");
  const signIn = (username: string, password: string) =>
    fetch(`${base}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password }),
    }).then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    });
  const signInsStarted = performance.now();
  const [signInAnswers] = await Promise.all([
    Promise.all([
      ...Array.from({ length: 10 }, () => signIn(ownerEmail, BENCH_PASSWORD)),
      ...Array.from({ length: 10 }, (_, index) =>
        signIn(`nobody.${index}.${options.seed}@example.in`, "not the password 42"),
      ),
    ]),
    loop(20, () => timed(listUrl({ skip: page(invoiceCount) }))),
    loop(20, () => timed(ledgerUrl(page(ledgerCount)))),
    loop(5, () => timed(trialUrl)),
  ]);
  const signInsMs = performance.now() - signInsStarted;
  const rightSignIns = signInAnswers.slice(0, 10).filter((status) => status === 200).length;
  const refusedUnknown = signInAnswers.slice(10).filter((status) => status === 401).length;
  if (rightSignIns !== 10 || refusedUnknown !== 10) {
    throw new Error(`sign-ins: ${signInAnswers.join(", ")}`);
  }
  const signInPeakRssMb = memory.phasePeakMb("signIns");
  log(
    `20 sign-ins at once (10 right, 10 unknown) with pages, ledgers and trial balances: ${signInsMs.toFixed(0)} ms; serving RSS peak in the step ${signInPeakRssMb} MB`,
  );

  // GSTR-1 of one month (issue 19): counts with warnings, the first B2B page, the JSON file.
  const month = { organisationId, year: YEAR, startDate: "2025-09-01", endDate: "2025-09-30" };
  memory.enter("gstr1");
  const gstUrl = (call: string, extra: Record<string, string> = {}) =>
    `${base}/gstr1/${call}?${new URLSearchParams({ ...month, ...extra })}`;
  const counts = JSON.parse((await timed(gstUrl("gstr1B2BCount"))).body) as {
    errorsCount: number;
    warnings: { message: string }[];
    sections: { type: string; count: number }[];
  };
  if (counts.errorsCount > 0)
    throw new Error(`GSTR-1 of the generated books has errors: ${counts.warnings[0]?.message}`);
  const gstSamples = Math.max(5, Math.round(options.trialBalanceSamples / 5));
  await timed(gstUrl("gstr1B2BCount"));
  const gstCounts = await loop(gstSamples, () => timed(gstUrl("gstr1B2BCount")));
  const b2bPage = { type: "b2b", skip: "0", limit: "50" };
  const gstPage = await loop(gstSamples, () => timed(gstUrl("gstr1transactions", b2bPage)));
  let jsonBytes = 0;
  const gstJson = await loop(Math.max(3, Math.round(gstSamples / 2)), async () => {
    const answer = await timed(gstUrl("gstr1Json"));
    jsonBytes = answer.bytes;
    return answer;
  });
  const documents = counts.sections
    .filter((section) => !["nil", "hsn", "doc_issue"].includes(section.type))
    .reduce((total, section) => total + section.count, 0);
  log(
    `GSTR-1 Sep 2025 (${documents} documents): counts p95 ${gstCounts.p95} ms, B2B page p95 ${gstPage.p95} ms, JSON p95 ${gstJson.p95} ms (${jsonBytes} bytes)`,
  );

  // GSTR-3B of the same month (issue 20): the tables with the books' checks, and the JSON file.
  memory.enter("gstr3b");
  const gstr3bUrl = (extra: Record<string, string>) =>
    `${base}/gstr3b/gstr3B?${new URLSearchParams({ ...month, ...extra })}`;
  await timed(gstr3bUrl({ type: "summary" }));
  const gstr3bSamples = Math.max(3, Math.round(gstSamples / 2));
  const gstr3bSummary = await loop(gstr3bSamples, () => timed(gstr3bUrl({ type: "summary" })));
  const gstr3bJson = await loop(gstr3bSamples, () => timed(gstr3bUrl({ downloadJson: "true" })));
  log(`GSTR-3B Sep 2025: tables p95 ${gstr3bSummary.p95} ms, JSON p95 ${gstr3bJson.p95} ms`);

  // GSTR-1's workbook for the offline tool (written as it is read, decision 059), last and as a
  // step of its own in the memory report: the steps before it are measured without it.
  memory.enter("gstr1Excel");
  let excelBytes = 0;
  const gstExcel = await loop(3, async () => {
    const answer = await timed(gstUrl("gstr1Json", { format: "excel" }));
    excelBytes = answer.bytes;
    return answer;
  });
  log(`GSTR-1 Sep 2025 Excel p95 ${gstExcel.p95} ms (${excelBytes} bytes)`);

  return {
    signIns: { ms: Math.round(signInsMs), peakRssMb: signInPeakRssMb },
    gstr1: {
      counts: gstCounts,
      page: gstPage,
      json: gstJson,
      documents,
      jsonBytes,
      excel: gstExcel,
      excelBytes,
    },
    gstr3b: { summary: gstr3bSummary, json: gstr3bJson },
    balanceSheet: sheetTiming,
    balanceSheetAfterChange: sheetAfterChange,
    save: saveTiming,
    invoicePdf: pdfTiming,
    invoicePdf100: longPdfTiming,
    list: { ...listTiming, rows: invoiceCount },
    search: { ...searchTiming, searchText, rows: matchCount },
    ledger: { ...ledgerTiming, rows: ledgerCount },
    trialBalance: { ...trialTiming, totalDebit: trial.totalDebit },
  };
}

// ---------------------------------------------------------------------------------------------
// The parent: runs each (engine, size) in a child, then writes RESULTS.md.

export type RunResult = Awaited<ReturnType<typeof runServe>>;

function spawnChild(argv: readonly string[], task: ChildTask): Promise<void> {
  const args = [
    fileURLToPath(import.meta.url),
    ...argv,
    ...[
      "--child-phase",
      task.phase,
      "--child-engine",
      task.engine,
      "--child-size",
      String(task.size),
    ],
    ...["--child-stamp", task.stamp, "--child-file", task.file],
  ];
  return new Promise((resolve, reject) => {
    // The serving process runs with the Node flags `npm start` gives the server.
    const flags = task.phase === "serve" ? serverNodeFlags() : [];
    const child = spawn(process.execPath, [...flags, ...args], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${task.engine} ${task.size} ${task.phase} failed (exit ${code})`)),
    );
  });
}

async function runChildren(
  options: Options,
  engine: Engine,
  size: number,
  stamp: string,
  argv: readonly string[],
): Promise<RunResult> {
  const handoff = path.join(RESULTS_DIR, `.${stamp}-${engine}-${size}.handoff.json`);
  const result = resultFile(stamp, engine, size);
  try {
    if (options.reuse) copyFileSync(options.reuse, handoff);
    else await spawnChild(argv, { phase: "load", engine, size, stamp, file: handoff });
    if (options.keep && !options.reuse) {
      const kept = path.join(RESULTS_DIR, `kept-${stamp}-${engine}-${size}.handoff.json`);
      copyFileSync(handoff, kept);
      console.log(`[${engine} ${size}] serve these books again: --reuse ${kept}`);
    }
    await spawnChild(argv, { phase: "serve", engine, size, stamp, file: handoff });
  } finally {
    rmSync(handoff, { force: true });
  }
  return JSON.parse(readFileSync(result, "utf8")) as RunResult;
}

function resultFile(stamp: string, engine: Engine, size: number) {
  return path.join(RESULTS_DIR, `${stamp}-${engine}-${size}.json`);
}

async function main() {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  mkdirSync(RESULTS_DIR, { recursive: true });
  if (options.child) {
    const { phase, engine, size, stamp, file } = options.child;
    if (phase === "load") await runLoad(options, engine, size, file);
    else {
      const handoff = JSON.parse(readFileSync(file, "utf8")) as Handoff;
      const result = await runServe(options, handoff, stamp);
      writeFileSync(
        resultFile(stamp, engine, size),
        `${JSON.stringify({ ...result, machine: machine() }, null, 2)}\n`,
      );
    }
    return;
  }
  const startedAt = new Date();
  const stamp = startedAt.toISOString().slice(0, 16).replace(":", "");
  if (
    options.engines.includes("postgres") &&
    !(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)
  ) {
    throw new Error("PostgreSQL runs need BENCH_DATABASE_URL or TEST_DATABASE_URL (postgres://…).");
  }
  const results: RunResult[] = [];
  const failures: string[] = [];
  // SQLite first at each size: the PostgreSQL ratio needs it.
  for (const size of options.sizes) {
    for (const engine of options.engines) {
      try {
        results.push(await runChildren(options, engine, size, stamp, argv));
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
  }
  if (results.length === 0) throw new Error(`Every run failed: ${failures.join("; ")}`);
  const command = `npm run bench${argv.length > 0 ? ` -- ${argv.join(" ")}` : ""}`;
  const text =
    markdown(command, results, startedAt) +
    failures.map((failure) => `- Failed: ${failure}\n`).join("");
  process.stdout.write(`\n${text}\n`);
  if (options.record) {
    recordRun(text, figuresOf(results), startedAt);
    process.stdout.write(
      `Recorded in bench/RUNS.md and the current table of bench/RESULTS.md; JSON in ${path.relative(process.cwd(), RESULTS_DIR)}/${stamp}-*.json\n`,
    );
  }
  // GSTR-2B matching (issue 20), on SQLite; skipped with --no-gstr2.
  if (!argv.includes("--no-gstr2")) {
    const { runGstr2Bench } = await import("./gstr2.ts");
    await runGstr2Bench({ record: options.record });
  }
  // One server against two behind a round-robin proxy on one PostgreSQL (issue 38, bench/servers.ts);
  // skipped with --no-servers.
  if (options.engines.includes("postgres") && !argv.includes("--no-servers")) {
    const { runServersBench } = await import("./servers.ts");
    await runServersBench();
  }
  // Heavy work between organisations (issue 37), on SQLite; skipped with --no-heavy.
  if (!argv.includes("--no-heavy")) {
    const { runHeavyWorkBench } = await import("./heavy-work.ts");
    await runHeavyWorkBench({ record: options.record });
  }
}

await main();
