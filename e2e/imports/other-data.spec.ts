import { expect, setUpBooks, test } from "../entries/support.ts";

// A bookkeeper brings the masters from a spreadsheet: validates, sees the problems by row, imports
// the valid rows, and imports the same file again without creating anything twice.
const ACCOUNTS_CSV = [
  "Ledger Name,Group,Opening Balance,Dr/Cr,GST Registration Type,State",
  "Asha Traders,Debtors,12500,Dr,Unregistered,Maharashtra",
  "Mehta Supplies,Creditors,8000,Cr,Unregistered,27",
  "Bad Side,Debtors,100,Sideways,Unregistered,27",
].join("\n");

test("accounts from a spreadsheet: validated row by row, imported once", async ({ page }) => {
  const books = await setUpBooks(page);
  await page.goto(books.path("dashboard"));
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await menu.getByRole("button", { name: "Imports" }).click();
  await menu.getByRole("link", { name: "Other Data" }).click();
  await expect(page.getByRole("heading", { name: "Import Other Data" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download the accounts template" })).toHaveAttribute(
    "href",
    /\/api\/import\/other\/template\?type=accounts/,
  );

  await page.locator('input[type="file"]').setInputFiles({
    name: "accounts.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(ACCOUNTS_CSV),
  });
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(
    page.getByText("3 rows: 2 ready to import, 0 already there, 1 problems."),
  ).toBeVisible();
  const problems = page.getByRole("table", { name: "Problems by row" });
  await expect(problems.getByRole("row").nth(1)).toContainText("4");
  await expect(problems.getByRole("row").nth(1)).toContainText("Dr/Cr");
  await expect(problems.getByRole("row").nth(1)).toContainText('"Sideways" is not Dr or Cr.');

  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("2 imported, 0 already there, 1 rows not imported.")).toBeVisible();
  const accounts = await books.get<{ accounts: { name: string; openingBalance: number }[] }>(
    "/account/accountslist",
  );
  expect(
    accounts.accounts.find((account) => account.name === "Mehta Supplies")?.openingBalance,
  ).toBe(-8000);

  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("0 imported, 2 already there, 1 rows not imported.")).toBeVisible();
  const again = await books.get<{ accounts: unknown[] }>("/account/accountslist");
  expect(again.accounts.length).toBe(accounts.accounts.length);
});
