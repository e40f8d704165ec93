// npm run bench:imports [-- --lines 10000] [--sheet-vouchers 100000] [--no-record]: the bank-statement import (issue 23) on
// a generated statement. BAHI_TEST_DB=postgres with TEST_DATABASE_URL runs it on PostgreSQL (with
// --tally-real, the serving process on a database of its own there).
//
// 1. A fresh organisation with 300 accounts imports a statement of `lines` lines (no history):
//    parse, duplicate check, suggestions and staging, timed over app.inject.
// 2. Every line is given its account and saved as vouchers (saveTransaction): vouchers/s.
// 3. A second statement, half of it the first one's lines again, is imported: the duplicate rule
//    and the suggestions learned from the saved lines, timed; the share of new lines whose
//    suggested account is the one the generator meant is reported.
// 4. A spreadsheet of `sheet-vouchers` journal entries (default 100,000) imported: vouchers/s.
// 5. A Tally day book of `tally-vouchers` vouchers (default 100,000: sales with an item line,
//    receipts, payments and journals in turn) through POST /import/tally: seconds (≤ 120).
// Each step's CPU time of the process is reported beside its wall time: on a machine shared with
// other work (load average far above the cores) the wall time is mostly waiting for a core.
// Targets (issue 23): a 10,000-line statement parsed, checked for duplicates and suggested ≤ 3 s;
// a spreadsheet of 100,000 vouchers imported at ≥ 2,000 vouchers/s.

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
import { insertAccount, insertItem } from "../server/test/books.ts";
import { buildMultipart } from "../server/test/multipart.ts";
import { createOrganisation, signUpPerson } from "../server/test/people.ts";
import { writeRealShapeDayBook } from "../server/test/tally-day-book.ts";
import { createTestApp } from "../server/test/test-app.ts";
import { seededRandom } from "./cli.ts";
import { freePort, processCpuMs, processMemory } from "./process-probes.ts";
import { recordRun } from "./record.ts";

const argv = process.argv.slice(2);
const option = (name: string) => {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? argv[index + 1] : undefined;
};
const LINES = Number(option("lines") ?? 10_000);
const SHEET_VOUCHERS = Number(option("sheet-vouchers") ?? 100_000);
const TALLY_VOUCHERS = Number(option("tally-vouchers") ?? 100_000);
const RECORD = !argv.includes("--no-record");
/** `--tally-real n`: only the real-shape Tally day book (issue 36), n vouchers in UTF-16. */
const TALLY_REAL = option("tally-real") ? Number(option("tally-real")) : null;
const ENGINE = process.env.BAHI_TEST_DB === "postgres" ? "postgres" : "sqlite";

interface Line {
  date: string;
  narration: string;
  reference: string;
  amountPaise: number;
  accountIndex: number;
}

const SURNAMES = [
  "SHARMA",
  "PATEL",
  "IYER",
  "REDDY",
  "KHAN",
  "SINGH",
  "MEHTA",
  "NAIR",
  "DAS",
  "RAO",
];
const TRADES = ["TRADERS", "STORES", "ENTERPRISES", "AGENCIES", "SUPPLIERS", "MART"];

function partyName(index: number) {
  return `${SURNAMES[index % SURNAMES.length]} ${TRADES[Math.floor(index / 10) % TRADES.length]} ${index}`;
}

function generateLines(count: number, seed: number, parties: number): Line[] {
  const random = seededRandom(seed);
  const lines: Line[] = [];
  for (let index = 0; index < count; index += 1) {
    const accountIndex = Math.floor(random() * parties);
    const day = Math.floor((index / count) * 360);
    const date = new Date(Date.UTC(2025, 3, 1 + day)).toISOString().slice(0, 10);
    const incoming = accountIndex % 2 === 0;
    const amountPaise = (Math.floor(random() * 50_000) + 100) * 100 * (incoming ? 1 : -1);
    const upi = `${partyName(accountIndex).split(" ")[0]?.toLowerCase()}${accountIndex}@okaxis`;
    const narration =
      random() < 0.5
        ? `UPI-${partyName(accountIndex)}-${upi}-${Math.floor(random() * 1e12)}`
        : `NEFT ${incoming ? "CR" : "DR"}-${partyName(accountIndex)}-N${Math.floor(random() * 1e9)}`;
    lines.push({ date, narration, reference: `R${seed}${index}`, amountPaise, accountIndex });
  }
  return lines;
}

