import type { Page } from "@playwright/test";
import {
  type Books,
  expect,
  expectFocus,
  Keys,
  rupees,
  setUpBooks,
  test,
  totalOf,
} from "./support.ts";

/** A Maharashtra organisation's customers and items for the invoices below. */
async function sellingBooks(page: Page) {
  const books = await setUpBooks(page);
  const local = await books.addAccount({
    name: "Asha Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
    billingAddress: "12 Market Road, Pune",
  });
  const karnataka = await books.addAccount({
    name: "Bharat Steel Works",
    nature: "Debtors",
    gstType: "regular",
    gstin: "29AAGCB7383J1Z4",
    billingAddress: "4 MG Road, Bengaluru",
  });
  await books.addItem({
    name: "Rice Bag 25kg",
    hsnCode: "1006",
    uom: "BAG",
    gstRate: 5,
    standardSellingPrice: 1250,
  });
  await books.addItem({
    name: "Steel Rod 12mm",
    hsnCode: "7214",
    uom: "KGS",
    gstRate: 18,
    standardSellingPrice: 499.99,
    standardSaleDiscount: 10,
  });
  await books.addItem({
    name: "Installation",
    type: "services",
    sacCode: "998729",
    uom: "NOS",
    gstRate: 18,
    standardSellingPrice: 1500,
  });
  return { books, local, karnataka };
}

/** Types one item line: the item's name, Enter, then a value (or Enter alone) for each stop. */
async function typeLine(
  keys: Keys,
  item: string,
  values: { qty: string; rate?: string; discount?: string; gst?: string },
) {
  await keys.enter(item);
  await keys.enter(values.qty);
  await keys.enter(values.rate ?? "");
  await keys.enter(values.discount ?? "");
  await keys.enter(values.gst ?? "");
}

/** What the Totals panel shows, by row. */
async function readTotals(page: Page): Promise<Record<string, string>> {
  const rows = page.getByRole("table", { name: "Totals" }).getByRole("row");
  const totals: Record<string, string> = {};
  for (const row of await rows.all()) {
    const label = (await row.getByRole("rowheader").textContent()) ?? "";
    totals[label] = (await row.getByRole("cell").textContent()) ?? "";
  }
  return totals;
}

/** The saved invoice's amounts, as the screen would show them. */
function shown(entry: Record<string, unknown>, key: string): string {
  return rupees(Number(entry[key]));
}

async function expectSavedMatchesScreen(books: Books, screen: Record<string, string>) {
  const saved = await books.latest("/salesinvoice", "salesinvoicelist", "salesInvoices");
  expect(shown(saved, "grossAmount")).toBe(screen["Taxable Amount"]);
  expect(shown(saved, "totalAmount")).toBe(screen.Total);
  expect(shown(saved, "roundOffAmount")).toBe(screen["Round Off"]);
  if (screen.CGST !== undefined) {
    expect(shown(saved, "cgstAmount")).toBe(screen.CGST);
    expect(shown(saved, "sgstAmount")).toBe(screen.SGST);
    expect(Number(saved.igstAmount)).toBe(0);
  }
  if (screen.IGST !== undefined) {
    expect(shown(saved, "igstAmount")).toBe(screen.IGST);
    expect(Number(saved.cgstAmount)).toBe(0);
  }
  return saved;
}

