import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import {
  bodyRows,
  expectToast,
  listTable,
  openList,
  openPage,
  pick,
  rowNumbers,
} from "./list-helpers.ts";
import {
  addAccount,
  addVoucher,
  buildVoucher,
  createOrganisationByApi,
  expect,
  type Ledger,
  openLedger,
  pathIn,
  type SavedVoucher,
  signUpByApi,
  test,
} from "./support.ts";

// One person and organisation for the file: a bill-wise business with 25 sales invoices
// (INV-001 … INV-025 for ₹100 … ₹2,500), three of them to another customer, INV-001 fully
// received and INV-002 edited once.
test.describe.configure({ mode: "serial" });

const TITLE = "Sales Invoice";
let page: Page;
let ledger: Ledger;
let invoices: SavedVoucher[] = [];

const number = (index: number) => `INV-${String(index + 1).padStart(3, "0")}`;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  page = await openPage(browser);
  await signUpByApi(page, "Neha Joshi");
  const organisation = await createOrganisationByApi(page.request, { billWiseEntry: true });
  ledger = await openLedger(page.request, organisation);
  const sharma = await addAccount(page.request, ledger.organisationId, "Sharma & Sons", "Debtors");
  invoices = [];
  for (let index = 0; index < 25; index += 1) {
    const payload: Record<string, unknown> = buildVoucher(ledger, "salesInvoice", {
      amount: 100 * (index + 1),
      day: index,
      invoiceNumber: number(index),
    });
    if (index >= 22) payload.cashOrDebtorAccountId = sharma;
    invoices.push(await addVoucher(page.request, "salesInvoice", payload));
  }
  const first = invoices[0] as SavedVoucher;
  await addVoucher(page.request, "receipts", {
    ...buildVoucher(ledger, "receipts", { amount: 100, day: 30 }),
    entries: [
      {
        accountId: ledger.debtor,
        amount: 100,
        billWiseEntries: [{ entryId: first.entryId, amount: 100 }],
      },
    ],
  });
  const second = invoices[1] as SavedVoucher;
  const edited = await page.request.put("/api/salesinvoice/edit", {
    data: {
      ...buildVoucher(ledger, "salesInvoice", { amount: 200, day: 1, invoiceNumber: number(1) }),
      narration: "Corrected rate",
      entryId: second.entryId,
      version: second.version,
    },
  });
  expect(edited.ok()).toBe(true);
});

test.afterAll(async () => {
  await page.context().close();
});

