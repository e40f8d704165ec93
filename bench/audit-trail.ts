// npm run bench:audit [-- --entries 1000000 --saves 200 --no-record]. BAHI_TEST_DB=postgres with
// TEST_DATABASE_URL runs it on PostgreSQL.
//
// The audit trail (issue 39, decision 310). Targets: the trail adds ≤ 10 % to a save's p95; an
// organisation's chain of 1M entries verifies in ≤ 10 s.
//
// 1. Saves: `saves` sales invoices through the real route (in-process HTTP, app.inject), each
//    writing its trail entry in its transaction: p50 and p95. Then the trail's own part of a save,
//    timed alone inside a books-locked transaction: reading the chain's tail, diffing the stored
//    document (a creation lists every field, the largest entry), hashing and inserting. There is no
//    way to save without the trail (no switch, by design), so its share is this part's p95 over the
//    save's p95 — an upper bound on PostgreSQL, where a real save sends the insert inside the
//    statement of its other writes instead of on its own.
// 2. Verify: the chain is grown to `entries` real, chained entries (a typical edit's changes), then
//    GET /audit/verify's walk (verifyTrail) is timed over all of them.

import os from "node:os";
import { sql } from "kysely";
import { inLockedBooks } from "../server/src/db/books-lock.ts";
import type { AuditTrailTable } from "../server/src/db/schema.ts";
import { runWrites } from "../server/src/db/writes.ts";
import { newId } from "../server/src/lib/ids.ts";
import {
  buildTrailInserts,
  selectTrailBatch,
  selectTrailTail,
} from "../server/src/modules/audit/trail.repository.ts";
import { buildTrailWrites, verifyTrail } from "../server/src/modules/audit/trail.ts";
import { GENESIS_HASH, hashTrailRow } from "../server/src/modules/audit/trail-hash.ts";
import { insertAccount } from "../server/test/books.ts";
import { createOrganisation, requestAs, signUpPerson } from "../server/test/people.ts";
import { createTestApp } from "../server/test/test-app.ts";
import { numberOption, startedDirectly } from "./cli.ts";
import { recordRun } from "./record.ts";

const YEAR = "2025-26";
const VERIFY_TARGET_MS = 10_000;
const SHARE_TARGET = 0.1;

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const ms = (value: number) => value.toFixed(2);

