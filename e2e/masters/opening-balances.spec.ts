import { addAccountByApi, expect, openBooks, test } from "./support.ts";

test("opening balances set on the list leave a visible difference, which stays after saving", async ({
  page,
}) => {
  const books = await openBooks(page, "Kavita Rao");
  await addAccountByApi(page, books.organisationId, {
    name: "Patil Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  await addAccountByApi(page, books.organisationId, { name: "Owner Capital", nature: "Capital" });

  await page.goto(books.path("account/list-with-opening-balances"));
  await expect(page.getByRole("heading", { level: 1, name: "Opening Balances" })).toBeVisible();
  const difference = page.getByRole("group", { name: "Difference" });
  await expect(difference).toContainText("0.00");

  const debtor = page.getByRole("textbox", { name: "Patil Traders opening balance", exact: true });
  await debtor.fill("125000");
  await debtor.press("Tab");
  await expect(debtor).toHaveValue("1,25,000.00");
  const capital = page.getByRole("textbox", { name: "Owner Capital opening balance", exact: true });
  await capital.fill("100000.75");
  await expect(
    page.getByRole("combobox", { name: "Owner Capital opening balance type" }),
  ).toHaveValue("cr");
  // Debits 1,25,000.00 against credits 1,00,000.75.
  await expect(page.getByRole("group", { name: "Total Debit" })).toContainText("1,25,000.00");
  await expect(page.getByRole("group", { name: "Total Credit" })).toContainText("1,00,000.75");
  await expect(difference).toContainText("24,999.25 Dr");

  // Enter saves them all at once.
  await capital.press("Enter");
  await expect(page.getByText("Opening balances saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("group", { name: "Difference" })).toContainText("24,999.25 Dr");
  await expect(
    page.getByRole("textbox", { name: "Owner Capital opening balance", exact: true }),
  ).toHaveValue("1,00,000.75");

  // The accounts list shows the balances with their sides.
  await page.goto(books.path("account/list"));
  const table = page.getByRole("table", { name: "Accounts Balances" });
  await expect(table.getByRole("row").filter({ hasText: "Patil Traders" })).toContainText(
    "1,25,000.00 Dr",
  );
  await expect(table.getByRole("row").filter({ hasText: "Owner Capital" })).toContainText(
    "1,00,000.75 Cr",
  );
});
