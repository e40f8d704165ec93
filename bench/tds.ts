// npm run bench:tds [-- --vouchers 1000000 --deductions 100000 --parties 2000 --no-record];
// BAHI_TEST_DB=postgres with TEST_DATABASE_URL runs it on PostgreSQL.
//
// TDS (issue 39): an organisation with `vouchers` purchase bills in one financial year, of which
// `deductions` carry a TDS fact (a credit to one of `parties` deductees under 194C, 194J(b) or
// 194H; every fourth of them without a deduction yet, to be counted in the year's aggregate).
// The bills and their facts are written straight into the vouchers and tds_entries tables (the
// calls under test read only those rows and the accounts), so the load is quick; the calls go
// through the real API. Targets: a suggestion (GET /tds/suggest) ≤ 20 ms p95; the quarter's
// statement (GET /tds/report) ≤ 2 s.

import os from "node:os";
import { newId } from "../server/src/lib/ids.ts";
import { insertAccount } from "../server/test/books.ts";
import { createOrganisation, signUpPerson } from "../server/test/people.ts";
import { createTestApp } from "../server/test/test-app.ts";
import { numberOption, seededRandom, startedDirectly } from "./cli.ts";
import { recordRun } from "./record.ts";

const YEAR = "2025-26";
const SUGGEST_TARGET_MS = 20;
const REPORT_TARGET_MS = 2_000;
const SECTIONS = ["194C", "194J(b)", "194H"] as const;
const RATES: Record<(typeof SECTIONS)[number], number> = {
  "194C": 200,
  "194J(b)": 1000,
  "194H": 200,
};

