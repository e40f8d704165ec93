import type { Page } from "@playwright/test";
import { openPage } from "../lists/list-helpers.ts";
import {
  addVoucher,
  buildVoucher,
  createOrganisationByApi,
  expect,
  type Ledger,
  MENU_VOUCHER_TITLES,
  openLedger,
  pathIn,
  type SavedVoucher,
  signUpByApi,
  test,
} from "../lists/support.ts";

// spec 2.7: the top bar's '+ New', the sidebars, 'Last 10 Transactions' and the global search.
test.describe.configure({ mode: "serial" });

let page: Page;
let ledger: Ledger;
let trader: { organisationId: string; year: string };
const saved: SavedVoucher[] = [];

// Every voucher type of the registry, in the start menu's order (issue 34).
const VOUCHER_TYPES = MENU_VOUCHER_TITLES;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  page = await openPage(browser);
  await signUpByApi(page, "Gurpreet Sandhu");
  const plain = await createOrganisationByApi(page.request);
  ledger = await openLedger(page.request, plain, { debtor: "Ravindra Stores" });
  // 12 entries: the last 10 are what the recent-transactions modal shows.
  const kinds = [
    "salesInvoice",
    "receipts",
    "payments",
    "journalEntry",
    "purchases",
    "fundTransfer",
  ] as const;
  for (let index = 0; index < 12; index += 1) {
    const kind = kinds[index % kinds.length] ?? "salesInvoice";
    saved.push(
      await addVoucher(
        page.request,
        kind,
        buildVoucher(ledger, kind, { amount: 100 + index, day: index }),
      ),
    );
  }
  trader = await createOrganisationByApi(page.request, {
    gstRegistered: true,
    manageInventory: true,
  });
});

test.afterAll(async () => {
  await page.context().close();
});

test("'+ New' offers Account, Item only with inventory, and every voucher type", async () => {
  await page.goto(pathIn(ledger, "start"));
  await page.getByRole("button", { name: "+ New" }).click();
  await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText([
    "Account",
    ...VOUCHER_TYPES,
  ]);
  await page.getByRole("menuitem", { name: "Credit Note" }).click();
  await expect(page).toHaveURL(pathIn(ledger, "credit-note/add"));

  await page.goto(pathIn(trader, "start"));
  await page.getByRole("button", { name: "+ New" }).click();
  await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText([
    "Account",
    "Item",
    ...VOUCHER_TYPES,
  ]);
  await page.keyboard.press("Escape");
});

test("the sidebar: nested menus with an add shortcut per type; inventory and GST entries", async () => {
  await page.goto(pathIn(ledger, "start"));
  const sidebar = page.getByRole("navigation", { name: "Main menu" });
  await expect(sidebar.getByRole("link", { name: "Item List" })).toHaveCount(0);
  await expect(sidebar.getByRole("button", { name: "GST Returns" })).toHaveCount(0);
  await sidebar.getByRole("button", { name: "Entries", exact: true }).click();
  await expect(sidebar.getByRole("link", { name: "Add Payment" })).toHaveAttribute(
    "href",
    pathIn(ledger, "payment/add"),
  );
  await sidebar.getByRole("link", { name: "Payment", exact: true }).click();
  await expect(page).toHaveURL(pathIn(ledger, "payment/list"));
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();

  await page.goto(pathIn(trader, "start"));
  await expect(sidebar.getByRole("link", { name: "Item List" })).toBeVisible();
  const links = (await sidebar.locator("a:visible, button:visible").allTextContents()).map((text) =>
    text.trim(),
  );
  const accounts = links.indexOf("Accounts Balances");
  expect(links.slice(accounts, accounts + 3)).toEqual([
    "Accounts Balances",
    "Item List",
    "Closing Stock",
  ]);
  await sidebar.getByRole("button", { name: "GST Returns" }).click();
  // Every return has its screen (issues 19, 20 and 24); IFF is for quarterly filers only.
  for (const name of ["GSTR-1", "GSTR-2", "GSTR-3B", "E-Invoice", "E-Way Bills"])
    await expect(sidebar.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "IFF", exact: true })).toHaveCount(0);
});

test("Ctrl+T and Meta+T: the last 10 transactions, Up, Down, Enter and Esc", async () => {
  await page.goto(pathIn(ledger, "start"));
  await expect(page.getByRole("heading", { name: "Bahi Start Screen" })).toBeVisible();
  await page.keyboard.press("Control+t");
  const dialog = page.getByRole("dialog", { name: "Showing Last 10 Transactions Added or Edited" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("columnheader")).toHaveText([
    "Date",
    "Type",
    "Amount",
    "Add/Edit Date",
    "Add/Edit",
  ]);
  const rows = dialog.locator("tbody").getByRole("row");
  await expect(rows).toHaveCount(10);
  // Newest first: the 12th entry (a fund transfer of ₹111) on top.
  await expect(rows.nth(0)).toContainText("Fund Transfer");
  await expect(rows.nth(0)).toContainText("111.00");
  await expect(rows.nth(0)).toContainText("Add");
  await expect(rows.nth(0)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("ArrowDown");
  await expect(rows.nth(1)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await page.keyboard.press("Meta+t");
  await expect(dialog).toBeVisible();
  await expect(rows).toHaveCount(10);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  // The 11th entry: a purchase, opened at its edit route.
  await expect(page).toHaveURL(pathIn(ledger, `purchases/edit/${saved[10]?.entryId}`));
  await expect(dialog).toHaveCount(0);

  // The button opens it too; an organisation without entries says so.
  await page.goto(pathIn(trader, "start"));
  await expect(page.getByRole("heading", { name: "Bahi Start Screen" })).toBeVisible();
  await page.getByRole("button", { name: "Last 10 Transactions" }).click();
  await expect(dialog.getByText("No Entries")).toBeVisible();
});

test("global search: at least 3 characters, then accounts and entries to open", async () => {
  await page.goto(pathIn(ledger, "start"));
  const search = page.getByRole("textbox", { name: "Global search" });
  await search.fill("Ra");
  await expect(page.getByText("Please enter at least 3 characters to search")).toBeVisible();
  await search.fill("Ravindra");
  const results = page.getByRole("listbox", { name: "Search results" });
  // The account first, then its entries, each with an icon, a name and a detail.
  await expect(results.getByRole("option").first()).toContainText("Ravindra Stores");
  await expect(results.getByRole("option").first()).toContainText("Account");
  await expect(results.getByRole("option", { name: /^Sales Invoice 1\b/ })).toBeVisible();
  await search.press("ArrowDown");
  await search.press("Enter");
  await expect(page).toHaveURL(pathIn(ledger, `ledger/${ledger.debtor}`));
});