function toCsv(lines: readonly Line[]): string {
  const rows = [
    "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance",
  ];
  let balance = 1_000_000_000;
  for (const line of lines) {
    balance += line.amountPaise;
    const [y, m, d] = line.date.split("-");
    const date = `${d}/${m}/${y?.slice(2)}`;
    const amount = (Math.abs(line.amountPaise) / 100).toFixed(2);
    rows.push(
      [
        date,
        line.narration,
        line.reference,
        date,
        line.amountPaise < 0 ? amount : "",
        line.amountPaise > 0 ? amount : "",
        (balance / 100).toFixed(2),
      ].join(","),
    );
  }
  return rows.join("\n");
}

/** CPU time (user and system, every thread) since `start`, in ms. */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function main() {
  const context = await createTestApp();
  const owner = await signUpPerson(context);
  const { organisationId } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
    billWiseEntry: false,
  });
  const bank = await insertAccount(context, organisationId, {
    name: "HDFC Current",
    nature: "Bank",
  });
  const parties: string[] = [];
  for (let index = 0; index < 300; index += 1) {
    parties.push(
      await insertAccount(context, organisationId, {
        name: partyName(index),
        nature: index % 2 === 0 ? "Indirect Income" : "Indirect Expense",
      }),
    );
  }
  const inject = (method: "POST" | "PATCH", url: string, payload: object) =>
    context.app.inject({ method, url, payload, headers: { cookie: owner.cookies } });
  const importCsv = async (csv: string, fileName: string) => {
    const form = buildMultipart({ organisationId, accountId: bank }, [
      { field: "files", fileName, bytes: csv },
    ]);
    const started = performance.now();
    const response = await context.app.inject({
      method: "POST",
      url: "/api/import/bank/importFiles",
      payload: form.payload,
      headers: { ...form.headers, cookie: owner.cookies },
    });
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(response.body);
    return { ms, request: response.json().importRequests[0] as { _id: string } };
  };
  const entriesOf = async (importRequestId: string) => {
    const response = await inject("POST", "/api/import/bank/getImportedBankEntries", {
      organisationId,
      importRequestId,
    });
    return response.json().bankEntries as {
      _id: string;
      duplicate: boolean;
      counterAccountId: string | null;
    }[];
  };

  const first = generateLines(LINES, 1, parties.length);
  const one = await importCsv(toCsv(first), "first.csv");
  const staged = await entriesOf(one.request._id);
  for (let from = 0; from < staged.length; from += 5000) {
    const response = await inject("PATCH", "/api/import/bank/saveImportedBankEntries", {
      organisationId,
      importRequestId: one.request._id,
      entries: staged.slice(from, from + 5000).map((entry, offset) => ({
        bankEntryId: entry._id,
        accountId: parties[(first[from + offset] as Line).accountIndex],
        status: "accepted",
      })),
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  }
  const saveStarted = performance.now();
  const saved = await inject("POST", "/api/import/bank/saveTransaction", {
    organisationId,
    importRequestId: one.request._id,
  });
  const saveMs = performance.now() - saveStarted;
  if (saved.statusCode !== 200) throw new Error(saved.body);

  const fresh = generateLines(LINES - Math.floor(LINES / 2), 2, parties.length);
  const second = [...first.slice(0, Math.floor(LINES / 2)), ...fresh];
  const two = await importCsv(toCsv(second), "second.csv");
  const secondEntries = await entriesOf(two.request._id);
  const duplicates = secondEntries.filter((entry) => entry.duplicate).length;
  const newOnes = secondEntries.slice(Math.floor(LINES / 2));
  const right = newOnes.filter(
    (entry, index) => entry.counterAccountId === parties[(fresh[index] as Line).accountIndex],
  ).length;
  // 4. A spreadsheet of SHEET_VOUCHERS journal entries (two lines each) through importData.
  const sheetRows = ["entry,type,date,account,debit,credit,narration"];
  const sheetRandom = seededRandom(3);
  for (let index = 0; index < SHEET_VOUCHERS; index += 1) {
    const day = Math.floor((index / SHEET_VOUCHERS) * 360);
    const date = new Date(Date.UTC(2025, 3, 1 + day)).toISOString().slice(0, 10);
    const amount = ((Math.floor(sheetRandom() * 100_000) + 100) / 100).toFixed(2);
    const debit = partyName(Math.floor(sheetRandom() * parties.length));
    let credit = partyName(Math.floor(sheetRandom() * parties.length));
    if (credit === debit) credit = partyName((parties.indexOf(debit) + 1) % parties.length);
    sheetRows.push(`${index + 1},Journal,${date},${debit},${amount},,Sheet ${index + 1}`);
    sheetRows.push(`${index + 1},Journal,${date},${credit},,${amount},`);
  }
  const sheet = buildMultipart({ organisationId, type: "vouchers" }, [
    { field: "file", fileName: "vouchers.csv", bytes: sheetRows.join("\n") },
  ]);
  const sheetStarted = performance.now();
  const sheetCpu = process.cpuUsage();
  const sheetResponse = await context.app.inject({
    method: "POST",
    url: "/api/import/other/importData",
    payload: sheet.payload,
    headers: { ...sheet.headers, cookie: owner.cookies },
  });
  const sheetMs = performance.now() - sheetStarted;
  const sheetCpuMs = cpuMsSince(sheetCpu);
  if (sheetResponse.statusCode !== 200) throw new Error(sheetResponse.body.slice(0, 500));
  const sheetImported = sheetResponse.json().imported as number;
  const sheetBytes = sheet.payload.length;

  // 5. A Tally day book, as Tally Prime exports one (accounting and invoice views, GUIDs).
  // A fresh organisation, so the trial-balance check compares the day book's books alone.
  const { organisationId: tallyOrg } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
    billWiseEntry: false,
  });
  await insertAccount(context, tallyOrg, { name: "HDFC Current", nature: "Bank" });
  for (let index = 0; index < parties.length; index += 1) {
    await insertAccount(context, tallyOrg, {
      name: partyName(index),
      nature: index % 2 === 0 ? "Indirect Income" : "Indirect Expense",
    });
  }
  const customers: string[] = [];
  for (let index = 0; index < 50; index += 1) {
    await insertAccount(context, tallyOrg, { name: `CUSTOMER ${index}`, nature: "Debtors" });
    customers.push(`CUSTOMER ${index}`);
  }
  await insertItem(context, tallyOrg, { name: "Bench Rod", gstRate: 0 });
  const tallyRandom = seededRandom(5);
  const amountText = (paise: number) => (paise / 100).toFixed(2);
  const entry = (ledger: string, paise: number) =>
    `<ALLLEDGERENTRIES.LIST><LEDGERNAME>${ledger}</LEDGERNAME><ISDEEMEDPOSITIVE>${paise > 0 ? "Yes" : "No"}</ISDEEMEDPOSITIVE><AMOUNT>${amountText(-paise)}</AMOUNT></ALLLEDGERENTRIES.LIST>`;
  const vouchers: string[] = [];
  for (let index = 0; index < TALLY_VOUCHERS; index += 1) {
    const day = Math.floor((index / TALLY_VOUCHERS) * 360);
    const date = new Date(Date.UTC(2025, 3, 1 + day))
      .toISOString()
      .slice(0, 10)
      .replaceAll("-", "");
    const paise = (Math.floor(tallyRandom() * 50_000) + 100) * 100;
    const customer = customers[index % customers.length] as string;
    const party = partyName(Math.floor(tallyRandom() * parties.length));
    const head = (type: string) =>
      `<VOUCHER VCHTYPE="${type}" ACTION="Create"><DATE>${date}</DATE><GUID>bench-${index}</GUID><VOUCHERTYPENAME>${type}</VOUCHERTYPENAME><VOUCHERNUMBER>${index + 1}</VOUCHERNUMBER>`;
    let body: string;
    if (index % 4 === 0) {
      const quantity = 1 + (index % 9);
      const rate = Math.round(paise / quantity);
      body = `${head("Sales")}<PARTYLEDGERNAME>${customer}</PARTYLEDGERNAME><LEDGERENTRIES.LIST><LEDGERNAME>${customer}</LEDGERNAME><ISPARTYLEDGER>Yes</ISPARTYLEDGER><AMOUNT>${amountText(-rate * quantity)}</AMOUNT></LEDGERENTRIES.LIST><ALLINVENTORYENTRIES.LIST><STOCKITEMNAME>Bench Rod</STOCKITEMNAME><RATE>${amountText(rate)}/Nos</RATE><BILLEDQTY> ${quantity} Nos</BILLEDQTY><AMOUNT>${amountText(rate * quantity)}</AMOUNT><ACCOUNTINGALLOCATIONS.LIST><LEDGERNAME>Sales</LEDGERNAME><AMOUNT>${amountText(rate * quantity)}</AMOUNT></ACCOUNTINGALLOCATIONS.LIST></ALLINVENTORYENTRIES.LIST>`;
    } else if (index % 4 === 1) {
      body = `${head("Receipt")}${entry("HDFC Current", paise)}${entry(customer, -paise)}`;
    } else if (index % 4 === 2) {
      body = `${head("Payment")}${entry(party, paise)}${entry("HDFC Current", -paise)}`;
    } else {
      const other = partyName(parties.length - 1 - (index % parties.length));
      body = `${head("Journal")}${entry(party === other ? customer : party, paise)}${entry(other, -paise)}`;
    }
    vouchers.push(
      `<TALLYMESSAGE>${body}<NARRATION>Bench ${index}</NARRATION></VOUCHER></TALLYMESSAGE>`,
    );
  }
  const dayBook = `<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA><REQUESTDATA>${vouchers.join("\n")}</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;
  const tallyForm = buildMultipart({ organisationId: tallyOrg }, [
    { field: "file", fileName: "DayBook.xml", bytes: dayBook },
  ]);
  const tallyStarted = performance.now();
  const tallyCpu = process.cpuUsage();
  const tallyResponse = await context.app.inject({
    method: "POST",
    url: "/api/import/tally",
    payload: tallyForm.payload,
    headers: { ...tallyForm.headers, cookie: owner.cookies },
  });
  const tallyMs = performance.now() - tallyStarted;
  const tallyCpuMs = cpuMsSince(tallyCpu);
  if (tallyResponse.statusCode !== 200) throw new Error(tallyResponse.body.slice(0, 500));
  const tally = tallyResponse.json().vouchers as {
    imported: number;
    failed: unknown[];
    notImported: unknown[];
    trialBalance: { agrees: boolean; message: string };
  };
  const tallyBytes = tallyForm.payload.length;

  const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  await context.close();

  const results = {
    engine: ENGINE,
    lines: LINES,
    firstImportMs: Math.round(one.ms),
    saveMs: Math.round(saveMs),
    savedPerSecond: Math.round((LINES / saveMs) * 1000),
    secondImportMs: Math.round(two.ms),
    duplicatesFound: duplicates,
    duplicatesExpected: Math.floor(LINES / 2),
    suggestedRight: `${right}/${newOnes.length}`,
    sheetVouchers: sheetImported,
    sheetMs: Math.round(sheetMs),
    sheetVouchersPerSecond: Math.round((sheetImported / sheetMs) * 1000),
    sheetFileMb: Math.round(sheetBytes / 1024 / 1024),
    sheetCpuMs: Math.round(sheetCpuMs),
    sheetVouchersPerCpuSecond: Math.round((sheetImported / sheetCpuMs) * 1000),
    tallyVouchers: tally.imported,
    tallyFailed: tally.failed.length + tally.notImported.length,
    tallyTrialBalance: tally.trialBalance.message,
    tallyMs: Math.round(tallyMs),
    tallyCpuMs: Math.round(tallyCpuMs),
    tallyFileMb: Math.round(tallyBytes / 1024 / 1024),
    loadAverage: os.loadavg()[0]?.toFixed(1),
    maxRssMb,
  };
  console.log(JSON.stringify(results, null, 2));
  if (RECORD) {
    const size = `${LINES.toLocaleString("en-IN")} statement lines`;
    const engine: "sqlite" | "postgres" = ENGINE === "postgres" ? "postgres" : "sqlite";
    recordRun(
      [
        "",
        `## Issue 23 imports, ${new Date().toISOString().slice(0, 16)}Z (${ENGINE}, ${os.cpus().length} cores)`,
        "",
        `\`npm run bench:imports -- --lines ${LINES} --sheet-vouchers ${SHEET_VOUCHERS} --tally-vouchers ${TALLY_VOUCHERS}\` (issue 23)`,
        "",
        "| measure | value |",
        "| --- | --- |",
        `| import of ${LINES} lines, no history (parse, duplicates, suggestions, staging) | ${results.firstImportMs} ms ${results.firstImportMs <= 3000 ? "✓" : "✗"} |`,
        `| save of the ${LINES} lines as vouchers (saveTransaction) | ${results.saveMs} ms, ${results.savedPerSecond} vouchers/s |`,
        `| import of ${LINES} lines, half already saved, with learned words | ${results.secondImportMs} ms ${results.secondImportMs <= 3000 ? "✓" : "✗"} |`,
        `| duplicates flagged / expected | ${duplicates} / ${results.duplicatesExpected} |`,
        `| new lines whose suggested account was right | ${results.suggestedRight} |`,
        `| spreadsheet of ${results.sheetVouchers} journal entries (${results.sheetFileMb} MB CSV) through importData | ${results.sheetMs} ms, ${results.sheetVouchersPerSecond} vouchers/s ${results.sheetVouchersPerSecond >= 2000 ? "✓" : "✗"} (target ≥ 2,000/s) |`,
        `| the same, CPU time of the process | ${results.sheetCpuMs} ms, ${results.sheetVouchersPerCpuSecond} vouchers per CPU second |`,
        `| Tally day book of ${TALLY_VOUCHERS} vouchers (${results.tallyFileMb} MB XML) through /import/tally: imported / refused | ${results.tallyVouchers} / ${results.tallyFailed} |`,
        `| the same, wall time (target ≤ 120 s) | ${(results.tallyMs / 1000).toFixed(1)} s ${results.tallyMs <= 120_000 ? "✓" : "✗"} |`,
        `| the same, CPU time of the process | ${(results.tallyCpuMs / 1000).toFixed(1)} s |`,
        `| the trial-balance check of the Tally import | ${results.tallyTrialBalance} |`,
        `| load average (1 min) at the end | ${results.loadAverage} |`,
        `| peak RSS of the process (bench harness and server in one) | ${maxRssMb} MB |`,
        "",
      ].join("\n"),
      [
        {
          measure: "bankImport",
          label: "Bank statement import, no history: parse, duplicates, suggestions (ms)",
          size,
          engine,
          target: "≤ 3,000",
          value: results.firstImportMs.toLocaleString("en-IN"),
          met: results.firstImportMs <= 3000,
        },
        {
          measure: "bankImportAgain",
          label: "Bank statement import, half already saved, with learned words (ms)",
          size,
          engine,
          target: "≤ 3,000",
          value: results.secondImportMs.toLocaleString("en-IN"),
          met: results.secondImportMs <= 3000,
        },
        ...(SHEET_VOUCHERS > 0
          ? [
              {
                measure: "sheetImport",
                label:
                  "Spreadsheet voucher import (vouchers/s; CPU-bound: vouchers per CPU second in brackets)",
                size: `${results.sheetVouchers.toLocaleString("en-IN")} journal entries`,
                engine,
                target: "≥ 2,000",
                value: `${results.sheetVouchersPerSecond.toLocaleString("en-IN")} (${results.sheetVouchersPerCpuSecond.toLocaleString("en-IN")})`,
                met: results.sheetVouchersPerSecond >= 2000,
              },
            ]
          : []),
        ...(TALLY_VOUCHERS > 0
          ? [
              {
                measure: "tallyImport",
                label: "Tally day book import, wall time (s; CPU seconds in brackets)",
                size: `${TALLY_VOUCHERS.toLocaleString("en-IN")} vouchers`,
                engine,
                target: "≤ 120",
                value: `${(results.tallyMs / 1000).toFixed(1)} (${(results.tallyCpuMs / 1000).toFixed(1)})`,
                met: results.tallyMs <= 120_000,
              },
            ]
          : []),
      ],
    );
  }
}