/** A date of the year by its day number 0–364 (1 April 2025 first). */
function dateOfDay(day: number): string {
  return new Date(Date.UTC(2025, 3, 1 + day)).toISOString().slice(0, 10);
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

export async function runTdsBench(options: {
  vouchers?: number;
  deductions?: number;
  parties?: number;
  record?: boolean;
}): Promise<string> {
  const voucherCount = options.vouchers ?? 1_000_000;
  const deductionCount = Math.min(options.deductions ?? 100_000, voucherCount);
  const partyCount = options.parties ?? 2_000;
  const engine: "sqlite" | "postgres" =
    process.env.BAHI_TEST_DB === "postgres" ? "postgres" : "sqlite";
  const random = seededRandom(39);
  const context = await createTestApp();
  try {
    const owner = await signUpPerson(context);
    const { organisationId } = await createOrganisation(context, owner.cookies, {
      name: "Bench TDS",
      gstRegistered: true,
      gstin: "27AAPFU0939F1ZV",
      gstRegType: "regular",
    });
    const db = context.testDatabase.database.db;
    const parties: { id: string; section: (typeof SECTIONS)[number] }[] = [];
    for (let index = 0; index < partyCount; index += 1) {
      const section = SECTIONS[index % SECTIONS.length] as (typeof SECTIONS)[number];
      const id = await insertAccount(context, organisationId, {
        name: `Deductee ${index}`,
        nature: "Creditors",
        stateCode: "27",
      });
      await db
        .updateTable("accounts")
        .set({
          tds_section: section,
          // The facts below are written for this section: up to date, as an account is after its
          // first suggestion brought its earlier credits in (decision 400).
          tds_facts_section: section,
          pan:
            index % 10 === 9
              ? null
              : `AAAP${String.fromCharCode(65 + (index % 26))}${String(1000 + (index % 9000)).slice(-4)}K`,
          deductee_type: index % 2 === 0 ? "company" : "individual",
        })
        .where("organisation_id", "=", organisationId)
        .where("id", "=", id)
        .execute();
      parties.push({ id, section });
    }
    const loadStarted = performance.now();
    const now = new Date().toISOString();
    const every = Math.max(1, Math.floor(voucherCount / deductionCount));
    for (let start = 0; start < voucherCount; start += 500) {
      const vouchers = [];
      const facts = [];
      for (let index = start; index < Math.min(voucherCount, start + 500); index += 1) {
        const party = parties[index % parties.length] as (typeof parties)[number];
        const id = newId();
        const date = dateOfDay(Math.floor((index / voucherCount) * 365));
        const creditPaise = 1_000_00 * (1 + Math.floor(random() * 100));
        const number = `B/${String(index).padStart(7, "0")}`;
        vouchers.push({
          organisation_id: organisationId,
          id,
          type: "purchases",
          year: YEAR,
          date,
          number,
          number_key: number,
          party_account_id: party.id,
          party_name: "",
          amount_paise: creditPaise,
          pending_paise: creditPaise,
          status: "pending",
          narration: null,
          search_text: number,
          document: JSON.stringify({ date, invoiceNumber: number, grossAmount: creditPaise / 100 }),
          source_type: null,
          source_id: null,
          converted_to_type: null,
          converted_to_id: null,
          version: 1,
          created_at: now,
          created_by: null,
          updated_at: now,
          updated_by: null,
          deleted_at: null,
          deleted_by: null,
        });
        if (index % every === 0 && facts.length < 500) {
          const deducted = index % 4 !== 0;
          const rate = RATES[party.section];
          facts.push({
            organisation_id: organisationId,
            voucher_id: id,
            voucher_type: "purchases",
            party_account_id: party.id,
            section: party.section,
            date,
            credit_paise: creditPaise,
            base_paise: deducted ? creditPaise : 0,
            tds_paise: deducted ? Math.round((creditPaise * rate) / 10_000) : 0,
            rate_bp: deducted ? rate : 0,
            certificate_base_paise: 0,
          });
        }
      }
      await db.insertInto("vouchers").values(vouchers).execute();
      if (facts.length > 0) await db.insertInto("tds_entries").values(facts).execute();
    }
    const loadMs = performance.now() - loadStarted;
    const factRows = await db
      .selectFrom("tds_entries")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("organisation_id", "=", organisationId)
      .executeTakeFirstOrThrow();

    const call = async (url: string) => {
      const started = performance.now();
      const response = await context.app.inject({
        method: "GET",
        url,
        headers: { cookie: owner.cookies },
      });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
      return { ms, json: response.json() as Record<string, unknown> };
    };
    const suggestTimes: number[] = [];
    for (let run = 0; run < 220; run += 1) {
      const party = parties[Math.floor(random() * parties.length)] as (typeof parties)[number];
      const query = new URLSearchParams({
        organisationId,
        accountId: party.id,
        date: dateOfDay(200 + (run % 150)),
        amount: "25000",
      }).toString();
      const { ms } = await call(`/api/tds/suggest?${query}`);
      if (run >= 20) suggestTimes.push(ms);
    }
    const reportTimes: number[] = [];
    let reportRows = 0;
    for (let run = 0; run < 4; run += 1) {
      const query = new URLSearchParams({ organisationId, year: YEAR, quarter: "3" }).toString();
      const { ms, json } = await call(`/api/tds/report?${query}`);
      reportRows = (json.rows as unknown[]).length;
      if (run >= 1) reportTimes.push(ms);
    }
    const suggestP95 = percentile(suggestTimes, 0.95);
    const reportP95 = percentile(reportTimes, 0.95);
    const load = os.loadavg()[0]?.toFixed(2) ?? "?";
    const size = `${voucherCount.toLocaleString("en-IN")} bills, ${Number(factRows.count).toLocaleString("en-IN")} TDS facts, ${partyCount.toLocaleString("en-IN")} deductees`;
    const text = [
      `## TDS bench (${engine}), ${new Date().toISOString()}, load ${load}`,
      "",
      `Size: ${size}; loaded straight into the tables in ${Math.round(loadMs / 1000)} s.`,
      `Suggestion (GET /tds/suggest), 200 calls after 20 warm-up: p95 ${suggestP95.toFixed(1)} ms, median ${percentile(suggestTimes, 0.5).toFixed(1)} ms (target ≤ ${SUGGEST_TARGET_MS}).`,
      `Quarter's statement (GET /tds/report, Q3, ${reportRows.toLocaleString("en-IN")} deductee rows), 3 runs after 1: p95 ${reportP95.toFixed(0)} ms (target ≤ ${REPORT_TARGET_MS.toLocaleString("en-IN")}).`,
      "",
    ].join("\n");
    process.stdout.write(`\n${text}\n`);
    if (options.record !== false) {
      recordRun(text, [
        {
          measure: "tdsSuggest",
          label: "TDS suggestion over HTTP (GET /tds/suggest), p95 (ms)",
          size,
          engine,
          target: `≤ ${SUGGEST_TARGET_MS}`,
          value: suggestP95.toFixed(1),
          met: suggestP95 <= SUGGEST_TARGET_MS,
        },
        {
          measure: "tdsQuarterReport",
          label: "TDS quarter's statement over HTTP (GET /tds/report), p95 (ms)",
          size,
          engine,
          target: `≤ ${REPORT_TARGET_MS.toLocaleString("en-IN")}`,
          value: Math.round(reportP95).toLocaleString("en-IN"),
          met: reportP95 <= REPORT_TARGET_MS,
        },
      ]);
    }
    return text;
  } finally {
    await context.close();
  }
}

if (startedDirectly(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name: string) => numberOption(argv, name);
  await runTdsBench({
    vouchers: option("vouchers"),
    deductions: option("deductions"),
    parties: option("parties"),
    record: !argv.includes("--no-record"),
  });
}
