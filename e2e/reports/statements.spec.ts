import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { type Books, expect, openBooks, test } from "./support.ts";

// A fixed small set of vouchers whose statements are worked out by hand, then read on screen as a
// bookkeeper would. The organisation is GST-registered in Maharashtra (27) and starts in 2025-26;
// every bill is within the state at 18 % (CGST 9 % + SGST 9 %), in whole rupees.
//
// Opening balances (1 April 2025):  Capital A/c 1,00,000 Cr · HDFC Bank 1,00,000 Dr (they net to 0)
//
//   P1  10-04-2025 purchase from Mehta Supplies: 100 × 200 = 20,000 + 1,800 + 1,800 = 23,600
//   S1  05-05-2025 sale to Ravi Stores:            50 × 300 = 15,000 + 1,350 + 1,350 = 17,700
//   S2  15-06-2025 sale to Ravi Stores:            40 × 300 = 12,000 + 1,080 + 1,080 = 14,160
//   R1  01-07-2025 receipt into HDFC Bank from Ravi Stores 17,700
//   PY1 10-07-2025 payment from HDFC Bank to Mehta Supplies 20,000
//   PY2 01-08-2025 payment from HDFC Bank for Office Rent 6,000
//   FT1 30-09-2025 fund transfer HDFC Bank → Cash 5,000
//
// Balances at 31-03-2026:
//   HDFC Bank  1,00,000 + 17,700 − 20,000 − 6,000 − 5,000 = 86,700 Dr
//   Cash       5,000 Dr
//   Ravi       17,700 + 14,160 − 17,700 = 14,160 Dr
//   Mehta      23,600 − 20,000 = 3,600 Cr
//   Capital 1,00,000 Cr · Sales 27,000 Cr · Purchases 20,000 Dr · Office Rent 6,000 Dr
//   Input CGST 1,800 Dr · Input SGST 1,800 Dr · Output CGST 2,430 Cr · Output SGST 2,430 Cr
// Trial balance: Dr 86,700 + 5,000 + 14,160 + 20,000 + 6,000 + 1,800 + 1,800 = 1,35,460
//                Cr 1,00,000 + 3,600 + 27,000 + 2,430 + 2,430 = 1,35,460
// Profit and loss: gross profit 27,000 − 20,000 = 7,000; net profit 7,000 − 6,000 = 1,000.
// Balance sheet:
//   Liabilities: Capital 1,00,000 · Reserves (Profit & Loss A/c) 1,000 · Creditors 3,600
//                · GST 2,430 + 2,430 − 1,800 − 1,800 = 1,260            total 1,05,860
//   Assets:      Bank 86,700 · Cash 5,000 · Debtors 14,160              total 1,05,860
// Ledger of HDFC Bank: opening 1,00,000.00 Dr → 1,17,700.00 Dr → 97,700.00 Dr → 91,700.00 Dr
//   → 86,700.00 Dr (closing); debits 17,700.00, credits 31,000.00.
// Profit and loss for the period 'Apr 2025 to Jun 2025': sales 27,000 − purchases 20,000 = 7,000,
//   no expense in the quarter, so the net profit is 7,000 too.

const YEAR = "2025-26";

interface FixedSet {
  books: Books;
  bank: string;
  receipt: string;
}

async function enterFixedSet(page: Page): Promise<FixedSet> {
  const books = await openBooks(page, "Fixed Set Traders", { startingYear: YEAR });
  const { api } = books;
  await api.account({
    name: "Capital A/c",
    nature: "Capital",
    openingBalance: 100000,
    openingBalanceType: "cr",
  });
  const bank = await api.account({
    name: "HDFC Bank",
    nature: "Bank",
    openingBalance: 100000,
    openingBalanceType: "dr",
  });
  const ravi = await api.account({
    name: "Ravi Stores",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  const mehta = await api.account({
    name: "Mehta Supplies",
    nature: "Creditors",
    gstType: "unregistered",
    state: "27",
  });
  const rent = await api.account({ name: "Office Rent", nature: "Indirect Expense" });
  const cash = await api.accountNamed("Cash");
  const widget = await api.item({ name: "Widget", type: "goods", gstRate: 18, uom: "NOS" });

  await api.itemDocument("purchases", {
    year: YEAR,
    date: "2025-04-10",
    partyId: mehta,
    lines: [{ itemId: widget, quantity: 100, rate: 200 }],
  });
  await api.itemDocument("salesinvoice", {
    year: YEAR,
    date: "2025-05-05",
    partyId: ravi,
    lines: [{ itemId: widget, quantity: 50, rate: 300 }],
  });
  await api.itemDocument("salesinvoice", {
    year: YEAR,
    date: "2025-06-15",
    partyId: ravi,
    lines: [{ itemId: widget, quantity: 40, rate: 300 }],
  });
  const receipt = await api.voucher("receipts", {
    year: YEAR,
    date: "2025-07-01",
    receivedAccountId: bank,
    receivedAmount: 17700,
    entries: [{ accountId: ravi, amount: 17700 }],
    narration: "Payment for bill 1",
  });
  await api.voucher("payments", {
    year: YEAR,
    date: "2025-07-10",
    paidAccountId: bank,
    paidAmount: 20000,
    entries: [{ accountId: mehta, amount: 20000 }],
  });
  await api.voucher("payments", {
    year: YEAR,
    date: "2025-08-01",
    paidAccountId: bank,
    paidAmount: 6000,
    entries: [{ accountId: rent, amount: 6000 }],
    narration: "Rent for July",
  });
  await api.voucher("fundtransfer", {
    year: YEAR,
    date: "2025-09-30",
    paidAccountId: bank,
    paidAmount: 5000,
    receivedAccountId: cash,
    receivedAmount: 5000,
  });
  return { books, bank, receipt };
}

/** A table row by its first cell's text, exactly. */
function rowOf(page: Page, table: string, name: string) {
  return page
    .getByRole("table", { name: table, exact: true })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name, exact: true }) });
}

