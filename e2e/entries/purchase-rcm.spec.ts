import { expect, expectFocus, Keys, rupees, setUpBooks, test, totalOf } from "./support.ts";

test("a reverse-charge purchase shows the tax as the buyer's liability, not in the bill's total, and posts it to the RCM ledgers", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  const supplier = await books.addAccount({
    name: "Kumar Legal Associates",
    nature: "Creditors",
    gstType: "unregistered",
    state: "27",
    rcmPurchase: true,
  });
  await books.addItem({
    name: "Legal consultation",
    type: "services",
    sacCode: "998211",
    gstRate: 18,
    standardPurchasePrice: 12500,
  });

  await page.goto(books.path("purchases/add"));
  await expect(page.getByRole("heading", { name: "Add Purchase" })).toBeVisible();
  await expectFocus(page, "Date");
  const keys = new Keys(page);
  await keys.enter();
  await keys.enter("KLA/118"); // the supplier's bill number over the suggested one
  await keys.enter("Kumar");
  await expect(page.getByRole("combobox", { name: "Supplier", exact: true })).toHaveValue(
    "Kumar Legal Associates",
  );
  // The supplier is under reverse charge: the box is ticked and the reason chosen.
  await expect(page.getByRole("checkbox", { name: "Reverse charge (RCM)" })).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Reverse charge reason" })).toHaveValue(
    "From an unregistered supplier (section 9(4))",
  );

  await keys.enter("Legal");
  await keys.enter("1");
  await keys.enter(); // rate 12,500 from the item
  await keys.enter();
  await keys.enter(); // 18 %
  await expect(totalOf(page, "Taxable Amount")).toHaveText("12,500.00");
  await expect(totalOf(page, "CGST")).toHaveText("1,125.00");
  await expect(totalOf(page, "SGST")).toHaveText("1,125.00");
  await expect(totalOf(page, "Less: tax under reverse charge")).toHaveText("-2,250.00");
  await expect(totalOf(page, "Total")).toHaveText("12,500.00");
  await expect(page.getByTestId("tax-kind")).toContainText("reverse charge");

  await keys.press("Control+s");
  await expect(page.getByText("Purchase saved.")).toBeVisible();
  const saved = await books.latest("/purchases", "purchaseslist", "purchases");
  expect(saved).toMatchObject({
    number: "KLA/118",
    rcmApplicable: true,
    rcmGstType: "unregistered",
    grossAmount: 12500,
    cgstAmount: 1125,
    sgstAmount: 1125,
    totalAmount: 12500,
  });

  // The supplier is owed the bill without tax; the tax is payable by us and claimed as input.
  const ledger = await books.ledger(supplier);
  expect(ledger.closingBalance).toMatchObject({ amount: 12500, type: "cr" });
  const payable = await books.ledger(await books.accountByName("CGST Payable (RCM)"));
  expect(rupees(payable.totalCredit)).toBe("1,125.00");
  const input = await books.ledger(await books.accountByName("Input CGST"));
  expect(rupees(input.totalDebit)).toBe("1,125.00");
});