test("an intra-state sales invoice of three items, typed with the keyboard, is saved as shown and posts to the customer's ledger", async ({
  page,
}) => {
  const { books, local } = await sellingBooks(page);
  await page.goto(books.path("sales/add"));
  await expect(page.getByRole("heading", { name: "Add Sales Invoice" })).toBeVisible();
  await expectFocus(page, "Date");
  await expect(page.getByRole("textbox", { name: "Invoice No." })).toHaveValue("1");

  const keys = new Keys(page);
  await keys.enter(); // date: today
  await keys.enter(); // number: the next one
  await keys.enter("Asha"); // customer
  await expect(page.getByRole("combobox", { name: "Customer", exact: true })).toHaveValue(
    "Asha Traders",
  );
  await expect(page.getByRole("textbox", { name: "Billing Address" })).toHaveValue(
    "12 Market Road, Pune",
  );
  await expectFocus(page, "Item, line 1");

  await typeLine(keys, "Rice", { qty: "3" });
  await typeLine(keys, "Steel", { qty: "2" }); // 499.99 less 10 % from the item
  await typeLine(keys, "Install", { qty: "1", rate: "1500" });
  await expectFocus(page, "Item, line 4");

  // Live totals: place of supply 27 = the organisation's state, so CGST and SGST.
  await expect(page.getByTestId("tax-kind")).toHaveText("Intra-state supply: CGST + SGST");
  await expect(totalOf(page, "Taxable Amount")).toHaveText("6,149.98");
  await expect(totalOf(page, "CGST")).toHaveText("309.75");
  await expect(totalOf(page, "SGST")).toHaveText("309.75");
  await expect(totalOf(page, "Round Off")).toHaveText("-0.48");
  await expect(totalOf(page, "Total")).toHaveText("6,769.00");
  await expect(page.getByTestId("amount-in-words")).toHaveText(
    "Six Thousand Seven Hundred Sixty Nine Rupees Only",
  );
  const screen = await readTotals(page);

  await keys.enter(); // the blank line ends the lines: on to the narration
  await expectFocus(page, "Narration");
  await keys.type("Delivered to the Pune godown");
  await keys.press("Control+s");
  await expect(page.getByText("Sales Invoice saved.")).toBeVisible();
  await expect(page).toHaveURL(/\/sales\/list$/);

  const saved = await expectSavedMatchesScreen(books, screen);
  expect(saved).toMatchObject({
    number: "1",
    pos: "27",
    narration: "Delivered to the Pune godown",
    status: "pending",
  });
  expect(saved.itemDetails).toHaveLength(3);

  // The customer's ledger is debited with the invoice's total.
  const ledger = await books.ledger(local);
  expect(ledger.entries).toHaveLength(1);
  expect(ledger.entries[0]).toMatchObject({
    voucherType: "salesInvoice",
    number: "1",
    debit: 6769,
    credit: 0,
  });
  expect(ledger.closingBalance).toMatchObject({ amount: 6769, type: "dr" });
  // And the output CGST and SGST ledgers are credited with what the screen showed.
  const cgst = await books.ledger(await books.accountByName("Output CGST"));
  expect(rupees(cgst.totalCredit)).toBe(screen.CGST);
});

test("an inter-state sales invoice charges IGST by the customer's GSTIN state", async ({
  page,
}) => {
  const { books, karnataka } = await sellingBooks(page);
  await page.goto(books.path("sales/add"));
  await expectFocus(page, "Date");
  const keys = new Keys(page);
  await keys.enter();
  await keys.enter();
  await keys.enter("Bharat");
  await expect(page.getByRole("combobox", { name: "Place of Supply" })).toHaveValue(
    "29 - Karnataka",
  );
  await expect(page.getByRole("textbox", { name: "GSTIN" })).toHaveValue("29AAGCB7383J1Z4");

  await typeLine(keys, "Steel", { qty: "10", discount: "5" });
  await typeLine(keys, "Rice", { qty: "4", rate: "1199.50" });
  await typeLine(keys, "Install", { qty: "2", gst: "12" });

  await expect(page.getByTestId("tax-kind")).toHaveText("Inter-state supply: IGST");
  await expect(
    page.getByRole("table", { name: "Totals" }).getByRole("rowheader", { name: "CGST" }),
  ).toHaveCount(0);
  // 10 × 499.99 less 5 % = 4,749.90 at 18 %; 4 × 1,199.50 = 4,798.00 at 5 %; 2 × 1,500 = 3,000 at 12 %.
  await expect(totalOf(page, "Taxable Amount")).toHaveText("12,547.90");
  await expect(totalOf(page, "IGST")).toHaveText("1,454.88");
  await expect(totalOf(page, "Total")).toHaveText("14,003.00");
  const screen = await readTotals(page);

  await keys.press("Control+s");
  await expect(page.getByText("Sales Invoice saved.")).toBeVisible();
  const saved = await expectSavedMatchesScreen(books, screen);
  expect(saved).toMatchObject({ pos: "29", gstin: "29AAGCB7383J1Z4" });

  const ledger = await books.ledger(karnataka);
  expect(ledger.closingBalance).toMatchObject({ amount: 14003, type: "dr" });
  const igst = await books.ledger(await books.accountByName("Output IGST"));
  expect(rupees(igst.totalCredit)).toBe(screen.IGST);
});
