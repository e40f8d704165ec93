import { expect, expectFocus, Keys, setUpBooks, test } from "./support.ts";

test("a journal that does not balance is refused with the difference; balanced, it is saved", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  const rent = await books.addAccount({ name: "Office Rent", nature: "Indirect Expense" });

  await page.goto(books.path("journal/add"));
  await expect(page.getByRole("heading", { name: "Add Journal Entry" })).toBeVisible();
  await expectFocus(page, "Date");
  const keys = new Keys(page);
  await keys.enter();
  await keys.enter("Office Rent");
  await keys.enter("25000"); // debit
  await keys.enter(); // no credit on this line: on to a new line, which balances the entry
  await expectFocus(page, "Account, line 2");
  await expect(page.getByRole("textbox", { name: "Credit, line 2" })).toHaveValue("25,000.00");
  await keys.enter("Cash");
  await keys.enter(); // no debit
  await keys.type("24000"); // over the balancing amount: now it does not balance
  await expect(page.getByTestId("journal-difference")).toHaveText(
    "Difference: 1,000.00 more debit",
  );

  await keys.press("Control+s");
  const message =
    "Debit and credit totals must be equal: debit 25,000.00, credit 24,000.00 (difference 1,000.00).";
  await expect(page.getByRole("alert").filter({ hasText: message }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/journal\/add$/);
  const none = await books.get<{ journalEntries: unknown[] }>("/journalentry/journalentrylist", {
    year: books.year,
  });
  expect(none.journalEntries).toHaveLength(0);

  // The focus stayed where it was: the credit is typed again and the entry saved.
  await expectFocus(page, "Credit, line 2");
  await keys.press("Backspace", 5);
  await keys.type("25000");
  await expect(page.getByTestId("journal-difference")).toHaveText("Debits equal credits");
  await keys.press("Control+s");
  await expect(page.getByText("Journal Entry saved.")).toBeVisible();
  const saved = await books.latest("/journalentry", "journalentrylist", "journalEntries");
  expect(saved.entries).toEqual([
    { accountId: rent, debitAmount: 25000, creditAmount: 0 },
    { accountId: await books.accountByName("Cash"), debitAmount: 0, creditAmount: 25000 },
  ]);
  const ledger = await books.ledger(rent);
  expect(ledger.closingBalance).toMatchObject({ amount: 25000, type: "dr" });
});

test("a fund transfer from cash to the bank is typed in four stops", async ({ page }) => {
  const books = await setUpBooks(page);
  const bank = await books.addAccount({ name: "HDFC Bank", nature: "Bank" });
  await page.goto(books.path("fundtransfer/add"));
  await expect(page.getByRole("heading", { name: "Add Fund Transfer" })).toBeVisible();
  await expectFocus(page, "Date");
  const keys = new Keys(page);
  await keys.enter();
  await keys.enter("Cash");
  await keys.enter("HDFC");
  await expectFocus(page, "Amount");
  await keys.type("50000");
  await keys.press("Control+s");
  await expect(page.getByText("Fund Transfer saved.")).toBeVisible();
  const saved = await books.latest("/fundtransfer", "fundtransferlist", "fundtransferEntries");
  expect(saved).toMatchObject({
    paidAmount: 50000,
    receivedAmount: 50000,
    receivedAccountId: bank,
  });
  const ledger = await books.ledger(bank);
  expect(ledger.closingBalance).toMatchObject({ amount: 50000, type: "dr" });
});
