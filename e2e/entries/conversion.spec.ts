import { expect, expectFocus, Keys, setUpBooks, test, totalOf } from "./support.ts";

test("a quotation typed with the keyboard is converted into a sales invoice with its party and lines", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  const customer = await books.addAccount({
    name: "Bharat Steel Works",
    nature: "Debtors",
    gstType: "regular",
    gstin: "29AAGCB7383J1Z4",
  });
  await books.addItem({
    name: "Steel Rod 12mm",
    hsnCode: "7214",
    uom: "KGS",
    gstRate: 18,
    standardSellingPrice: 72.25,
  });
  await books.addItem({
    name: "Binding Wire",
    hsnCode: "7217",
    uom: "KGS",
    gstRate: 18,
    standardSellingPrice: 95,
  });

  await page.goto(books.path("quotation/add"));
  await expect(page.getByRole("heading", { name: "Add Quotation" })).toBeVisible();
  await expectFocus(page, "Date");
  const keys = new Keys(page);
  await keys.enter();
  await keys.enter();
  await keys.enter("Bharat");
  await keys.enter("Steel");
  await keys.enter("400");
  await keys.enter();
  await keys.enter("2.5"); // discount %
  await keys.enter();
  await keys.enter("Binding");
  await keys.enter("25");
  await keys.enter();
  await keys.enter();
  await keys.enter();
  // 400 × 72.25 less 2.5 % = 28,177.50 and 25 × 95 = 2,375.00, at 18 % IGST (Karnataka).
  await expect(totalOf(page, "IGST")).toHaveText("5,499.45");
  await expect(totalOf(page, "Total")).toHaveText("36,052.00");
  await keys.press("Control+s");
  await expect(page.getByText("Quotation saved.")).toBeVisible();
  const quotation = await books.latest("/otherentries/quotation", "quotationlist", "quotation");
  expect(quotation.totalAmount).toBe(36052);

  // Create Invoice (spec 2.6): sales/add?quotationId=…
  await page.goto(books.path(`quotation/edit/${quotation._id}`));
  await page.getByRole("link", { name: "Create Invoice" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/sales/add\\?quotationId=${quotation._id}$`));
  await expect(page.getByText(`Made from Quotation ${quotation.number}`)).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Customer", exact: true })).toHaveValue(
    "Bharat Steel Works",
  );
  await expect(page.getByRole("combobox", { name: "Item, line 2" })).toHaveValue("Binding Wire");
  await expect(totalOf(page, "Total")).toHaveText("36,052.00");
  await expectFocus(page, "Date");
  await keys.press("Control+s");
  await expect(page.getByText("Sales Invoice saved.")).toBeVisible();

  const invoice = await books.latest("/salesinvoice", "salesinvoicelist", "salesInvoices");
  expect(invoice).toMatchObject({
    quotationId: quotation._id,
    sourceType: "quotation",
    sourceId: quotation._id,
    totalAmount: 36052,
    igstAmount: quotation.igstAmount,
    cashOrDebtorAccountId: customer,
  });
  expect(await books.entry("/otherentries/quotation", String(quotation._id))).toMatchObject({
    convertedToType: "salesInvoice",
    convertedToId: invoice._id,
  });
  const ledger = await books.ledger(customer);
  expect(ledger.closingBalance).toMatchObject({ amount: 36052, type: "dr" });

  // The quotation now says where it went.
  await page.goto(books.path(`quotation/edit/${quotation._id}`));
  await expect(page.getByText("Converted into")).toBeVisible();
});
