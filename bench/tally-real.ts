// `node bench/imports.ts --tally-real N` (issue 36): a UTF-16 day book of N real-shape vouchers
// posted to the server running as `npm start` runs it, in a process of its own; see tallyReal.

import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { buildServer, SERVER_DIST_DIR } from "../scripts/build-server.ts";
import { serverEnvironment, serverNodeFlags } from "../scripts/server-node-flags.ts";
import { writeRealShapeDayBook } from "../server/test/tally-day-book.ts";
import { freePort, processCpuMs, processMemory } from "./process-probes.ts";
import { recordRun } from "./record.ts";

function threadCpu(pid: number) {
  const last = new Map<string, { name: string; ms: number }>();
  const sample = () => {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8");
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        last.set(task, { name, ms: (Number(fields[11]) + Number(fields[12])) * 10 });
      } catch {
        // The thread ended between the listing and the read: its last sample stands.
      }
    }
  };
  sample();
  const start = new Map([...last].map(([task, { ms }]) => [task, ms]));
  return {
    sample,
    /** CPU seconds since the start by thread name, the busiest first. */
    seconds: () => {
      const byName = new Map<string, number>();
      for (const [task, { name, ms }] of last)
        byName.set(name, (byName.get(name) ?? 0) + ms - (start.get(task) ?? 0));
      return Object.fromEntries(
        [...byName]
          .filter(([, ms]) => ms > 0)
          .sort((a, b) => b[1] - a[1])
          .map(([name, ms]) => [name, Number((ms / 1000).toFixed(1))]),
      );
    },
  };
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

/**
 * The server as `npm start` runs it (its bundle, Node flags and environment): on SQLite in
 * `dataDir`, or on the PostgreSQL database `databaseUrl` names.
 */
async function startServingProcess(dataDir: string, databaseUrl = "") {
  await buildServer();
  const port = await freePort();
  // BENCH_SERVER_NODE_FLAGS adds flags of its own (`--cpu-prof --cpu-prof-dir=…` to profile it).
  const extraFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const child = spawn(
    process.execPath,
    [...serverNodeFlags(), ...extraFlags, path.join(SERVER_DIST_DIR, "main.js")],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...serverEnvironment(),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, "no-web"),
        LOG_LEVEL: "silent",
        COOKIE_SECRET: randomBytes(32).toString("hex"),
        PUBLIC_URL: "http://127.0.0.1",
        AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: databaseUrl,
      },
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}/api`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (waited > 120_000) throw new Error("the server did not answer /api/health in 2 minutes");
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    pid: child.pid as number,
    port,
    base,
    close: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A signed-in owner of a GST-registered organisation on the serving process. */
async function ownerOnServer(base: string, dataDir: string) {
  const email = `bench.${randomBytes(4).toString("hex")}@example.in`;
  const json = { "content-type": "application/json" };
  const signUp = await fetch(`${base}/auth/signup`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      name: "Bench Owner",
      email,
      password: "correct horse 42",
      mobileNumber: "9876543210",
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const { userId: challengeId } = (await signUp.json()) as { userId: string };
  let otp: string | undefined;
  for (let waited = 0; !otp && waited < 30_000; waited += 100) {
    const dir = path.join(dataDir, "outbox");
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      const mail = readFileSync(path.join(dir, name), "utf8");
      if (mail.includes(`To: ${email}`)) otp = /code is (\d{6})/.exec(mail)?.[1];
    }
    if (!otp) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!otp) throw new Error(`no code mailed to ${email}`);
  const verify = await fetch(`${base}/auth/verify/signup/otp`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ userId: challengeId, otp }),
  });
  if (!verify.ok) throw new Error(`verify: ${verify.status} ${await verify.text()}`);
  const cookie = cookiesOf(verify);
  const added = await fetch(`${base}/organisation/add`, {
    method: "POST",
    headers: { ...json, cookie },
    body: JSON.stringify({
      name: "Bench Traders",
      startingYear: "2025-26",
      gstRegistered: true,
      gstin: "27AAPFU0939F1ZV",
      gstRegType: "regular",
      manageInventory: true,
    }),
  });
  if (!added.ok) throw new Error(`organisation/add: ${added.status} ${await added.text()}`);
  const { organisationId } = (await added.json()) as { organisationId: string };
  return { cookie, organisationId };
}

/**
 * A database of its own on the PostgreSQL server of TEST_DATABASE_URL, for the serving process
 * (which migrates it as `npm start` does), dropped afterwards.
 */
async function benchPostgresDatabase() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("BAHI_TEST_DB=postgres needs TEST_DATABASE_URL");
  const { default: pg } = await import("pg");
  const name = `bahi_bench_tally_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Posts a day book to POST /api/import/tally as a user's client would, and gives the answer's
 * text. With curl when the machine has it: the client shares the server's two cores, and Node's
 * own http client took some 1.9 s of CPU to send 471 MB (curl a fraction of that), which slowed
 * the upload it was measuring. `onSent` is called when Node's client has sent the last byte;
 * curl does not say, and the upload's end is then taken as when the import's total is known.
 */
