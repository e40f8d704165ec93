import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, expectFocus, Keys, rupees, setUpBooks, test, totalOf } from "./support.ts";

const RUNS_MD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../bench/RUNS.md");
const HEADING = "## Keyboard entry of a 5-line sales invoice";

/**
 * Appends one measurement: a row of the table when this heading is the file's last section,
 * else a new section with the heading (the file is appended to by others too, newest last).
 * Never rewrites what is there.
 */
function recordResult(keystrokes: number, seconds: number): void {
  const text = existsSync(RUNS_MD) ? readFileSync(RUNS_MD, "utf8") : "";
  const lastHeading = text.slice(text.lastIndexOf("\n## ") + 1).split("\n")[0];
  if (lastHeading !== HEADING) {
    appendFileSync(
      RUNS_MD,
      `${text === "" || text.endsWith("\n") ? "" : "\n"}\n${HEADING}\n\n` +
        "Measured by `e2e/entries/keyboard-timing.spec.ts` in Chromium: date, number, customer, " +
        "five item lines (item, quantity, rate, discount, GST rate each), then Ctrl+A (save and " +
        "new), typed with `page.keyboard` only. Seconds run from the first key to the saved " +
        "invoice's toast.\n\n| Run at (UTC) | Keystrokes | Seconds |\n| --- | ---: | ---: |\n",
    );
  }
  appendFileSync(
    RUNS_MD,
    `| ${new Date().toISOString()} | ${keystrokes} | ${seconds.toFixed(2)} |\n`,
  );
}

test("a 5-line sales invoice typed with the keyboard only: keystrokes and seconds", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  await books.addAccount({
    name: "Asha Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  const items = [
    { name: "Rice Bag 25kg", hsnCode: "1006", uom: "BAG", gstRate: 5, standardSellingPrice: 1250 },
    {
      name: "Wheat Flour 10kg",
      hsnCode: "1101",
      uom: "BAG",
      gstRate: 5,
      standardSellingPrice: 420,
    },
    { name: "Sugar 50kg", hsnCode: "1701", uom: "BAG", gstRate: 5, standardSellingPrice: 2150 },
    {
      name: "Cooking Oil 15L",
      hsnCode: "1512",
      uom: "NOS",
      gstRate: 5,
      standardSellingPrice: 2380,
    },
    { name: "Detergent 5kg", hsnCode: "3402", uom: "NOS", gstRate: 18, standardSellingPrice: 645 },
  ];
  for (const item of items) await books.addItem(item);

  await page.goto(books.path("sales/add"));
  await expectFocus(page, "Date");
  const keys = new Keys(page);
  const started = performance.now();
  await keys.enter(); // today
  await keys.enter(); // the next number
  await keys.enter("Asha");
  const lines = [
    { item: "Rice", qty: "10" },
    { item: "Wheat", qty: "25" },
    { item: "Sugar", qty: "4" },
    { item: "Oil", qty: "6" },
    { item: "Deter", qty: "12" },
  ];
  for (const line of lines) {
    await keys.enter(line.item);
    await keys.enter(line.qty);
    await keys.enter(); // rate from the item
    await keys.enter(); // no discount
    await keys.enter(); // GST rate from the item
  }
  await expectFocus(page, "Item, line 6");
  // 12,500 + 10,500 + 8,600 + 14,280 at 5 % and 7,740 at 18 %.
  await expect(totalOf(page, "Taxable Amount")).toHaveText("53,620.00");
  await expect(totalOf(page, "Total")).toHaveText("57,307.00");
  const screenTotal = await totalOf(page, "Total").textContent();
  const screenCgst = await totalOf(page, "CGST").textContent();
  await keys.press("Control+a");
  await expect(page.getByText("Sales Invoice saved.")).toBeVisible();
  const seconds = (performance.now() - started) / 1000;
  await expect(page.getByRole("textbox", { name: "Invoice No." })).toHaveValue("2");

  const saved = await books.latest("/salesinvoice", "salesinvoicelist", "salesInvoices");
  expect(rupees(Number(saved.totalAmount))).toBe(screenTotal);
  expect(rupees(Number(saved.cgstAmount))).toBe(screenCgst);
  expect(saved.itemDetails).toHaveLength(5);

  // BAHI_RECORD_BENCH=1 appends the measurement to bench/RUNS.md (kept out of ordinary runs).

  if (process.env.BAHI_RECORD_BENCH === "1") recordResult(keys.count, seconds);
  test.info().annotations.push({
    type: "keyboard entry",
    description: `${keys.count} keystrokes, ${seconds.toFixed(2)} s`,
  });
  console.log(`5-line sales invoice: ${keys.count} keystrokes, ${seconds.toFixed(2)} s`);
});
