import { addInvoice, expect, expectFocus, Keys, setUpBooks, test, totalOf } from "./support.ts";

// Issue 19, decision 066: a debit note to a customer, made out against a sales invoice from the
// entry screen the credit note uses; it raises what is pending on that invoice.
test("a debit note to a customer is typed against an invoice, saved, listed, and raises the invoice", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  const customer = await books.addAccount({
    name: "Asha Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  const item = await books.addItem({
    name: "Steel Rod 12mm",
    hsnCode: "7214",
    uom: "KGS",
    gstRate: 18,
    standardSellingPrice: 100,
  });
  const invoice = await addInvoice(books, customer, [{ itemId: item, quantity: 10, rate: 100 }], {
    invoiceNumber: "INV-7",
  });

  await page.goto(books.path("sales-debit-note/list"));
  await expect(page.getByRole("heading", { name: "Debit Notes (Sales)" })).toBeVisible();
  await page.goto(books.path("sales-debit-note/add"));
  await expect(page.getByRole("heading", { name: "Add Debit Note (Sales)" })).toBeVisible();
  await expectFocus(page, "Date");
  // A price rise moves no goods: no return-or-adjustment choice.
  await expect(page.getByRole("combobox", { name: "Note for" })).toHaveCount(0);

  const keys = new Keys(page);
  await keys.enter(); // date: today
  await keys.enter(); // number: its own series
  await keys.enter("Asha");
  await expectFocus(page, "Item, line 1");
  await keys.enter("Steel");
  await keys.enter("10"); // quantity
  await keys.enter("5"); // the rate rises by ₹5 a kg
  await keys.enter();
  await keys.enter();
  await expect(totalOf(page, "Taxable Amount")).toHaveText("50.00");
  await expect(totalOf(page, "Total")).toHaveText("59.00");

  await page.getByRole("combobox", { name: "Against Invoice" }).click();
  await page.getByRole("option", { name: /^INV-7 · / }).click();
  await keys.press("Control+s");
  await expect(page.getByText("Debit Note (Sales) saved.")).toBeVisible();
  await expect(page).toHaveURL(/\/sales-debit-note\/list$/);
  await expect(page.getByRole("row", { name: /Asha Traders/ })).toContainText("59.00");

  // ₹1,180 invoiced, ₹59 more due on it now.
  expect(await books.entry("/salesinvoice", invoice.entryId)).toMatchObject({
    pendingAmt: 1239,
  });
});
