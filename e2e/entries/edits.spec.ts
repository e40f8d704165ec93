import type { Page } from "@playwright/test";
import { addInvoice, expect, expectFocus, Keys, setUpBooks, test, totalOf } from "./support.ts";

async function booksWithInvoice(page: Page) {
  const books = await setUpBooks(page);
  const customer = await books.addAccount({
    name: "Asha Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  const rice = await books.addItem({ name: "Rice Bag 25kg", hsnCode: "1006", gstRate: 18 });
  const wire = await books.addItem({ name: "Binding Wire", hsnCode: "7217", gstRate: 18 });
  const invoice = await addInvoice(
    books,
    customer,
    [
      { itemId: rice, quantity: 2, rate: 1200 },
      { itemId: wire, quantity: 5, rate: 300 },
    ],
    { narration: "First lot" },
  );
  return { books, customer, rice, wire, invoice };
}

test("duplicate opens a new invoice with the lines copied and the next number; Ctrl+D saves and duplicates again, Esc twice leaves", async ({
  page,
}) => {
  const { books, invoice } = await booksWithInvoice(page);
  await page.goto(books.path(`sales/duplicate/${invoice.entryId}`));
  await expect(page.getByRole("heading", { name: "Duplicate Sales Invoice" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Invoice No." })).toHaveValue("2");
  await expect(page.getByRole("combobox", { name: "Item, line 1" })).toHaveValue("Rice Bag 25kg");
  await expect(page.getByRole("textbox", { name: "Quantity, line 2" })).toHaveValue("5");
  await expect(totalOf(page, "Total")).toHaveText("4,602.00");
  await expectFocus(page, "Date");

  const keys = new Keys(page);
  await keys.press("Control+d");
  await expect(page.getByText("Sales Invoice saved.")).toBeVisible();
  // Saved as number 2, and its own duplicate is open with number 3.
  await expect(page.getByRole("textbox", { name: "Invoice No." })).toHaveValue("3");
  await expect(page).toHaveURL(/\/sales\/duplicate\//);
  const copy = await books.latest("/salesinvoice", "salesinvoicelist", "salesInvoices");
  const original = await books.entry("/salesinvoice", invoice.entryId);
  expect(copy).toMatchObject({
    number: "2",
    totalAmount: original.totalAmount,
    cgstAmount: original.cgstAmount,
    narration: "First lot",
  });
  expect(copy.itemDetails).toEqual(original.itemDetails);
  expect(copy._id).not.toBe(invoice.entryId);

  // Esc twice goes back (spec 2.6), without saving number 3.
  await expectFocus(page, "Date");
  await keys.press("Escape");
  await expect(page.getByText("Press Esc again to leave without saving.")).toBeVisible();
  await keys.press("Escape");
  await expect(page).toHaveURL(new RegExp(`/sales/duplicate/${invoice.entryId}$`));
  const list = await books.get<{ count: number }>("/salesinvoice/salesinvoicelist", {
    year: books.year,
  });
  expect(list.count).toBe(2);
});

test("an old version shows the entry as it was saved, read-only, with a link to the current one", async ({
  page,
}) => {
  const { books, customer, rice, wire, invoice } = await booksWithInvoice(page);
  const edited = await books.put<{ version: number }>("/salesinvoice/edit", {
    entryId: invoice.entryId,
    version: 1,
    year: books.year,
    date: (await books.entry("/salesinvoice", invoice.entryId)).date,
    cashOrDebtorAccountId: customer,
    pos: "27",
    itemDetails: [
      {
        itemId: rice,
        quantity: 3,
        rate: 1200,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: 3600,
      },
      {
        itemId: wire,
        quantity: 5,
        rate: 300,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: 1500,
      },
    ],
    grossAmount: 5100,
    cgstAmount: 459,
    sgstAmount: 459,
    igstAmount: 0,
    roundOffAmount: 0,
    totalAmount: 6018,
  });
  expect(edited.version).toBe(2);

  await page.goto(books.path(`sales/old-version/${invoice.entryId}/1`));
  await expect(page.getByRole("heading", { name: "Sales Invoice 1 - Version 1" })).toBeVisible();
  await expect(page.getByText("Version 1 (read-only)")).toBeVisible();
  const quantity = page.getByRole("textbox", { name: "Quantity, line 1" });
  await expect(quantity).toHaveValue("2");
  await expect(quantity).toBeDisabled();
  await expect(totalOf(page, "Total")).toHaveText("4,602.00");
  await expect(page.getByRole("button", { name: "Save & Close" })).toHaveCount(0);

  await page.getByRole("link", { name: "Open the current version (version 2)" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/sales/edit/${invoice.entryId}$`));
  await expect(page.getByRole("textbox", { name: "Quantity, line 1" })).toHaveValue("3");
  await expect(totalOf(page, "Total")).toHaveText("6,018.00");
});

test("a stale edit shows the refresh banner, keeps what was typed, and saves it after the refresh", async ({
  page,
  context,
}) => {
  const { books, invoice } = await booksWithInvoice(page);
  await page.goto(books.path(`sales/edit/${invoice.entryId}`));
  await expect(page.getByRole("heading", { name: "Edit Sales Invoice 1" })).toBeVisible();

  // Someone else (another tab) saves the same invoice first.
  const other = await context.newPage();
  await other.goto(books.path(`sales/edit/${invoice.entryId}`));
  await other.getByRole("textbox", { name: "Narration" }).fill("Changed in another tab");
  await other.keyboard.press("Control+s");
  await expect(other.getByText("Sales Invoice updated.")).toBeVisible();
  await other.close();

  // Here, the quantity of the first line is typed with the keyboard and saved.
  await expectFocus(page, "Date");
  const keys = new Keys(page);
  await keys.enter();
  await keys.enter();
  await keys.enter();
  await expectFocus(page, "Item, line 1");
  await keys.enter();
  await keys.type("7");
  await expect(totalOf(page, "Total")).toHaveText("11,682.00");
  await keys.press("Control+s");

  const banner = page.getByRole("alert").filter({ hasText: "Page Refresh Required:" });
  await expect(banner).toContainText(
    "Page Refresh Required: Some changes are made in another tab or by another user",
  );
  // Nothing typed is lost.
  await expect(page.getByRole("textbox", { name: "Quantity, line 1" })).toHaveValue("7");
  await expect(totalOf(page, "Total")).toHaveText("11,682.00");
  expect(await books.entry("/salesinvoice", invoice.entryId)).toMatchObject({
    version: 2,
    narration: "Changed in another tab",
  });

  // Refresh loads the latest version and offers the typed changes back.
  await banner.getByRole("button", { name: "Refresh" }).press("Enter");
  await page.getByRole("button", { name: "Restore my changes" }).press("Enter");
  await expect(page.getByRole("textbox", { name: "Quantity, line 1" })).toHaveValue("7");
  await keys.press("Control+s");
  await expect(page.getByText("Sales Invoice updated.")).toBeVisible();
  expect(await books.entry("/salesinvoice", invoice.entryId)).toMatchObject({
    version: 3,
    totalAmount: 11682,
  });
});