test("the sales list: title, columns with Status under bill-wise, rows, totals and pages", async () => {
  await openList(page, ledger, "sales", TITLE);
  const table = listTable(page, TITLE);
  // The first header holds the select-all box, the last the menus' (hidden) heading.
  await expect(table.getByRole("checkbox", { name: "Select all on this page" })).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText([
    "",
    "Date",
    "Invoice No.",
    "Customer",
    "Due Date",
    "Amount",
    "Pending",
    "Status",
    "Actions",
  ]);
  await expect(bodyRows(page, TITLE)).toHaveCount(10);
  // Newest first (the default 'Created Ascending' sorts by creation, newest first).
  expect(await rowNumbers(page, TITLE)).toEqual(
    Array.from({ length: 10 }, (_, index) => number(24 - index)),
  );
  await expect(page.getByText("Page Total:")).toContainText("Page Total: 20,500.00");
  await expect(page.getByText("Grand Total:")).toContainText("Grand Total: 32,500.00");
  const fullyReceived = bodyRows(page, TITLE).filter({ hasText: number(0) });
  await expect(page.getByRole("button", { name: "Page 3" })).toBeVisible();
  await page.getByRole("button", { name: "Page 3" }).click();
  await expect(bodyRows(page, TITLE)).toHaveCount(5);
  await expect(fullyReceived).toContainText("Received");
  await expect(bodyRows(page, TITLE).filter({ hasText: number(2) })).toContainText("Pending");
  await expect(page.getByRole("button", { name: "Page 3" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("sort selector with the 7 options, and the page size", async () => {
  await openList(page, ledger, "sales", TITLE);
  await page.getByRole("combobox", { name: "Sort by" }).click();
  await expect(page.getByRole("option")).toHaveText([
    "Created Ascending",
    "Date Ascending",
    "Date Descending",
    "Amount Ascending",
    "Amount Descending",
    "Invoice Number Ascending",
    "Invoice Number Descending",
  ]);
  await page.getByRole("option", { name: "Amount Descending" }).click();
  await expect
    .poll(() => rowNumbers(page, TITLE))
    .toEqual(Array.from({ length: 10 }, (_, index) => number(24 - index)));
  await pick(page, "Sort by", "Invoice Number Ascending");
  await expect
    .poll(() => rowNumbers(page, TITLE))
    .toEqual(Array.from({ length: 10 }, (_, index) => number(index)));
  await pick(page, "Items per page", "50");
  await expect(bodyRows(page, TITLE)).toHaveCount(25);
  await expect(page.getByRole("button", { name: "Page 2" })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Items per page" }).click();
  await expect(page.getByRole("option")).toHaveText(["10", "50", "100", "500"]);
  await page.keyboard.press("Escape");
});

test("Go to Page: its three messages, Enter and the disabled button", async () => {
  await openList(page, ledger, "sales", TITLE);
  const box = page.getByRole("textbox", { name: "Go to Page" });
  const go = page.getByRole("button", { name: "Go", exact: true });
  await expect(go).toBeDisabled();
  await box.fill("0");
  await go.click();
  await expect(page.getByText("Page No. cannot be negative or zero!")).toBeVisible();
  await box.fill("-2");
  await box.press("Enter");
  await expect(page.getByText("Page No. cannot be negative or zero!")).toBeVisible();
  await box.fill("1.5");
  await box.press("Enter");
  await expect(page.getByText("Page No. cannot be a decimal number!")).toBeVisible();
  await box.fill("9");
  await box.press("Enter");
  await expect(
    page.getByText("Page number 9 does not exist. There are only 3 pages."),
  ).toBeVisible();
  await box.fill("2");
  await box.press("Enter");
  await expect(page.getByRole("button", { name: "Page 2" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(box).toHaveValue("");
});

test("search: the placeholder, 700 ms after typing, and no result", async () => {
  await openList(page, ledger, "sales", TITLE);
  const search = page.getByRole("textbox", { name: "Search entries" });
  await expect(search).toHaveAttribute(
    "placeholder",
    "Search by Invoice number, customer name, amount or account name",
  );
  const searches: number[] = [];
  page.on("request", (request) => {
    if (request.url().includes("salesinvoicelist") && request.url().includes("searchText=Sharma")) {
      searches.push(Date.now());
    }
  });
  const typedAt = Date.now();
  await search.pressSequentially("Sharma", { delay: 50 });
  await expect(bodyRows(page, TITLE)).toHaveCount(3);
  // One request, 700 ms after the last key (spec 4 "Search is debounced by 700 ms").
  expect(searches).toHaveLength(1);
  expect((searches[0] ?? 0) - typedAt).toBeGreaterThanOrEqual(700 + 250);
  await expect(page.getByRole("button", { name: "Page 2" })).toHaveCount(0);
  await search.fill("no such party anywhere");
  await expect(page.getByText("No record found matching your search criteria")).toBeVisible();
  await search.fill("");
  await expect(bodyRows(page, TITLE)).toHaveCount(10);
});

test("filter dialog: the three messages, chips, removal and the no-match state", async () => {
  await openList(page, ledger, "sales", TITLE);
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Filter" });
  // A bill-wise organisation that is not GST-registered: Status, but no GSTIN or RCM.
  await expect(dialog.getByRole("group", { name: "Status" })).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "GSTIN" })).toHaveCount(0);
  await expect(dialog.getByRole("textbox", { name: "Customer Name" })).toBeVisible();
  await expect(
    dialog.getByText(
      "You’ll only see accounts of these specific types here, as they’re the only ones allowed. 1. Cash 2. Bank 3. Bank OD/CC 4. Debtors 5. Creditors",
    ),
  ).toBeVisible();

  const dateFrom = dialog.getByRole("textbox", { name: "Date From" });
  const dateTo = dialog.getByRole("textbox", { name: "Date To" });
  await dateFrom.fill(`10-04-${ledger.year.slice(0, 4)}`);
  await dateTo.fill(`05-04-${ledger.year.slice(0, 4)}`);
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(
    dialog.getByText("Date From cannot be later than Date To. Please select a valid date range."),
  ).toBeVisible();
  await dateTo.fill("");
  await dateFrom.fill("");

  await dialog.getByRole("textbox", { name: "Amount From" }).fill("1,500");
  await dialog.getByRole("textbox", { name: "Amount To" }).fill("1000");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(
    dialog.getByText(
      "Amount From cannot be greater than Amount To. Please select a valid amount range.",
    ),
  ).toBeVisible();

  const narration = dialog.getByRole("textbox", { name: "Narration" });
  await narration.fill("x".repeat(1001));
  await expect(dialog.getByText("1001 / 1000")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Amount From" }).fill("1000");
  await dialog.getByRole("textbox", { name: "Amount To" }).fill("1500");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(
    dialog.getByText(
      "Narration cannot exceed 1000 characters. Please reduce the text before applying the filter.",
    ),
  ).toBeVisible();
  await narration.fill("   ");
  await dialog.getByRole("textbox", { name: "Customer Name" }).fill("  ");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog).toHaveCount(0);

  // Blank text was dropped on apply: two chips only.
  const chips = page.getByRole("group", { name: "Applied Filters" });
  await expect(chips).toContainText("Applied Filters:");
  await expect(chips.getByRole("button")).toHaveCount(2);
  await expect(chips).toContainText("Amount From: 1,000.00");
  await expect(chips).toContainText("Amount To: 1,500.00");
  await expect(bodyRows(page, TITLE)).toHaveCount(6);

  await chips.getByRole("button", { name: "Remove filter Amount To: 1,500.00" }).click();
  await expect(chips.getByRole("button")).toHaveCount(1);
  await expect(bodyRows(page, TITLE)).toHaveCount(10);
  await expect(page.getByRole("button", { name: "Page 2" })).toBeVisible();

  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(dialog.getByRole("textbox", { name: "Amount From" })).toHaveValue("1000");
  await dialog.getByRole("textbox", { name: "Amount From" }).fill("999999");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(
    page.getByRole("heading", { name: "No Sales Invoices match your filter criteria" }),
  ).toBeVisible();
  await expect(
    page.getByText("Try adjusting your filters or clear them to see all sales invoices."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Clear All Filters" }).click();
  await expect(page.getByRole("group", { name: "Applied Filters" })).toHaveCount(0);
  await expect(bodyRows(page, TITLE)).toHaveCount(10);
});

test("changing type clears search and filters; changing view clears the search", async () => {
  await openList(page, ledger, "sales", TITLE);
  await page.getByRole("textbox", { name: "Search entries" }).fill("INV");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Filter" })
    .getByRole("textbox", { name: "Amount From" })
    .fill("100");
  await page.getByRole("dialog", { name: "Filter" }).getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("group", { name: "Applied Filters" })).toBeVisible();

  // The deleted view of the same type: the search goes, the filter stays.
  const sidebar = page.getByRole("navigation", { name: "Main menu" });
  await sidebar.getByRole("button", { name: "Deleted Entries" }).click();
  await sidebar.getByRole("link", { name: "Sales Invoice" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Sales Invoice - Deleted Entries" }),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Search entries" })).toHaveValue("");
  await expect(page.getByRole("group", { name: "Applied Filters" })).toContainText(
    "Amount From: 100.00",
  );

  // Another type: search and filters both go.
  await page.getByRole("textbox", { name: "Search entries" }).fill("INV");
  await sidebar.getByRole("button", { name: "Deleted Entries" }).click();
  await sidebar.getByRole("button", { name: "Entries", exact: true }).click();
  await sidebar.getByRole("link", { name: "Receipt", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Receipts" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Search entries" })).toHaveValue("");
  await expect(page.getByRole("group", { name: "Applied Filters" })).toHaveCount(0);
  await expect(bodyRows(page, "Receipts")).toHaveCount(1);
});

test("download: PDF by default, Excel, and nothing to download", async () => {
  await openList(page, ledger, "sales", TITLE);
  await expect(page.getByRole("combobox", { name: "Download format" })).toHaveValue("PDF");
  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download", exact: true }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`sales-invoices-${ledger.year}.pdf`);
  const pdfBytes = await readFile((await pdf.path()) ?? "");
  expect(pdfBytes.subarray(0, 5).toString()).toBe("%PDF-");
  await expectToast(page, "Download", "Report has been successfully exported in PDF.");

  await pick(page, "Download format", "Excel");
  const excelDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download", exact: true }).click();
  const excel = await excelDownload;
  expect(excel.suggestedFilename()).toBe(`sales-invoices-${ledger.year}.xlsx`);
  const excelBytes = await readFile((await excel.path()) ?? "");
  expect(excelBytes.subarray(0, 2).toString()).toBe("PK");
  await expectToast(page, "Download", "Report has been successfully exported in Excel.");

  await openList(page, ledger, "quotation", "Quotations");
  await page.getByRole("button", { name: "Download", exact: true }).click();
  await expectToast(page, "Not able to download file!", "There are no entries to download");
});

test("row menu: Print and Send via Mail; Create Receipt refused on a received invoice", async () => {
  await openList(page, ledger, "sales", TITLE);
  await pick(page, "Sort by", "Invoice Number Ascending");
  await expect.poll(() => rowNumbers(page, TITLE)).toContain(number(0));
  await page.getByRole("button", { name: `Actions for Sales Invoice ${number(0)}` }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText([
    "Print",
    "Send via Mail",
    "Edit",
    "Duplicate",
    "Create Receipt",
    "View Log",
    "Delete",
  ]);
  await menu.getByRole("menuitem", { name: "Create Receipt" }).click();
  await expectToast(page, "Receipt cannot be created", "Sales already has status of received.");
  await expect(page).toHaveURL(/\/sales\/list$/);

  // A pending one opens receipt/add with the account, the pending amount and the number.
  await page.getByRole("button", { name: `Actions for Sales Invoice ${number(2)}` }).click();
  await page.getByRole("menuitem", { name: "Create Receipt" }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `/receipt/add\\?invoiceId=${invoices[2]?.entryId}&accountId=${ledger.debtor}&amount=300&invoiceNumber=${number(2)}$`,
    ),
  );
});

test("the Log dialog: Created, Edited (Current), and its rows open the versions", async () => {
  await openList(page, ledger, "sales", TITLE);
  await pick(page, "Sort by", "Invoice Number Ascending");
  await expect.poll(() => rowNumbers(page, TITLE)).toContain(number(1));
  await page.getByRole("button", { name: `Actions for Sales Invoice ${number(1)}` }).click();
  await page.getByRole("menuitem", { name: "View Log" }).click();
  const dialog = page.getByRole("dialog", { name: `Log: Sales Invoice ${number(1)}` });
  const rows = dialog.locator("tbody").getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Created");
  await expect(rows.nth(0)).toContainText("Neha Joshi");
  await expect(rows.nth(1)).toContainText("Edited (Current)");
  await dialog.getByRole("button", { name: "Created" }).click();
  await expect(page).toHaveURL(pathIn(ledger, `sales/old-version/${invoices[1]?.entryId}/1`));
});

test("Delete Selected asks to Confirm Delete, then says how many; the deleted view", async () => {
  await openList(page, ledger, "sales", TITLE);
  const deleteSelected = page.getByRole("button", { name: /^Delete Selected/ });
  await expect(deleteSelected).toBeDisabled();
  await page.getByRole("checkbox", { name: `Select Sales Invoice ${number(24)}` }).check();
  await page.getByRole("checkbox", { name: `Select Sales Invoice ${number(23)}` }).check();
  await expect(deleteSelected).toHaveText("Delete Selected (2)");
  await deleteSelected.click();
  const confirm = page.getByRole("dialog", { name: "Confirm Delete" });
  await expect(confirm).toContainText(
    `Are you sure you want to delete the sales invoices “${number(24)}, ${number(23)}”?`,
  );
  await page.keyboard.press("Enter");
  await expectToast(page, "2 entries Deleted Successfully.");
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText("Grand Total:")).toContainText("Grand Total: 27,600.00");
  expect(await rowNumbers(page, TITLE)).not.toContain(number(24));

  await openList(page, ledger, "sales", "Sales Invoice - Deleted Entries", "deleted-entries");
  const deletedTitle = "Sales Invoice - Deleted Entries";
  await expect(bodyRows(page, deletedTitle)).toHaveCount(2);
  await expect(page.getByRole("button", { name: /^Delete Selected/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add New" })).toHaveCount(0);
  await page.getByRole("button", { name: `Actions for Sales Invoice ${number(24)}` }).click();
  await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText(["View Log"]);
  await page.getByRole("menuitem", { name: "View Log" }).click();
  const log = page.getByRole("dialog", { name: `Log: Sales Invoice ${number(24)}` });
  await expect(log.locator("tbody").getByRole("row")).toHaveCount(2);
  await expect(log.getByRole("button", { name: "Created" })).toBeVisible();
  // The deletion shows 'Deleted', marked current, and is not clickable.
  await expect(log.getByText("Deleted (Current)")).toBeVisible();
  await expect(log.getByRole("button", { name: /Deleted/ })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(log).toHaveCount(0);
  // A deleted row opens its old version.
  const deletedRow = bodyRows(page, deletedTitle).filter({ hasText: number(24) });
  await deletedRow.getByRole("cell").nth(3).click();
  await expect(page).toHaveURL(new RegExp(`/sales/old-version/${invoices[24]?.entryId}/\\d+$`));
});

test("an empty list says so, with an add button", async () => {
  await openList(page, ledger, "quotation", "Quotations");
  await expect(page.getByRole("heading", { name: "No Quotations Present" })).toBeVisible();
  await expect(page.getByText("Get started by adding a new quotation.")).toBeVisible();
  await page.getByRole("button", { name: "Add Quotation" }).click();
  await expect(page).toHaveURL(pathIn(ledger, "quotation/add"));
});

test("keyboard: Up, Down, Space, Enter, Alt+2, Alt+D, Alt+A, Right and Left, Esc", async () => {
  await openList(page, ledger, "sales", TITLE);
  const rows = bodyRows(page, TITLE);
  await expect(rows.nth(0)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowDown");
  await expect(rows.nth(2)).toHaveAttribute("aria-current", "true");
  const third = (await rowNumbers(page, TITLE))[2] ?? "";
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: `Select Sales Invoice ${third}` })).toBeChecked();
  await page.keyboard.press("Space");
  await expect(
    page.getByRole("checkbox", { name: `Select Sales Invoice ${third}` }),
  ).not.toBeChecked();
  const entry = invoices[Number(third.slice(4)) - 1]?.entryId;

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(pathIn(ledger, `sales/edit/${entry}`));
  await page.goBack();
  await expect(rows.first()).toBeVisible();

  await page.keyboard.press("Alt+2");
  await expect(page).toHaveURL(/\/sales\/duplicate\//);
  await page.goBack();
  await expect(rows.first()).toBeVisible();
  await page.keyboard.press("Alt+D");
  await expect(page).toHaveURL(/\/sales\/duplicate\//);
  await page.goBack();
  await expect(rows.first()).toBeVisible();
  await page.keyboard.press("Alt+A");
  await expect(page).toHaveURL(pathIn(ledger, "sales/add"));
  await page.goBack();
  await expect(rows.first()).toBeVisible();

  // On the sales list Right and Left change page, the highlight back on the first row.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("button", { name: "Page 2" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(rows.nth(0)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("button", { name: "Page 1" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Keys typed into the search box stay there.
  await page.getByRole("textbox", { name: "Search entries" }).press("ArrowDown");
  await expect(rows.nth(0)).toHaveAttribute("aria-current", "true");
  await page.getByRole("textbox", { name: "Search entries" }).blur();

  // Esc goes back to the start page — but not while a dialog is open.
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  // As a person does: the Esc is for the dialog once it is on the screen.
  await expect(page.getByRole("dialog", { name: "Filter" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Filter" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/sales\/list$/);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(pathIn(ledger, "start"));
  await expect(page.getByRole("heading", { name: "Bahi Start Screen" })).toBeVisible();
});

test("a left and right on another list go back to the first row", async () => {
  await addVoucher(
    page.request,
    "journalEntry",
    buildVoucher(ledger, "journalEntry", { amount: 50 }),
  );
  await addVoucher(
    page.request,
    "journalEntry",
    buildVoucher(ledger, "journalEntry", { amount: 60 }),
  );
  await openList(page, ledger, "journal", "Journal Entries");
  const rows = bodyRows(page, "Journal Entries");
  await expect(listTable(page, "Journal Entries").getByRole("columnheader")).toHaveText([
    "",
    "Date",
    "Debit",
    "Credit",
    "Amount",
    "Narration",
    "Actions",
  ]);
  await expect(rows.nth(0)).toContainText("Office Rent");
  await expect(rows.nth(0)).toContainText("Cash");
  await page.keyboard.press("ArrowDown");
  await expect(rows.nth(1)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("ArrowRight");
  await expect(rows.nth(0)).toHaveAttribute("aria-current", "true");
});
