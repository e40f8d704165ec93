// The server of the heavy-work bench (bench/heavy-work.ts starts it as a child process): the
// real app on SQLite, books made through its API, then listening; its main thread's event-loop
// delay is measured here (perf_hooks.monitorEventLoopDelay) and read by the parent over IPC.

import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { heavyWorkPool, stopHeavyWork } from "../server/src/lib/heavy-work/pool.ts";
import { as, insertAccount, insertItem } from "../server/test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../server/test/people.ts";
import { makeSendingBooks } from "../server/test/sending.ts";
import { createTestApp, type TestContext } from "../server/test/test-app.ts";

const YEAR = "2025-26";

async function addLongInvoice(
  context: TestContext,
  owner: Person,
  organisationId: string,
  customerId: string,
  itemId: string,
  lines: number,
) {
  // Each line: 1 unit at ₹100 + 5 % GST inside the state.
  const response = await context.app.inject({
    method: "POST",
    url: "/api/salesinvoice/add",
    headers: as(owner),
    payload: {
      organisationId,
      year: YEAR,
      date: "2025-05-10",
      cashOrDebtorAccountId: customerId,
      pos: "27",
      itemDetails: Array.from({ length: lines }, () => ({
        itemId,
        quantity: 1,
        rate: 100,
        gstRate: 5,
        hsnCode: "1006",
        uom: "KGS",
        discountType: "percent",
        discount: 0,
        amount: 100,
      })),
      accountDetails: [],
      grossAmount: 100 * lines,
      cgstAmount: 2.5 * lines,
      sgstAmount: 2.5 * lines,
      igstAmount: 0,
      roundOffAmount: 0,
      totalAmount: 105 * lines,
    },
  });
  if (response.statusCode !== 200) throw new Error(`invoice: ${response.body.slice(0, 300)}`);
  return (response.json() as { entryId: string }).entryId;
}

const context = await createTestApp();
const flooder = await signUpPerson(context);
const other = await signUpPerson(context);
const { organisationId: floodOrg } = await createOrganisation(context, flooder.cookies, {
  name: "Flood Traders",
  gstRegistered: true,
  gstin: "27AAPFU0939F1ZV",
  gstRegType: "regular",
  startingYear: YEAR,
  billingAddress: "12 MG Road, Pune",
});
const customer = await insertAccount(context, floodOrg, {
  name: "Ravi Stores",
  nature: "Debtors",
  stateCode: "27",
});
const rice = await insertItem(context, floodOrg, { name: "Basmati Rice", gstRate: 5 });
const longInvoice = await addLongInvoice(context, flooder, floodOrg, customer, rice, 1_000);
const bank = await insertAccount(context, floodOrg, { name: "HDFC Current", nature: "Bank" });
const small = await makeSendingBooks(context, other);
const base = await context.app.listen({ port: 0, host: "127.0.0.1" });

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();

// On a machine other work shares, a stall can be the serving thread waiting for a core rather
// than working. A tick every 5 ms reads the thread's own CPU time (process.threadCpuUsage) and the
// time it spent runnable but waiting for a core (/proc/thread-self/schedstat, Linux): the most CPU
// it used between two ticks is the longest its own work (garbage collection included) held the
// event loop, whatever the load; the longest gap between ticks is split into the two.
const TICK_MS = 5;
const threadCpuMs = () => {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
};
const runQueueMs = () => {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[1]) / 1e6;
  } catch {
    return 0;
  }
};
let busyMaxMs = 0;
let worstGap = { ms: 0, cpuMs: 0, waitMs: 0 };
let last = { at: performance.now(), cpuMs: threadCpuMs(), waitMs: runQueueMs() };
setInterval(() => {
  const now = { at: performance.now(), cpuMs: threadCpuMs(), waitMs: runQueueMs() };
  const cpuMs = now.cpuMs - last.cpuMs;
  busyMaxMs = Math.max(busyMaxMs, cpuMs);
  const gapMs = now.at - last.at - TICK_MS;
  if (gapMs > worstGap.ms) worstGap = { ms: gapMs, cpuMs, waitMs: now.waitMs - last.waitMs };
  last = now;
}, TICK_MS).unref();

process.on("message", async (message: string) => {
  if (message === "reset") {
    histogram.reset();
    busyMaxMs = 0;
    worstGap = { ms: 0, cpuMs: 0, waitMs: 0 };
    last = { at: performance.now(), cpuMs: threadCpuMs(), waitMs: runQueueMs() };
    process.send?.({ reset: true });
  } else if (message === "read") {
    process.send?.({
      maxMs: histogram.max / 1e6,
      p99Ms: histogram.percentile(99) / 1e6,
      busyMaxMs,
      worstGap,
      pool: heavyWorkPool().stats,
    });
  } else if (message === "rest") {
    // The pool's threads end (as after a minute idle) and the heap is collected.
    await stopHeavyWork();
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ rested: true });
  } else if (message === "exit") {
    await context.close();
    process.exit(0);
  }
});

process.send?.({
  base,
  flooder: { cookie: as(flooder).cookie, email: flooder.email },
  other: { cookie: as(other).cookie, email: other.email },
  floodOrg,
  longInvoice,
  bank,
  otherOrg: small.organisationId,
  otherInvoice: small.invoiceId,
});
