import { addInvoice, expect, setUpBooks, test, todayInIndia } from "../entries/support.ts";

// A bookkeeper brings in a few days of an HDFC statement (made here, laid out as HDFC's CSV
// download is), reviews the lines with the keyboard, saves them, and undoes the import.
function hdfcStatement(today: string): string {
  const [y, m, d] = today.split("-");
  const date = `${d}/${m}/${y?.slice(2)}`;
  return [
    "HDFC BANK Ltd.,,,,,,",
    "Account No :,50100012345678,,,,,",
    "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance",
    `${date},RENT-SHARMA PROPERTIES,000000000101,${date},"25,000.00",,"75,000.00"`,
    `${date},ATW-512345XXXXXX-PUNE MG ROAD,000000000000,${date},2000.00,,73000.00`,
    `${date},NEFT CR-ASHA TRADERS-INV,N123456789,${date},,1180.00,74180.00`,
    `${date},CHQ DEP 4521 CLEARING,4521,${date},,500.00,74680.00`,
  ].join("\n");
}

test("a statement is checked, imported, reviewed with the keyboard, saved and undone", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  await books.addAccount({ name: "HDFC Current", nature: "Bank" });
  const customer = await books.addAccount({
    name: "Asha Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  await books.addAccount({ name: "Office Rent", nature: "Indirect Expense" });
  await books.addAccount({ name: "Interest Received", nature: "Indirect Income" });
  const item = await books.addItem({ name: "Steel Rod 12mm", hsnCode: "7214", gstRate: 18 });
  const invoice = await addInvoice(books, customer, [{ itemId: item, quantity: 1, rate: 1000 }]);

  await page.goto(books.path("dashboard"));
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await menu.getByRole("button", { name: "Imports" }).click();
  await menu.getByRole("link", { name: "Bank Statement" }).click();
  await expect(page.getByRole("heading", { name: "Import Bank Statement" })).toBeVisible();

  const picker = page.getByRole("combobox", { name: "Bank account" });
  await picker.click();
  await picker.fill("HDFC");
  await page.keyboard.press("Enter");
  await expect(picker).toHaveValue("HDFC Current");
  await page.locator('input[type="file"]').setInputFiles({
    name: "hdfc-statement.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(hdfcStatement(todayInIndia())),
  });
  await page.getByRole("button", { name: "Check Files" }).click();
  const checked = page.getByLabel("Statement hdfc-statement.csv");
  await expect(checked.getByText("HDFC Bank")).toBeVisible();
  await expect(checked.getByText(/^4 lines/)).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Preview of hdfc-statement.csv" }).getByRole("row"),
  ).toHaveCount(5);

  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Review Bank Entries" })).toBeVisible();
  const grid = page.getByRole("table", { name: "Bank entries" });
  const rows = grid.getByRole("row");
  await expect(rows).toHaveCount(5);
  // Suggestions: the rent by the account's name, the ATM withdrawal a transfer from cash, the
  // customer by name with the invoice it settles; the cheque deposit has none.
  await expect(rows.nth(1)).toContainText("Office Rent");
  await expect(rows.nth(1)).toContainText("Payment");
  await expect(rows.nth(2)).toContainText("Fund Transfer");
  await expect(rows.nth(2)).toContainText("Cash");
  await expect(rows.nth(3)).toContainText("Asha Traders");
  await expect(rows.nth(3)).toContainText(invoice.number);
  await expect(rows.nth(4)).toContainText("—");

  await page.keyboard.press("a");
  await expect(rows.nth(1)).toContainText("Accepted");
  await page.keyboard.press("a");
  await expect(rows.nth(2)).toContainText("Accepted");
  await page.keyboard.press("a");
  await expect(rows.nth(3)).toContainText("Accepted");
  await expect(rows.nth(4)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("e");
  const lineAccount = page.getByRole("combobox", { name: "Account for this line" });
  await expect(lineAccount).toBeFocused();
  await lineAccount.fill("Interest");
  await page.keyboard.press("Enter");
  await expect(rows.nth(4)).toContainText("Interest Received");
  await expect(rows.nth(4)).toContainText("Accepted");
  await page.keyboard.press("ArrowUp");
  await expect(rows.nth(3)).toHaveAttribute("aria-selected", "true");

  await expect(page.getByRole("button", { name: "Save 4 accepted" })).toBeEnabled();
  await page.keyboard.press("Control+Enter");
  await expect(page.getByText("4 entries saved")).toBeVisible();
  await expect(grid.getByText("Saved", { exact: true })).toHaveCount(4);

  const receipts = await books.get<{ count: number }>("/receipts/receiptslist", {
    year: books.year,
  });
  expect(receipts.count).toBe(2);
  const settled = await books.entry("/salesinvoice", invoice.entryId);
  expect(JSON.stringify(settled)).toMatch(/"status":"received"/);

  await page.getByRole("link", { name: "Back to statements" }).click();
  const statements = page.getByRole("table", { name: "Imported statements" });
  await expect(statements.getByRole("row").nth(1)).toContainText("Saved");
  await statements.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("4 entries deleted")).toBeVisible();
  await expect(statements.getByRole("row").nth(1)).toContainText("Undone");
  const after = await books.get<{ count: number }>("/receipts/receiptslist", { year: books.year });
  expect(after.count).toBe(0);
});
