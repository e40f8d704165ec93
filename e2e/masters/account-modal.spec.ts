import { DEBTOR_GSTIN, expect, openBooks, pick, test } from "./support.ts";

test("a bookkeeper adds a debtor with a GSTIN, a creditor without, a bank and an expense account, and meets every message of spec 5", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const books = await openBooks(page, "Meena Kulkarni");
  await page.goto(books.path("account/list"));
  await expect(page.getByRole("heading", { level: 1, name: "Accounts Balances" })).toBeVisible();

  // Alt+A opens Add Account, like the entry lists.
  await page.getByRole("table", { name: "Accounts Balances" }).waitFor();
  await page.keyboard.press("Alt+A");
  const modal = page.getByRole("dialog", { name: "Add Account" });
  await expect(modal).toBeVisible();
  const name = modal.getByRole("textbox", { name: "Account Name" });
  await expect(name).toBeFocused();

  // Enter on an empty form: the two required fields.
  await name.press("Enter");
  await expect(modal.getByText("Account Name is Required!.")).toBeVisible();
  await expect(modal.getByText("Nature of Account is Required!.")).toBeVisible();

  await name.fill("bharat steel works");
  await expect(name).toHaveValue("Bharat Steel Works");
  await expect(modal.getByText("18 / 100")).toBeVisible();
  await pick(page, modal, "Nature of Account", "Debtors");

  // A debtor of a regular GST organisation needs a registration type and a state.
  await name.press("Enter");
  await expect(modal.getByText("GST Registration Type is Required!.")).toBeVisible();
  await expect(modal.getByText("Please select state.")).toBeVisible();

  // The GSTIN: hint and counter, too short on leaving, a wrong check character, then a good one.
  const gstin = modal.getByRole("textbox", { name: "GSTIN" });
  await expect(
    modal.getByText(
      "Enter GSTIN and all GST details will be filled automatically. If unregistered, leave blank.",
    ),
  ).toBeVisible();
  const state = modal.getByRole("combobox", { name: "State" });
  await gstin.pressSequentially("27aapfu0939");
  await expect(modal.getByText("11 / 15")).toBeVisible();
  await expect(state).toBeEnabled();
  await gstin.press("Tab");
  await expect(modal.getByText("GSTIN should be of exactly 15 characters.")).toBeVisible();
  await gstin.fill("27AAPFU0939F1ZX");
  await expect(modal.getByText("GSTIN is not valid.")).toBeVisible();
  await gstin.fill(DEBTOR_GSTIN);
  await expect(modal.getByText("15 / 15")).toBeVisible();
  await expect(modal.getByText("GSTIN is not valid.")).toHaveCount(0);
  // The GSTIN sets Maharashtra, locks the state picker and fills the PAN.
  await expect(state).toHaveValue("27 - Maharashtra");
  await expect(state).toBeDisabled();
  await expect(modal.getByRole("textbox", { name: "PAN" })).toHaveValue("AAPFU0939F");
  await expect(modal.getByText("Please select state.")).toHaveCount(0);
  // A valid GSTIN means a registration: its form fills the type (issue 25).
  await expect(modal.getByRole("combobox", { name: "GST Registration Type" })).toHaveValue(
    "Regular",
  );

  // A balance without its side, and a short mobile number.
  await modal.getByRole("textbox", { name: "Opening Balance", exact: true }).fill("25000.5");
  const mobile = modal.getByRole("textbox", { name: "Mobile Number" });
  await mobile.fill("98765");
  await mobile.press("Enter");
  await expect(modal.getByText("Please Select Opening Balance Type.")).toBeVisible();
  await expect(modal.getByText("Mobile number must be exactly 10 digits.")).toBeVisible();
  await pick(page, modal, "Opening Balance Type", "Dr");
  // Digits only; a leading 0 past 10 digits goes.
  await mobile.fill("0 98765-43210");
  await expect(mobile).toHaveValue("9876543210");
  await expect(modal.getByText("Mobile number must be exactly 10 digits.")).toHaveCount(0);

  // Save & New: saved, and the form starts again.
  await modal.getByRole("button", { name: "Save & New" }).click();
  await expect(page.getByText("Successfully added a new account.")).toBeVisible();
  await expect(name).toHaveValue("");
  await expect(name).toBeFocused();

  // The same name again: refused on leaving the field.
  await name.fill("Bharat Steel Works");
  await name.press("Tab");
  await expect(modal.getByText("An account with same name already exists.")).toBeVisible();

  // A creditor without GSTIN: unregistered, with its state chosen by hand.
  await name.fill("Sharma Suppliers");
  await expect(modal.getByText("An account with same name already exists.")).toHaveCount(0);
  await pick(page, modal, "Nature of Account", "Creditors");
  await pick(page, modal, "GST Registration Type", "Unregistered");
  await pick(page, modal, "State", "24 - Gujarat");
  // Saved means the server's answer to this add, then the form starting again; the first save's
  // toast may still be on screen, so toasts are not counted.
  const secondSave = page.waitForResponse(
    (answer) => answer.url().endsWith("/api/account/add") && answer.request().method() === "POST",
  );
  await modal.getByRole("button", { name: "Save & New" }).click();
  const secondAnswer = await secondSave;
  expect(secondAnswer.status()).toBe(200);
  expect(await secondAnswer.json()).toMatchObject({ account: { name: "Sharma Suppliers" } });
  await expect(name).toHaveValue("");
  await expect(name).toBeFocused();

  // A second debtor with the first one's GSTIN: a warning, and saving is still allowed.
  await name.fill("Bharat Steel Branch");
  await pick(page, modal, "Nature of Account", "Debtors");
  await gstin.fill(DEBTOR_GSTIN);
  await expect(
    modal.getByText(
      "This GSTIN is already used by the account “Bharat Steel Works”. You can still save.",
    ),
  ).toBeVisible();
  // Leaving Debtors clears the party's fields: back on Debtors they are empty.
  await pick(page, modal, "Nature of Account", "Bank");
  await expect(gstin).toHaveCount(0);
  await pick(page, modal, "Nature of Account", "Debtors");
  await expect(gstin).toHaveValue("");
  await expect(modal.getByRole("textbox", { name: "PAN" })).toHaveValue("");
  await expect(state).toBeEnabled();

  // A bank.
  await name.fill("HDFC Bank Current Account");
  await pick(page, modal, "Nature of Account", "Bank");
  await modal.getByRole("button", { name: "Save & New" }).click();
  await expect(name).toHaveValue("");

  // An expense with its GST rate, saved with Enter (Save & Close).
  await name.fill("Office Rent");
  await pick(page, modal, "Nature of Account", "Indirect Expense");
  const rate = modal.getByRole("combobox", { name: "GST Rate" });
  await rate.click();
  await rate.fill("9");
  await expect(page.getByText("No GST Rate Found")).toBeVisible();
  await rate.fill("18");
  await page.getByRole("option", { name: "18%" }).click();
  await name.press("Enter");
  await expect(modal).toBeHidden();

  const table = page.getByRole("table", { name: "Accounts Balances" });
  for (const account of [
    "Bharat Steel Works",
    "Sharma Suppliers",
    "HDFC Bank Current Account",
    "Office Rent",
  ]) {
    await expect(table.getByText(account, { exact: true })).toBeVisible();
  }
  const debtor = table.getByRole("row").filter({ hasText: "Bharat Steel Works" });
  await expect(debtor).toContainText(DEBTOR_GSTIN);
  await expect(debtor).toContainText("Maharashtra");
  await expect(debtor).toContainText("25,000.50 Dr");

  // Edit: Update closes; the state stays locked by the saved GSTIN.
  await debtor.getByRole("button", { name: "Actions for Bharat Steel Works" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Account" });
  await expect(edit.getByRole("combobox", { name: "State" })).toBeDisabled();
  await expect(edit.getByRole("combobox", { name: "State" })).toHaveValue("27 - Maharashtra");
  await edit.getByRole("textbox", { name: "Email" }).fill("accounts@bharatsteel.in");
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Successfully edited account.")).toBeVisible();
  await expect(edit).toBeHidden();

  // Esc closes without saving.
  await page.keyboard.press("Alt+A");
  await expect(modal).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
});

test("the account list searches, filters by nature, deletes with Confirm Delete and keeps a long name short there", async ({
  page,
}) => {
  const books = await openBooks(page, "Arjun Mehta");
  const longName = "Maharashtra State Electricity Distribution Company Limited Pune Zone";
  const answer = await page.request.post("/api/account/add", {
    data: { organisationId: books.organisationId, name: longName, nature: "Indirect Expense" },
  });
  expect(answer.ok()).toBe(true);

  await page.goto(books.path("list/indirect expense"));
  await expect(page.getByRole("heading", { level: 1, name: "Indirect Expense" })).toBeVisible();
  const table = page.getByRole("table", { name: "Indirect Expense" });
  await expect(table.getByText(longName)).toBeVisible();
  await expect(table.getByText("Round Off")).toBeVisible();
  await page.getByRole("textbox", { name: "Search", exact: true }).fill("electricity");
  await expect(table.getByText("Round Off")).toHaveCount(0);

  await page.getByRole("button", { name: `Actions for ${longName}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Delete" });
  await expect(confirm).toContainText(`“${longName.slice(0, 50)}...”`);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Account Deleted Successfully.")).toBeVisible();
  await expect(page.getByText("No record found matching your search criteria")).toBeVisible();

  // A nature that does not exist is not a page.
  await page.goto(books.path("list/no-such-nature"));
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
