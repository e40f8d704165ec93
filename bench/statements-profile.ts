// The balance sheet against the trial balance on a kept bench book (issue 18 item 5), each as its
// route answers it (the balance sheet's default type, "detailed", carries the closing stock item by
// item), over real HTTP to the app in this process and as the service calls alone. Rounds
// alternate the two, so a change in the machine's load weighs on both alike; CPU time
// (process.cpuUsage, client and server together for HTTP) is reported beside wall time because the
// benchmark machine is shared:
//   node bench/statements-profile.ts sqlite <dir>/bahi.db [calls]
//   node bench/statements-profile.ts postgres <url> <schema> [calls]
// after `npm run bench -- --engines sqlite --sizes 100000 --keep` (or postgres, with --keep).
import os from "node:os";
import path from "node:path";
import { buildApp } from "../server/src/app.ts";
import { loadConfig } from "../server/src/config.ts";
import { openDatabase } from "../server/src/db/database.ts";
import { ACCESS_COOKIE } from "../server/src/modules/auth/auth.cookies.ts";
import { signAccessToken } from "../server/src/modules/auth/tokens.ts";
import { readTrialBalance } from "../server/src/modules/ledger/ledger.service.ts";
import { presentBalanceSheet } from "../server/src/modules/reports/statements.presenter.ts";
import { readBalanceSheet } from "../server/src/modules/reports/statements.service.ts";

const [engine, target, ...rest] = process.argv.slice(2);
const opened =
  engine === "postgres"
    ? openDatabase({ kind: "postgres", url: target as string, schema: rest.shift() as string })
    : openDatabase({ kind: "sqlite", file: target as string });
const calls = Number(rest[0] ?? 100);
const db = opened.db;
const org = await db
  .selectFrom("organisations")
  .select(["id"])
  .where("gstin", "is not", null)
  .executeTakeFirstOrThrow();
const member = await db
  .selectFrom("memberships")
  .select(["user_id"])
  .where("organisation_id", "=", org.id)
  .executeTakeFirstOrThrow();
const year = "2025-26";
const date = "2026-03-31";

// The app on the book, and a session of the member's for its cookie (the bench's own may have
// expired: it is given a day more).
const secret = "statements-profile-secret-of-32-characters";
const dataDir = engine === "postgres" ? os.tmpdir() : path.dirname(target as string);
const {
  port: _p,
  host: _h,
  databaseUrl: _u,
  ...config
} = loadConfig({
  DATA_DIR: dataDir,
  WEB_DIST_DIR: path.join(dataDir, "no-web"),
  LOG_LEVEL: "silent",
  COOKIE_SECRET: secret,
  PUBLIC_URL: "http://127.0.0.1",
});
const app = await buildApp({ config, database: opened, migrationId: "profile", logger: false });
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`;
const session = await db
  .selectFrom("sessions")
  .select(["id"])
  .where("user_id", "=", member.user_id)
  .where("revoked_at", "is", null)
  .orderBy("expires_at", "desc")
  .executeTakeFirstOrThrow();
await db
  .updateTable("sessions")
  .set({ expires_at: new Date(Date.now() + 86_400_000).toISOString() })
  .where("id", "=", session.id)
  .execute();
const exp = Math.floor(Date.now() / 1000) + 3600;
const token = signAccessToken({ userId: member.user_id, sessionId: session.id, exp }, secret);
const headers = { cookie: `${ACCESS_COOKIE}=${token}` };
const caller = { kind: "user" as const, userId: member.user_id, sessionId: session.id };

async function time(name: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.max(5, calls / 10); i++) await fn();
  const walls: number[] = [];
  let cpu = 0;
  for (let i = 0; i < calls; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await fn();
    walls.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu += (d.user + d.system) / 1000;
  }
  walls.sort((a, b) => a - b);
  const at = (q: number) => walls[Math.min(walls.length - 1, Math.floor(walls.length * q))] ?? 0;
  const mean = cpu / calls;
  console.log(
    `${name.padEnd(30)} wall p50 ${at(0.5).toFixed(2)} p95 ${at(0.95).toFixed(2)} ms; cpu mean ${mean.toFixed(2)} ms`,
  );
  return { p95: at(0.95), cpu: mean };
}

async function get(url: string) {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
  return body;
}
const query = { organisationId: org.id, year, date };
const trialUrl = `${base}/reports/trialbalance?${new URLSearchParams(query)}`;
const sheetUrl = `${base}/reports/balancesheet?${new URLSearchParams(query)}`;

const ratios: string[] = [];
for (let round = 0; round < 3; round++) {
  const trialHttp = await time("HTTP trial balance", () => get(trialUrl));
  const sheetHttp = await time("HTTP balance sheet", () => get(sheetUrl));
  const trial = await time("service trial balance + JSON", async () =>
    JSON.stringify(await readTrialBalance(db, caller, query)),
  );
  const sheet = await time("service balance sheet + JSON", async () =>
    JSON.stringify(
      presentBalanceSheet(await readBalanceSheet(db, caller, { ...query, type: "detailed" })),
    ),
  );
  const line =
    `HTTP p95 ${(sheetHttp.p95 / trialHttp.p95).toFixed(2)}×, HTTP CPU ${(sheetHttp.cpu / trialHttp.cpu).toFixed(2)}×, ` +
    `service CPU ${(sheet.cpu / trial.cpu).toFixed(2)}×`;
  ratios.push(line);
  console.log(`round ${round + 1}: balance sheet ÷ trial balance: ${line}`);
}
console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
await app.close();
await opened.close();
