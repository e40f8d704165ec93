import { appendFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { bodyRows, openList, openPage } from "./list-helpers.ts";
import { startPrivateServer } from "./private-server.ts";
import { createOrganisationByApi, expect, seedBooks, signUpByApi, test } from "./support.ts";

// "A list page change on 100k vouchers feels instant": the time from the keypress to the new
// rows painted, on the sales list of an organisation with 100,000 vouchers, in Chromium.
// BAHI_LIST_BENCH_VOUCHERS changes the size; BAHI_RECORD_BENCH=1 appends the result to
// bench/RUNS.md.
// In the ordinary suite the books hold 20,000 vouchers: generating 100,000 took four of the e2e
// run's 23 worker-minutes, and a page change reads one page by an index at either size. The
// recorded benchmark (BAHI_RECORD_BENCH=1) keeps the 100,000.
const RECORDING = process.env.BAHI_RECORD_BENCH === "1";
const VOUCHERS = Number(process.env.BAHI_LIST_BENCH_VOUCHERS ?? (RECORDING ? 100_000 : 20_000));
const TITLE = "Sales Invoice";
const RUNS_MD = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../bench/RUNS.md");

// What the measuring function uses of the page (the e2e project is typed without the DOM).
interface PageNode {
  querySelector(selector: string): { textContent: string | null } | null;
}
interface PageGlobals {
  document: { querySelector(selector: string): PageNode | null };
  addEventListener(
    type: "keydown",
    listener: (event: { key: string }) => void,
    capture: boolean,
  ): void;
  removeEventListener(
    type: "keydown",
    listener: (event: { key: string }) => void,
    capture: boolean,
  ): void;
  MutationObserver: new (
    callback: () => void,
  ) => { observe(node: PageNode, options: object): void; disconnect(): void };
  requestAnimationFrame(callback: () => void): number;
  __pageChange?: Promise<number>;
}

/**
 * Arms a measurement in the page: t0 when `key` goes down (capture phase, before the app sees
 * it), t1 when the first body row shows another entry and the browser has painted that frame
 * (the next animation frame, then a task after it).
 */
async function arm(page: Page, key: string): Promise<void> {
  await page.evaluate(
    ({ key, title }) => {
      const window = globalThis as unknown as PageGlobals;
      const tbody = window.document.querySelector(`table[aria-label="${title}"] tbody`);
      if (!tbody) throw new Error("no list on screen");
      const before = tbody.querySelector("tr")?.textContent;
      window.__pageChange = new Promise<number>((resolve) => {
        // A change that never comes ends the measurement rather than the test run.
        setTimeout(() => resolve(Number.NaN), 15_000);
        let t0 = 0;
        const onKey = (event: { key: string }) => {
          if (event.key === key) {
            t0 = performance.now();
            window.removeEventListener("keydown", onKey, true);
          }
        };
        window.addEventListener("keydown", onKey, true);
        const observer = new window.MutationObserver(() => {
          if (t0 === 0 || tbody.querySelector("tr")?.textContent === before) return;
          observer.disconnect();
          window.requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
        });
        observer.observe(tbody, { childList: true, subtree: true, characterData: true });
      });
    },
    { key, title: TITLE },
  );
}

async function measured(page: Page): Promise<number> {
  return page.evaluate(
    () => (globalThis as unknown as PageGlobals).__pageChange ?? Promise.resolve(Number.NaN),
  );
}

function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    max: round(sorted.at(-1) ?? 0),
  };
}

