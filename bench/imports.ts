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

import os from "node:os";
import { insertAccount, insertItem } from "../server/test/books.ts";
import { buildMultipart } from "../server/test/multipart.ts";
import { createOrganisation, signUpPerson } from "../server/test/people.ts";
import { createTestApp } from "../server/test/test-app.ts";
import { seededRandom } from "./cli.ts";
import { recordRun } from "./record.ts";
import { tallyReal } from "./tally-real.ts";

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

if (TALLY_REAL !== null) await tallyReal(TALLY_REAL, { engine: ENGINE, record: RECORD });
else await main();
