// npm run bench:servers (and the end of `npm run bench` when PostgreSQL is among its engines,
// unless --no-servers): one server against two behind a round-robin proxy on one PostgreSQL
// (issue 38). Both figures go through the same proxy (with one server behind it, then two), so
// the proxy's own hop is in both. Saves of one organisation (they queue on its books lock, decision
// 020) and saves spread over many organisations, side by side; the trial balance of the year.

import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer, SERVER_DIST_DIR } from "../scripts/build-server.ts";
import { serverEnvironment, serverNodeFlags } from "../scripts/server-node-flags.ts";
import { buildApp } from "../server/src/app.ts";
import { loadConfig } from "../server/src/config.ts";
import { openDatabase } from "../server/src/db/database.ts";
import { migrateToLatest } from "../server/src/db/migrate.ts";
import { generateBooks, sampleSalesInvoices } from "../server/src/modules/demo/book-generator.ts";
import { loadBooks } from "../server/src/modules/demo/load-books.ts";
import { startRoundRobinProxy } from "../server/test/round-robin-proxy.ts";
import { freePort } from "./process-probes.ts";

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const YEAR = "2025-26";
const PASSWORD = "correct horse 42";
const ORGANISATIONS = 6;
const VOUCHERS_PER_ORGANISATION = 3000;
const CLIENTS = 4;
const SAVES_PER_CLIENT = 50;
const TRIAL_BALANCES = 60;

interface Timing {
  p50: number;
  p95: number;
  perSecond: number;
}

export interface ServersFigures {
  servers: number;
  oneOrganisationSave: Timing;
  manyOrganisationsSave: Timing;
  trialBalance: Timing;
}

function summarise(samples: number[], wallMs: number): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    p50: Math.round(at(0.5) * 10) / 10,
    p95: Math.round(at(0.95) * 10) / 10,
    perSecond: Math.round((samples.length / (wallMs / 1000)) * 10) / 10,
  };
}

function postgresUrl(): string {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("The servers bench needs BENCH_DATABASE_URL or TEST_DATABASE_URL.");
  return url;
}

function withSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** The bundle as `npm start` runs it, with no COOKIE_SECRET: the key is the database's. */
async function startServerProcess(databaseUrl: string, dataDir: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeFlags(), path.join(SERVER_DIST_DIR, "main.js")],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...serverEnvironment(),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, "no-web"),
        LOG_LEVEL: "silent",
        PUBLIC_URL: "http://127.0.0.1",
        AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
        TRUST_PROXY: "127.0.0.1",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: databaseUrl,
      },
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (waited > 120_000) throw new Error("the server did not get ready in 2 minutes");
    const ready = await fetch(`${base}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    close: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

interface Books {
  owner: string;
  organisations: { id: string; invoices: unknown[] }[];
  /** How many of each organisation's sampled invoices were saved so far. */
  taken: Map<string, number>;
}

/** Six organisations of 3,000 vouchers each, loaded in this process; the owner's e-mail. */
async function loadOrganisations(databaseUrl: string, dataDir: string): Promise<Books> {
  const database = openDatabase({ kind: "postgres", url: databaseUrl, maxConnections: 4 });
  const migrationId = await migrateToLatest(database);
  const {
    port: _port,
    host: _host,
    databaseUrl: _url,
    ...config
  } = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, "no-web"),
    LOG_LEVEL: "silent",
    COOKIE_SECRET: "bench-servers-setup-only",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
  });
  const app = await buildApp({ config, database, migrationId, logger: false });
  try {
    const email = `bench.servers.${process.pid}@example.in`;
    const signUp = await app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { name: "Bench Owner", email, password: PASSWORD, mobileNumber: "9876543210" },
    });
    const challengeId = signUp.json().userId as string;
    await app.outbox.flush();
    const outbox = path.join(dataDir, "outbox");
    const otp = readdirSync(outbox)
      .map((name) => readFileSync(path.join(outbox, name), "utf8"))
      .map((mail) => /code is (\d{6})/.exec(mail)?.[1])
      .find(Boolean);
    const verify = await app.inject({
      method: "POST",
      url: "/api/auth/verify/signup/otp",
      payload: { userId: challengeId, otp },
    });
    if (verify.statusCode !== 200) throw new Error(`verify: ${verify.body}`);
    const userId = verify.json().user._id as string;
    const cookie = verify.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const organisations: Books["organisations"] = [];
    for (let index = 0; index < ORGANISATIONS; index += 1) {
      const books = generateBooks({
        seed: 100 + index,
        vouchers: VOUCHERS_PER_ORGANISATION,
        year: YEAR,
        stateCode: "27",
      });
      const added = await app.inject({
        method: "POST",
        url: "/api/organisation/add",
        headers: { cookie },
        payload: {
          name: `Bench Servers ${index + 1}`,
          startingYear: YEAR,
          gstRegistered: true,
          gstin: books.organisation.gstin,
          gstRegType: "regular",
          manageInventory: true,
          billWiseEntry: true,
        },
      });
      const organisationId = added.json().organisationId as string;
      const loaded = await loadBooks(
        { db: database.db, announceChange: () => {} },
        { kind: "user", userId, sessionId: "bench" },
        organisationId,
        books,
      );
      const invoices = sampleSalesInvoices(books, loaded.ids, {
        count: CLIENTS * SAVES_PER_CLIENT * 3,
        date: "2026-03-31",
        seed: 7 + index,
      });
      organisations.push({ id: organisationId, invoices });
    }
    return { owner: email, organisations, taken: new Map() };
  } finally {
    await app.close();
    await database.close();
  }
}

async function measure(proxyUrl: string, books: Books, servers: number): Promise<ServersFigures> {
  const signIn = await fetch(`${proxyUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: books.owner, password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = cookiesOf(signIn);
  const timed = async (url: string, init?: RequestInit) => {
    const started = performance.now();
    const response = await fetch(proxyUrl + url, {
      ...init,
      headers: { cookie, "content-type": "application/json", ...init?.headers },
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`${url}: ${response.status} ${body.slice(0, 300)}`);
    return performance.now() - started;
  };
  // Each organisation's invoices are taken in turn, never one twice (each carries its number).
  const nextInvoice = (organisation: Books["organisations"][number]) => {
    const at = books.taken.get(organisation.id) ?? 0;
    books.taken.set(organisation.id, at + 1);
    const invoice = organisation.invoices[at];
    if (!invoice) throw new Error("the bench ran out of sampled invoices");
    return invoice;
  };
  const saves = async (pick: (client: number, n: number) => Books["organisations"][number]) => {
    const samples: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let n = 0; n < SAVES_PER_CLIENT; n += 1) {
          const organisation = pick(client, n);
          samples.push(
            await timed("/api/salesinvoice/add", {
              method: "POST",
              body: JSON.stringify(nextInvoice(organisation)),
            }),
          );
        }
      }),
    );
    return summarise(samples, performance.now() - started);
  };
  const first = books.organisations[0] as Books["organisations"][number];
  // Warm both servers (each request alternates between them).
  for (let i = 0; i < 6; i += 1)
    await timed(`/api/reports/trialbalance?organisationId=${first.id}&year=${YEAR}`);
  const oneOrganisationSave = await saves(() => first);
  const manyOrganisationsSave = await saves(
    (client, n) =>
      books.organisations[(client + n * CLIENTS) % books.organisations.length] as typeof first,
  );
  const trialSamples: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 2 }, async (_, client) => {
      for (let n = 0; n < TRIAL_BALANCES / 2; n += 1) {
        const organisation = books.organisations[(client + n) % books.organisations.length];
        trialSamples.push(
          await timed(`/api/reports/trialbalance?organisationId=${organisation?.id}&year=${YEAR}`),
        );
      }
    }),
  );
  const trialBalance = summarise(trialSamples, performance.now() - started);
  return { servers, oneOrganisationSave, manyOrganisationsSave, trialBalance };
}