export async function runAuditTrailBench(options: {
  entries?: number;
  saves?: number;
  record?: boolean;
}): Promise<string> {
  const entryCount = options.entries ?? 1_000_000;
  const saveCount = options.saves ?? 200;
  const engine: "sqlite" | "postgres" =
    process.env.BAHI_TEST_DB === "postgres" ? "postgres" : "sqlite";
  const context = await createTestApp();
  const db = context.testDatabase.database.db;
  try {
    const owner = await signUpPerson(context);
    const { organisationId } = await createOrganisation(context, owner.cookies, {
      name: "Bench Trail",
      startingYear: YEAR,
    });
    const debtor = await insertAccount(context, organisationId, {
      name: "Ravi Stores",
      nature: "Debtors",
    });
    const income = await insertAccount(context, organisationId, {
      name: "Consulting Income",
      nature: "Direct Income",
    });
    const invoice = (index: number) => ({
      organisationId,
      year: YEAR,
      date: "2025-09-10",
      cashOrDebtorAccountId: debtor,
      narration: `Bench sale ${index}`,
      itemDetails: [],
      accountDetails: [1, 2, 3].map((line) => ({
        accountId: income,
        amount: 100 * line + (index % 7),
        gstRate: -2,
      })),
      grossAmount: 600 + 3 * (index % 7),
      cgstAmount: 0,
      sgstAmount: 0,
      igstAmount: 0,
      roundOffAmount: 0,
      totalAmount: 600 + 3 * (index % 7),
    });

    // 1. Saves, and the trail's part of one.
    const warm = Math.max(10, Math.round(saveCount / 10));
    const saveTimes: number[] = [];
    let lastId = "";
    for (let index = 0; index < warm + saveCount; index += 1) {
      const started = performance.now();
      const answer = await requestAs(context, owner, {
        method: "POST",
        url: "/api/salesinvoice/add",
        payload: invoice(index),
      });
      const took = performance.now() - started;
      if (answer.statusCode !== 200) throw new Error(`save failed: ${answer.body}`);
      lastId = answer.json().entryId as string;
      if (index >= warm) saveTimes.push(took);
    }
    const stored = await db
      .selectFrom("vouchers")
      .select(["document", "number"])
      .where("organisation_id", "=", organisationId)
      .where("id", "=", lastId)
      .executeTakeFirstOrThrow();
    const document = JSON.parse(stored.document) as unknown;
    const trailTimes: number[] = [];
    // Without the insert: what a PostgreSQL save pays beyond the statement of its other writes.
    const buildTimes: number[] = [];
    for (let index = 0; index < warm + saveCount; index += 1) {
      await inLockedBooks(db, organisationId, async (trx) => {
        const started = performance.now();
        const built = performance.now();
        const writes = await buildTrailWrites(
          trx,
          organisationId,
          [
            {
              userId: owner.userId,
              action: "created",
              entity: "salesInvoice",
              entityId: newId(),
              number: stored.number,
              before: null,
              after: document,
            },
          ],
          { booksLocked: true },
        );
        if (index >= warm) buildTimes.push(performance.now() - built);
        await runWrites(trx, writes);
        if (index >= warm) trailTimes.push(performance.now() - started);
      });
    }
    const saveP50 = percentile(saveTimes, 50);
    const saveP95 = percentile(saveTimes, 95);
    const trailP50 = percentile(trailTimes, 50);
    const trailP95 = percentile(trailTimes, 95);
    const share = trailP95 / (saveP95 - trailP95);
    const buildP95 = percentile(buildTimes, 95);
    const buildShare = buildP95 / (saveP95 - buildP95);

    // 2. Grow the chain to `entryCount` entries, then verify it.
    const loadStarted = performance.now();
    const tail = await selectTrailTail(db, organisationId);
    let seq = tail ? Number(tail.seq) : 0;
    let prevHash = tail?.hash ?? GENESIS_HASH;
    const changes = JSON.stringify([
      { field: "date", before: "2025-09-10", after: "2025-09-11" },
      { field: "accountDetails[1].amount", before: 200, after: 250 },
      { field: "grossAmount", before: 600, after: 650 },
      { field: "totalAmount", before: 600, after: 650 },
      { field: "narration", before: "Bench sale", after: "Bench sale, corrected" },
    ]);
    const at = new Date().toISOString();
    const BATCH = 5_000;
    while (seq < entryCount) {
      const rows: AuditTrailTable[] = [];
      for (let index = 0; index < BATCH && seq < entryCount; index += 1) {
        seq += 1;
        const row = {
          organisation_id: organisationId,
          seq,
          id: newId(),
          at,
          user_id: owner.userId,
          action: "edited",
          entity: "salesInvoice",
          entity_id: newId(),
          number: String(seq),
          changes,
          prev_hash: prevHash,
        };
        prevHash = hashTrailRow(row);
        rows.push({ ...row, hash: prevHash });
      }
      await db.transaction().execute((trx) => runWrites(trx, buildTrailInserts(trx, rows)));
    }
    const loadMs = performance.now() - loadStarted;
    if (engine === "postgres") {
      // What autovacuum does within a minute of a bulk load (bench/README.md; the test server runs
      // without it): without it the first walk also sets every fresh row's hint bits.
      await sql`vacuum (analyze) audit_trail`.execute(db);
    }
    const loadAverage = os.loadavg();
    const verifyStarted = performance.now();
    const verified = await verifyTrail(db, organisationId);
    const verifyMs = performance.now() - verifyStarted;
    if (!verified.ok || verified.checked !== seq)
      throw new Error(`verification failed: ${JSON.stringify(verified)}`);
    const perMillion = (verifyMs / seq) * 1_000_000;
    // The same walk reading only, no hashing: where the time goes.
    const readStarted = performance.now();
    for (let after = 0; ; ) {
      const rows = await selectTrailBatch(db, organisationId, after, 5_000);
      if (rows.length === 0) break;
      after = Number(rows.at(-1)?.seq);
    }
    const readMs = performance.now() - readStarted;

    const text = [
      `## Audit trail (issue 39), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
      "",
      `\`npm run bench:audit\` on ${engine}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load average ${loadAverage.map((value) => value.toFixed(1)).join(" ")} (at the verify; ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")} after it).`,
      "",
      "| measure | value | target |",
      "| --- | --- | --- |",
      `| Save one sales invoice (in-process HTTP, trail included), p50 / p95 | ${ms(saveP50)} / ${ms(saveP95)} ms | |`,
      `| The trail's part of a save (tail read, diff, hash, insert), p50 / p95 | ${ms(trailP50)} / ${ms(trailP95)} ms | |`,
      `| Trail's share: its p95 over the rest of the save's p95 (upper bound: insert on its own) | ${(share * 100).toFixed(1)} % | ≤ ${SHARE_TARGET * 100} % |`,
      `| … without the insert (tail read, diff, hash: p95 ${ms(buildP95)} ms) | ${(buildShare * 100).toFixed(1)} % | |`,
      `| Verify a chain of ${seq.toLocaleString("en-IN")} entries | ${(verifyMs / 1000).toFixed(2)} s (${Math.round(seq / (verifyMs / 1000)).toLocaleString("en-IN")} entries/s) | |`,
      `| … of which reading the rows alone (same batches, no hashing) | ${(readMs / 1000).toFixed(2)} s | |`,
      `| … per 1M entries (measured${seq >= 1_000_000 ? "" : ", extrapolated linearly"}) | ${(perMillion / 1000).toFixed(2)} s | ≤ ${VERIFY_TARGET_MS / 1000} s |`,
      "",
      `Chain grown in ${(loadMs / 1000).toFixed(1)} s. ${share <= SHARE_TARGET ? "Share within the target." : "SHARE OVER THE TARGET."} ${perMillion <= VERIFY_TARGET_MS ? "Verify within the target." : "VERIFY OVER THE TARGET."}`,
      "",
    ].join("\n");
    process.stdout.write(`\n${text}\n`);
    if (options.record !== false) {
      recordRun(text, [
        {
          measure: "auditTrailShare",
          label: "Audit trail's part of a save's p95 (trail p95 ÷ rest of the save's p95, %)",
          size: `${saveCount} saves`,
          engine,
          target: `≤ ${SHARE_TARGET * 100}`,
          value: (share * 100).toFixed(1),
          met: share <= SHARE_TARGET,
        },
        {
          measure: "auditTrailVerify",
          label: "Verify an organisation's audit-trail chain, per 1M entries (s)",
          size: `${seq.toLocaleString("en-IN")} entries`,
          engine,
          target: `≤ ${VERIFY_TARGET_MS / 1000}`,
          value: (perMillion / 1000).toFixed(2),
          met: perMillion <= VERIFY_TARGET_MS,
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
  await runAuditTrailBench({
    entries: option("entries"),
    saves: option("saves"),
    record: !argv.includes("--no-record"),
  });
}