test("a bookkeeper reads the balance sheet, drills down to a ledger and on to a voucher, and checks the profit and loss and trial balance", async ({
  page,
}) => {
  const { books, bank, receipt } = await enterFixedSet(page);

  // Balance sheet as at the year's end: both sides total 1,05,860.00.
  await page.goto(books.path(YEAR, "reports/balance-sheet"));
  await expect(page.getByRole("heading", { level: 1, name: "Balance Sheet" })).toBeVisible();
  await expect(page.getByTestId("report-period")).toHaveText(
    `${books.organisationName} · As at 31-03-2026`,
  );
  await expect(page.getByRole("textbox", { name: "As at" })).toHaveValue("31-03-2026");
  const liabilitiesTotal = page.getByTestId("liabilities-total");
  const assetsTotal = page.getByTestId("assets-total");
  await expect(liabilitiesTotal).toHaveText("1,05,860.00");
  await expect(assetsTotal).toHaveText("1,05,860.00");
  expect(await liabilitiesTotal.textContent()).toBe(await assetsTotal.textContent());
  await expect(page.getByText("Net Profit 1,000.00")).toBeVisible();

  const liabilities = page.getByRole("table", { name: "Liabilities" });
  const assets = page.getByRole("table", { name: "Assets" });
  for (const [group, amount] of [
    ["Capital", "1,00,000.00"],
    ["Reserves", "1,000.00"],
    ["Creditors", "3,600.00"],
    ["GST", "1,260.00"],
  ] as const) {
    await expect(
      liabilities
        .getByRole("row")
        .filter({ has: page.getByRole("button", { name: group, exact: true }) }),
    ).toContainText(amount);
  }
  for (const [group, amount] of [
    ["Bank", "86,700.00"],
    ["Cash", "5,000.00"],
    ["Debtors", "14,160.00"],
  ] as const) {
    await expect(
      assets
        .getByRole("row")
        .filter({ has: page.getByRole("button", { name: group, exact: true }) }),
    ).toContainText(amount);
  }
  // Detailed: the accounts show under their groups; Profit & Loss A/c with this year's result.
  await expect(liabilities.getByRole("row", { name: /Profit & Loss A\/c/ })).toContainText(
    "1,000.00",
  );
  await expect(liabilities.getByRole("row", { name: /Output CGST/ })).toContainText("2,430.00");
  await expect(liabilities.getByRole("row", { name: /Input SGST/ })).toContainText("-1,800.00");

  // Summary: groups only, until one is opened; its account opens the ledger.
  await page.getByText("Summary", { exact: true }).click();
  await expect(page).toHaveURL(/view=summary/);
  await expect(assets.getByRole("link", { name: "HDFC Bank" })).toHaveCount(0);
  const bankGroup = assets.getByRole("button", { name: "Bank", exact: true });
  await expect(bankGroup).toHaveAttribute("aria-expanded", "false");
  await bankGroup.click();
  await expect(bankGroup).toHaveAttribute("aria-expanded", "true");
  await assets.getByRole("link", { name: "HDFC Bank" }).click();

  // The ledger of HDFC Bank for the year to the balance sheet's date.
  await expect(page).toHaveURL(new RegExp(`/${YEAR}/ledger/${bank}\\?to=2026-03-31$`));
  await expect(page.getByRole("heading", { level: 1, name: "Ledger: HDFC Bank" })).toBeVisible();
  await expect(page.getByTestId("report-period")).toHaveText(
    `${books.organisationName} · From 01-04-2025 to 31-03-2026`,
  );
  await expect(rowOf(page, "Ledger", "Opening Balance")).toContainText("1,00,000.00 Dr");
  const entries = page.getByTestId("ledger-entry");
  await expect(entries).toHaveCount(4);
  const expected = [
    ["01-07-2025", "Receipt", "Ravi Stores", "17,700.00", "1,17,700.00 Dr"],
    ["10-07-2025", "Payment", "Mehta Supplies", "20,000.00", "97,700.00 Dr"],
    ["01-08-2025", "Payment", "Office Rent", "6,000.00", "91,700.00 Dr"],
    ["30-09-2025", "Fund Transfer", "Cash", "5,000.00", "86,700.00 Dr"],
  ];
  for (const [index, texts] of expected.entries()) {
    for (const text of texts) await expect(entries.nth(index)).toContainText(text);
  }
  await expect(entries.nth(0)).toContainText("Payment for bill 1");
  await expect(page.getByTestId("ledger-total-debit")).toHaveText("17,700.00");
  await expect(page.getByTestId("ledger-total-credit")).toHaveText("31,000.00");
  await expect(page.getByTestId("ledger-closing")).toHaveText("86,700.00 Dr");

  // A row opens its voucher's edit screen.
  await entries.nth(0).getByRole("cell", { name: "Ravi Stores" }).click();
  await expect(page).toHaveURL(new RegExp(`/${YEAR}/receipt/edit/${receipt}$`));

  // Profit and loss for the year, then for the first quarter by its period text.
  await page.goto(books.path(YEAR, "reports/profit-or-loss"));
  await expect(page.getByRole("heading", { level: 1, name: "Profit & Loss" })).toBeVisible();
  await expect(page.getByText("Gross Profit 7,000.00")).toBeVisible();
  await expect(page.getByText("Net Profit 1,000.00")).toBeVisible();
  await expect(rowOf(page, "Trading Dr", "Gross Profit c/o")).toContainText("7,000.00");
  await expect(page.getByTestId("trading-dr-total")).toHaveText("27,000.00");
  await expect(page.getByTestId("trading-cr-total")).toHaveText("27,000.00");
  await expect(rowOf(page, "Profit and Loss Cr", "Gross Profit b/f")).toContainText("7,000.00");
  await expect(rowOf(page, "Profit and Loss Dr", "Net Profit")).toContainText("1,000.00");
  await expect(page.getByTestId("profit-and-loss-dr-total")).toHaveText("7,000.00");
  await expect(page.getByTestId("profit-and-loss-cr-total")).toHaveText("7,000.00");

  const period = page.getByRole("textbox", { name: "Period" });
  await period.fill("Oct 25 to Mar 26");
  await period.press("Enter");
  await expect(page.getByText("start and end year should be same")).toBeVisible();
  await period.fill("Apr 2025 to Jun 2025");
  await period.press("Enter");
  await expect(page.getByTestId("report-period")).toHaveText(
    `${books.organisationName} · From 01-04-2025 to 30-06-2025`,
  );
  await expect(page.getByRole("textbox", { name: "To" })).toHaveValue("30-06-2025");
  await expect(page.getByText("Net Profit 7,000.00")).toBeVisible();
  await expect(page.getByText("Gross Profit 7,000.00")).toBeVisible();

  // Trial balance: the closing debits and credits agree at 1,35,460.00.
  await page.goto(books.path(YEAR, "reports/trial-balance"));
  await expect(page.getByRole("heading", { level: 1, name: "Trial Balance" })).toBeVisible();
  await expect(page.getByTestId("trial-balance-total-debit")).toHaveText("1,35,460.00");
  await expect(page.getByTestId("trial-balance-total-credit")).toHaveText("1,35,460.00");
  await expect(rowOf(page, "Trial Balance", "HDFC Bank")).toContainText("86,700.00");
  await expect(rowOf(page, "Trial Balance", "Mehta Supplies")).toContainText("3,600.00");

  // Sales by customer: Ravi Stores, two invoices, 27,000 taxable, 4,860 tax, 31,860 in all.
  await page.goto(books.path(YEAR, "sales-by-customer"));
  await expect(page.getByRole("heading", { level: 1, name: "Sales by Customer" })).toBeVisible();
  const ravi = rowOf(page, "Sales by Customer", "Ravi Stores");
  for (const text of ["2", "27,000.00", "4,860.00", "31,860.00"]) {
    await expect(ravi).toContainText(text);
  }
  await expect(page.getByTestId("total-taxable")).toHaveText("27,000.00");
  await expect(page.getByTestId("total-tax")).toHaveText("4,860.00");
  await expect(page.getByTestId("total-total")).toHaveText("31,860.00");
});

test("the balance sheet downloads as PDF and as Excel under the server's file names", async ({
  page,
}) => {
  const { books } = await enterFixedSet(page);
  await page.goto(books.path(YEAR, "reports/balance-sheet"));
  await expect(page.getByTestId("assets-total")).toHaveText("1,05,860.00");

  for (const [label, fileName, magic] of [
    ["PDF", "balance-sheet-2026-03-31.pdf", "%PDF"],
    ["Excel", "balance-sheet-2026-03-31.xlsx", "PK"],
  ] as const) {
    await page.getByRole("button", { name: "Download" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: label }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(fileName);
    const bytes = readFileSync(await file.path());
    expect(bytes.length).toBeGreaterThan(500);
    expect(bytes.subarray(0, magic.length).toString("latin1")).toBe(magic);
    await expect(
      page.getByText(`Report has been successfully exported in ${label}.`),
    ).toBeVisible();
  }
});
