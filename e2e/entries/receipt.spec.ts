import { addInvoice, expect, expectFocus, Keys, setUpBooks, test } from "./support.ts";

test("a receipt typed with the keyboard settles two invoices bill-wise, and Create Receipt clears the rest", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  const customer = await books.addAccount({
    name: "Asha Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  await books.addAccount({ name: "HDFC Bank", nature: "Bank" });
  const item = await books.addItem({ name: "Steel Rod 12mm", hsnCode: "7214", gstRate: 18 });
  const first = await addInvoice(books, customer, [{ itemId: item, quantity: 1, rate: 1000 }]); // 1,180.00
  const second = await addInvoice(books, customer, [{ itemId: item, quantity: 1, rate: 2000 }]); // 2,360.00

  await page.goto(books.path("receipt/add"));
  await expect(page.getByRole("heading", { name: "Add Receipt" })).toBeVisible();
  await expectFocus(page, "Date");
  const keys = new Keys(page);
  await keys.enter();
  await keys.enter("HDFC"); // received in
  await expect(page.getByRole("combobox", { name: "Received In" })).toHaveValue("HDFC Bank");
  await keys.enter("Asha"); // received from
  await expectFocus(page, "Amount, line 1");
  // The customer's open invoices, with what is pending on each.
  const bills = page.getByRole("table", { name: "Bills of line 1" });
  await expect(bills.getByRole("row")).toHaveCount(4);
  await keys.type("3000");
  // Spread oldest first: the first invoice in full, the rest on the second.
  await expect(bills.getByRole("textbox", { name: `Against invoice ${first.number}` })).toHaveValue(
    "1,180.00",
  );
  await expect(
    bills.getByRole("textbox", { name: `Against invoice ${second.number}` }),
  ).toHaveValue("1,820.00");
  await expect(page.getByTestId("settlement-total")).toHaveText("3,000.00");
  await keys.enter();
  await expectFocus(page, `Against invoice ${first.number}`);
  await keys.enter();
  await keys.enter();
  await expectFocus(page, "Received From, line 2");
  await keys.enter(); // a blank line ends the lines
  await expectFocus(page, "Narration");
  await keys.type("Cheque 114502");
  await keys.press("Control+s");
  await expect(page.getByText("Receipt saved.")).toBeVisible();

  const receipt = await books.latest("/receipts", "receiptslist", "receiptEntries");
  expect(receipt).toMatchObject({
    receivedAmount: 3000,
    entries: [
      {
        accountId: customer,
        amount: 3000,
        billWiseEntries: [
          { entryId: first.entryId, amount: 1180 },
          { entryId: second.entryId, amount: 1820 },
        ],
      },
    ],
  });
  expect(await books.entry("/salesinvoice", first.entryId)).toMatchObject({
    status: "received",
    pendingAmt: 0,
  });
  expect(await books.entry("/salesinvoice", second.entryId)).toMatchObject({
    status: "partial",
    pendingAmt: 540,
  });
  const ledger = await books.ledger(customer);
  expect(ledger).toMatchObject({ totalDebit: 3540, totalCredit: 3000 });
  expect(ledger.closingBalance).toMatchObject({ amount: 540, type: "dr" });

  // The second invoice is partly received; Create Receipt brings its pending amount.
  await page.goto(books.path(`sales/edit/${second.entryId}`));
  await expect(page.getByTestId("invoice-status")).toHaveText("Partly Received");
  await page.getByRole("button", { name: "Create Receipt" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/receipt/add\\?invoiceId=${second.entryId}$`));
  await expect(page.getByRole("textbox", { name: "Amount, line 1" })).toHaveValue("540.00");
  await expect(page.getByRole("combobox", { name: "Received From, line 1" })).toHaveValue(
    "Asha Traders",
  );
  await expect(page.getByRole("textbox", { name: `Against invoice ${second.number}` })).toHaveValue(
    "540.00",
  );
  await expectFocus(page, "Date");
  await keys.enter();
  await keys.enter("Cash");
  await keys.press("Control+s");
  await expect(page.getByText("Receipt saved.")).toBeVisible();
  expect(await books.entry("/salesinvoice", second.entryId)).toMatchObject({
    status: "received",
    pendingAmt: 0,
  });

  // A settled invoice refuses another receipt with the spec's toast.
  await page.goto(books.path(`sales/edit/${second.entryId}`));
  await expect(page.getByTestId("invoice-status")).toHaveText("Received");
  await page.getByRole("button", { name: "Create Receipt" }).press("Enter");
  await expect(page.getByText("Receipt cannot be created")).toBeVisible();
  await expect(page.getByText("Sales already has status of received.")).toBeVisible();
});