test("a page change on the sales list of a large year: keypress to rows painted", async ({
  browser,
}) => {
  test.setTimeout(20 * 60_000);
  const server = await startPrivateServer();
  const page = await openPage(browser, server.baseURL);
  const person = await signUpByApi(page, "Meera Iyer", server.dataDir);
  const organisation = await createOrganisationByApi(page.request, {
    gstRegistered: true,
    billWiseEntry: true,
    manageInventory: true,
  });
  const seeded = await seedBooks(
    server.dataDir,
    person.userId,
    organisation.organisationId,
    organisation.year,
    VOUCHERS,
  );
  const invoices = seeded.byType.salesInvoice ?? 0;
  expect(seeded.vouchers).toBe(VOUCHERS);

  await openList(page, organisation, "sales", TITLE);
  await expect(bodyRows(page, TITLE)).toHaveCount(10);
  await expect(page.getByText(`${invoices.toLocaleString("en-IN")} entries`)).toBeVisible();

  // Right arrow, page after page, as a person reads through the list (spec 2.5: on the sales
  // list Left and Right change page). The next page has been fetched ahead while reading.
  const next: number[] = [];
  for (let turn = 0; turn < 20; turn += 1) {
    await page.waitForTimeout(400);
    await arm(page, "ArrowRight");
    await page.keyboard.press("ArrowRight");
    next.push(await measured(page));
    expect(next.at(-1)).not.toBeNaN();
    await expect(
      page.getByRole("button", { name: `Page ${turn + 2}`, exact: true }),
    ).toHaveAttribute("aria-current", "page");
  }

  // Go to Page, far into the list: pages nobody has fetched, so the server is asked each time.
  const pages = Math.ceil(invoices / 10);
  const box = page.getByRole("textbox", { name: "Go to Page" });
  const jump: number[] = [];
  for (let turn = 0; turn < 15; turn += 1) {
    const target = 30 + Math.floor((pages - 31) * ((turn + 1) / 16));
    await box.fill(String(target));
    await arm(page, "Enter");
    await box.press("Enter");
    jump.push(await measured(page));
    expect(jump.at(-1)).not.toBeNaN();
    await expect(page.getByRole("button", { name: `Page ${target}`, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  }

  const result = {
    vouchers: VOUCHERS,
    salesInvoices: invoices,
    next: summarise(next),
    goToPage: summarise(jump),
  };
  console.log(`List page change in Chromium: ${JSON.stringify(result)}`);
  // A benchmark: its figures go to bench/RUNS.md (next page p50 33 ms, Go to Page 91 ms on a
  // quiet machine). The limits here only catch a page change that waits on something it should
  // not (a refetch of the whole list, a timer), with room for a slow host: the same code measured
  // 149 and 175 ms on the slowed CI host of 2026-11-21, and no timed assertion should fail a
  // change that did not touch the list.
  expect(result.next.p50).toBeLessThan(500);
  expect(result.goToPage.p50).toBeLessThan(2000);

  if (RECORDING) {
    const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
    appendFileSync(
      RUNS_MD,
      [
        "",
        "## List page change in Chromium",
        "",
        `${new Date().toISOString().slice(0, 10)}, ${cpu} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ` +
          `Node ${process.version}, Debian Chromium (headless), SQLite; ` +
          "`BAHI_RECORD_BENCH=1 npx playwright test -c e2e/playwright.config.ts e2e/lists/page-change-bench.spec.ts`.",
        "",
        `An organisation with ${VOUCHERS.toLocaleString("en-IN")} vouchers of all 12 types (generated books, ` +
          `${invoices.toLocaleString("en-IN")} of them sales invoices); the sales list, 10 rows a page. ` +
          "Time from the keypress (capture-phase keydown) to the first frame painted with the new rows " +
          "(MutationObserver on the table body, then the next animation frame).",
        "",
        "| Page change | Samples | p50 (ms) | p95 (ms) | max (ms) |",
        "|---|---|---|---|---|",
        `| Right arrow to the next page (fetched ahead) | ${result.next.count} | ${result.next.p50} | ${result.next.p95} | ${result.next.max} |`,
        `| Go to Page, far pages (not fetched before) | ${result.goToPage.count} | ${result.goToPage.p50} | ${result.goToPage.p95} | ${result.goToPage.max} |`,
        "",
      ].join("\n"),
    );
  }
  await page.context().close();
  await server.stop();
});