async function postDayBook(options: {
  port: number;
  cookie: string;
  fields: Record<string, string>;
  file: string;
  size: number;
  onSent: () => void;
}): Promise<string> {
  const url = `http://127.0.0.1:${options.port}/api/import/tally`;
  if (!process.env.BENCH_NODE_CLIENT && hasCurl())
    return new Promise<string>((resolve, reject) => {
      const form = Object.entries(options.fields).flatMap(([name, value]) => [
        "-F",
        `${name}=${value}`,
      ]);
      const curl = spawn(
        "curl",
        [
          "-sS",
          "-X",
          "POST",
          "-H",
          `cookie: ${options.cookie}`,
          ...form,
          "-F",
          `file=@${options.file};type=text/xml`,
          url,
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      const chunks: Buffer[] = [];
      curl.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
      curl.on("error", reject);
      curl.on("exit", (code) =>
        code === 0
          ? resolve(Buffer.concat(chunks).toString())
          : reject(new Error(`curl exited ${code}`)),
      );
    });
  const boundary = "----bahi-bench-tally";
  const head = Buffer.from(
    `${Object.entries(options.fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join(
        "",
      )}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="DayBook.xml"\r\nContent-Type: text/xml\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<string>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + options.size + tail.length,
          cookie: options.cookie,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks).toString()));
      },
    );
    request.on("error", reject);
    request.write(head);
    const stream = createReadStream(options.file);
    stream.pipe(request, { end: false });
    stream.on("end", () => {
      options.onSent();
      request.end(tail);
    });
  });
}

function hasCurl(): boolean {
  try {
    execFileSync("curl", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Per-thread CPU seconds spent in each phase, from the running totals at the phases' ends. */
function cpuByPhase(
  at: Record<"uploaded" | "totalKnown", Record<string, number>>,
  end: Record<string, number>,
) {
  const between = (from: Record<string, number>, to: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(to)
        .map(([name, seconds]) => [name, Number((seconds - (from[name] ?? 0)).toFixed(1))] as const)
        .filter(([, seconds]) => seconds > 0),
    );
  return {
    upload: between({}, at.uploaded),
    mastersRead: between(at.uploaded, at.totalKnown),
    vouchersAndCheck: between(at.totalKnown, end),
  };
}

/**
 * Issue 36: a UTF-16 day book of `count` real-shape vouchers (server/test/tally-day-book.ts, some
 * 48 KB each) uploaded over HTTP (with curl, postDayBook) to the server running as `npm start`
 * runs it, in a process of its own, while /api/health is asked every 50 ms. Measures vouchers/s, the server process's RSS
 * (from /proc) before, during and after, the longest /api/health wait, and the phases: the
 * upload, reading the masters (until the import's progress has its total), the vouchers (read,
 * planned and saved) and the trial-balance check (after the last voucher, until the answer).
 */
export async function tallyReal(
  count: number,
  { engine, record }: { engine: "sqlite" | "postgres"; record: boolean },
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bahi-bench-tally-"));
  const file = path.join(dataDir, "DayBook.xml");
  const size = await writeRealShapeDayBook(file, count, "utf16le");
  const postgres = engine === "postgres" ? await benchPostgresDatabase() : null;
  const server = await startServingProcess(dataDir, postgres?.url);
  const { cookie, organisationId } = await ownerOnServer(server.base, dataDir);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssBefore = processMemory(server.pid).rss;
  let rssPeak = rssBefore;
  const threads = threadCpu(server.pid);
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, processMemory(server.pid).rss);
    threads.sample();
  }, 50);
  const cpuBefore = processCpuMs(server.pid);
  const progressId = `bench${randomBytes(6).toString("hex")}`;
  const phases = { uploadedMs: 0, totalKnownMs: 0, lastVoucherMs: 0 };
  /** The server's CPU seconds by thread at the end of the upload and of the masters' reading. */
  const cpuAtPhase: Record<"uploaded" | "totalKnown", Record<string, number>> = {
    uploaded: {},
    totalKnown: {},
  };
  const waits: number[] = [];
  /** Each /api/health wait with when it was asked (ms from the start), for the phases' waits. */
  const waitsAt: { at: number; ms: number }[] = [];
  let polling = true;
  const started = performance.now();
  const poller = (async () => {
    while (polling) {
      const asked = performance.now();
      await fetch(`${server.base}/health`).then((r) => r.arrayBuffer());
      waits.push(performance.now() - asked);
      waitsAt.push({ at: asked - started, ms: performance.now() - asked });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const progressPoller = (async () => {
    while (polling) {
      const response = await fetch(
        `${server.base}/import/progress?organisationId=${organisationId}&progressId=${progressId}`,
        { headers: { cookie } },
      );
      const progress = (await response.json()) as { total?: number | null; done?: number };
      const at = performance.now() - started;
      if (progress.total && !phases.totalKnownMs) {
        phases.totalKnownMs = at;
        threads.sample();
        cpuAtPhase.totalKnown = threads.seconds();
      }
      if (progress.total && progress.done === progress.total && !phases.lastVoucherMs)
        phases.lastVoucherMs = at;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const body = await postDayBook({
    port: server.port,
    cookie,
    fields: { organisationId, progressId },
    file,
    size,
    onSent: () => {
      phases.uploadedMs = performance.now() - started;
      threads.sample();
      cpuAtPhase.uploaded = threads.seconds();
    },
  });
  const ms = performance.now() - started;
  // A poll may miss the moment the last voucher was saved when the check after it is quick.
  phases.lastVoucherMs ||= ms;
  // curl does not say when it sent the last byte: the upload runs until the total is known.
  if (!phases.uploadedMs) {
    phases.uploadedMs = phases.totalKnownMs;
    cpuAtPhase.uploaded = cpuAtPhase.totalKnown;
  }
  polling = false;
  await Promise.all([poller, progressPoller]);
  clearInterval(sampler);
  threads.sample();
  const serverCpuMs = processCpuMs(server.pid) - cpuBefore;
  const result = JSON.parse(body) as {
    vouchers?: { imported: number; failed: unknown[]; trialBalance: { message: string } };
    message?: string;
  };
  // What the server keeps once it is quiet again.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const rssAfter = processMemory(server.pid).rss;
  const rssHighWater = processMemory(server.pid).hwm;
  await server.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  const seconds = (value: number) => Number((value / 1000).toFixed(1));
  /** The longest /api/health wait asked between two moments (ms from the start). */
  const longestWait = (from: number, to: number) =>
    Math.round(
      Math.max(0, ...waitsAt.filter((wait) => wait.at >= from && wait.at < to).map((w) => w.ms)),
    );
  const figures = {
    vouchers: count,
    fileMb: Math.round(size / 1024 / 1024),
    imported: result.vouchers?.imported ?? 0,
    failed: result.vouchers?.failed.length ?? result.message,
    trialBalance: result.vouchers?.trialBalance.message,
    seconds: seconds(ms),
    vouchersPerSecond: Math.round((count / ms) * 1000),
    serverCpuSeconds: seconds(serverCpuMs),
    /** The server's CPU seconds by thread: the main thread's over the vouchers is what limits. */
    serverCpuByThread: threads.seconds(),
    serverCpuMsPerVoucher: Number((serverCpuMs / count).toFixed(2)),
    /** The same by phase: the upload, the masters' reading, and from then to the answer. */
    serverCpuByPhase: cpuByPhase(cpuAtPhase, threads.seconds()),
    phases: {
      upload: seconds(phases.uploadedMs),
      mastersRead: seconds(phases.totalKnownMs - phases.uploadedMs),
      vouchers: seconds(phases.lastVoucherMs - phases.totalKnownMs),
      trialBalanceCheck: seconds(ms - phases.lastVoucherMs),
    },
    /** The longest /api/health wait asked in each phase (ms). */
    phaseWaitsMs: {
      upload: longestWait(0, phases.uploadedMs),
      mastersRead: longestWait(phases.uploadedMs, phases.totalKnownMs),
      vouchers: longestWait(phases.totalKnownMs, phases.lastVoucherMs),
      trialBalanceCheck: longestWait(phases.lastVoucherMs, ms),
    },
    serverRssBeforeMb: Math.round(rssBefore / 1024 / 1024),
    serverRssPeakMb: Math.round(Math.max(rssPeak, rssHighWater) / 1024 / 1024),
    serverRssAfterMb: Math.round(rssAfter / 1024 / 1024),
    healthRequests: waits.length,
    maxHealthWaitMs: Math.round(Math.max(0, ...waits)),
    loadAverage: os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(" "),
  };
  console.log(JSON.stringify(figures, null, 2));
  if (figures.imported !== count)
    console.log(body.replace(/"accountsToCreate":\[[^\]]*\]/, "").slice(0, 3000));
  if (!record || figures.imported !== count) return;
  const books = `${count.toLocaleString("en-IN")} real-shape vouchers, UTF-16 (${figures.fileMb} MB)`;
  recordRun(
    [
      "",
      `## Issue 36 Tally real-shape day book, ${new Date().toISOString().slice(0, 16)}Z (${engine}, ${os.cpus().length} cores)`,
      "",
      `\`node bench/imports.ts --tally-real ${count}\`: the server as \`npm start\` runs it, in its own process`,
      "",
      "```json",
      JSON.stringify(figures, null, 2),
      "```",
      "",
    ].join("\n"),
    [
      {
        measure: "tallyRealRate",
        label:
          "Tally real-shape day book: vouchers/s (server CPU seconds in brackets, its main thread's after the semicolon)",
        size: books,
        engine,
        target: "≥ 1,000",
        value: `${figures.vouchersPerSecond.toLocaleString("en-IN")} (${figures.serverCpuSeconds}; ${figures.serverCpuByThread.MainThread ?? "?"})`,
        met: figures.vouchersPerSecond >= 1000,
      },
      {
        measure: "tallyRealPeakRss",
        label: "Tally real-shape day book: server RSS during the import (MB)",
        size: books,
        engine,
        target: "≤ 400",
        value: String(figures.serverRssPeakMb),
        met: figures.serverRssPeakMb <= 400,
      },
      {
        measure: "tallyRealRssAfter",
        label: "Tally real-shape day book: server RSS after the import (MB)",
        size: books,
        engine,
        target: "< 300",
        value: String(figures.serverRssAfterMb),
        met: figures.serverRssAfterMb < 300,
      },
      {
        measure: "tallyRealWait",
        label: "Tally real-shape day book: longest wait of another request, /api/health (ms)",
        size: books,
        engine,
        target: "≤ 200",
        value: figures.maxHealthWaitMs.toLocaleString("en-IN"),
        met: figures.maxHealthWaitMs <= 200,
      },
    ],
  );
}