export function serversMarkdown(figures: ServersFigures[], load: string): string {
  const [one, two] = figures;
  if (!one || !two) return "";
  const within = (a: number, b: number) => `${b <= a * 1.1 ? "within" : "beyond"} 10 %`;
  const row = (label: string, key: keyof Omit<ServersFigures, "servers">) =>
    `| ${label} | ${one[key].p95} (${one[key].perSecond}/s) | ${two[key].p95} (${two[key].perSecond}/s) | ${within(one[key].p95, two[key].p95)} |`;
  return [
    `Two servers behind a round-robin proxy on one PostgreSQL (${ORGANISATIONS} organisations of ${VOUCHERS_PER_ORGANISATION.toLocaleString("en-IN")} vouchers; ${CLIENTS} clients × ${SAVES_PER_CLIENT} saves; ${TRIAL_BALANCES} trial balances by 2 clients). p95 ms (throughput); load average ${load}.`,
    "",
    "| | One server | Two servers | Two vs one |",
    "| --- | --- | --- | --- |",
    row("Save, one organisation", "oneOrganisationSave"),
    row("Save, many organisations", "manyOrganisationsSave"),
    row("Trial balance of the year", "trialBalance"),
    "",
  ].join("\n");
}

export async function runServersBench(): Promise<{ figures: ServersFigures[]; text: string }> {
  const url = postgresUrl();
  const schema = `bench_servers_${process.pid}`;
  const admin = openDatabase({ kind: "postgres", url, maxConnections: 1 });
  await admin.db.schema.dropSchema(schema).ifExists().cascade().execute();
  await admin.db.schema.createSchema(schema).execute();
  const databaseUrl = withSchema(url, schema);
  const dirs = [0, 1, 2].map(() => mkdtempSync(path.join(os.tmpdir(), "bahi-bench-servers-")));
  const log = (message: string) => process.stderr.write(`[servers] ${message}\n`);
  const stops: (() => Promise<void>)[] = [];
  try {
    log("loading the organisations…");
    const books = await loadOrganisations(databaseUrl, dirs[0] as string);
    await buildServer();
    const first = await startServerProcess(databaseUrl, dirs[1] as string);
    stops.push(first.close);
    const figures: ServersFigures[] = [];
    const alone = await startRoundRobinProxy([first.base]);
    stops.push(alone.close);
    figures.push(await measure(alone.url, books, 1));
    log(`one server: ${JSON.stringify(figures[0])}`);
    const second = await startServerProcess(databaseUrl, dirs[2] as string);
    stops.push(second.close);
    const pair = await startRoundRobinProxy([first.base, second.base]);
    stops.push(pair.close);
    figures.push(await measure(pair.url, books, 2));
    log(`two servers: ${JSON.stringify(figures[1])} (served ${pair.served.join(" / ")})`);
    const load = os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(", ");
    const text = serversMarkdown(figures, load);
    const stamp = new Date().toISOString().slice(0, 16).replace(":", "");
    mkdirSync(path.join(BENCH_DIR, "results"), { recursive: true });
    writeFileSync(
      path.join(BENCH_DIR, "results", `${stamp}-servers.json`),
      `${JSON.stringify({ figures, load, cpus: os.cpus().length }, null, 2)}\n`,
    );
    process.stdout.write(`\n${text}\n`);
    return { figures, text };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await admin.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await admin.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runServersBench();