/**
 * CPU time (ms) of each thread of another process by its name, as last sampled: Node's main
 * thread (`MainThread`), its worker threads (`WorkerThread`: the Tally readers, the checkpoint
 * and document workers), V8's platform threads (`V8Worker`: collection and compiling) and libuv's
 * pool. A thread that has ended keeps its last sample; call `sample` often.
 */
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
async function tallyReal(count: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bahi-bench-tally-"));
  const file = path.join(dataDir, "DayBook.xml");
  const size = await writeRealShapeDayBook(file, count, "utf16le");
  const postgres = ENGINE === "postgres" ? await benchPostgresDatabase() : null;
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
  if (!RECORD || figures.imported !== count) return;
  const books = `${count.toLocaleString("en-IN")} real-shape vouchers, UTF-16 (${figures.fileMb} MB)`;
  recordRun(
    [
      "",
      `## Issue 36 Tally real-shape day book, ${new Date().toISOString().slice(0, 16)}Z (${ENGINE}, ${os.cpus().length} cores)`,
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
        engine: ENGINE,
        target: "≥ 1,000",
        value: `${figures.vouchersPerSecond.toLocaleString("en-IN")} (${figures.serverCpuSeconds}; ${figures.serverCpuByThread.MainThread ?? "?"})`,
        met: figures.vouchersPerSecond >= 1000,
      },
      {
        measure: "tallyRealPeakRss",
        label: "Tally real-shape day book: server RSS during the import (MB)",
        size: books,
        engine: ENGINE,
        target: "≤ 400",
        value: String(figures.serverRssPeakMb),
        met: figures.serverRssPeakMb <= 400,
      },
      {
        measure: "tallyRealRssAfter",
        label: "Tally real-shape day book: server RSS after the import (MB)",
        size: books,
        engine: ENGINE,
        target: "< 300",
        value: String(figures.serverRssAfterMb),
        met: figures.serverRssAfterMb < 300,
      },
      {
        measure: "tallyRealWait",
        label: "Tally real-shape day book: longest wait of another request, /api/health (ms)",
        size: books,
        engine: ENGINE,
        target: "≤ 200",
        value: figures.maxHealthWaitMs.toLocaleString("en-IN"),
        met: figures.maxHealthWaitMs <= 200,
      },
    ],
  );
}

if (TALLY_REAL !== null) await tallyReal(TALLY_REAL);
else await main();
