import { readFileSync } from "node:fs";
import { type Books, expect, setUpBooks, test, todayInIndia } from "../entries/support.ts";

// Issue 20: an accountant closing the month opens GSTR-2 from the sidebar, imports the month's
// GSTR-2B, accepts a suggestion and links a pair from the keyboard, and exports the differences.

const BENGALURU = "29AAGCB7383J1Z4";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const today = todayInIndia();
const monthText = `${MONTHS[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`;
const rtnprd = `${today.slice(5, 7)}${today.slice(0, 4)}`;
const portalDate = `${today.slice(8, 10)}-${today.slice(5, 7)}-${today.slice(0, 4)}`;

/** An 18 % inter-state purchase bill from Bengaluru, amounts left to the server. */
function addBill(books: Books, supplier: string, item: string, number: string, rate: number) {
  return books.post<{ entryId: string }>("/purchases/add", {
    year: books.year,
    date: today,
    invoiceNumber: number,
    cashOrDebtorAccountId: supplier,
    gstin: BENGALURU,
    itemDetails: [
      {
        itemId: item,
        hsnCode: "8471",
        uom: "NOS",
        quantity: 1,
        rate,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: rate,
      },
    ],
  });
}

function invoice(number: string, taxable: number) {
  return {
    inum: number,
    typ: "R",
    dt: portalDate,
    val: taxable + (taxable * 18) / 100,
    pos: "27",
    rev: "N",
    itcavl: "Y",
    items: [
      { num: 1, rt: 18, txval: taxable, igst: (taxable * 18) / 100, cgst: 0, sgst: 0, cess: 0 },
    ],
  };
}

const gstr2b = JSON.stringify({
  data: {
    gstin: "27AAPFU0939F1ZV",
    rtnprd,
    gendt: portalDate,
    docdata: {
      b2b: [
        {
          ctin: BENGALURU,
          trdnm: "Bengaluru Systems",
          inv: [invoice("BS-1", 1000), invoice("bs/0002", 2000), invoice("BS-9", 500)],
        },
      ],
    },
  },
});

test("GSTR-2B of a month: import, statuses, accept and link from the keyboard, differences", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  const supplier = await books.addAccount({
    name: "Bengaluru Systems",
    nature: "Creditors",
    gstType: "regular",
    gstin: BENGALURU,
    state: "29",
  });
  const item = await books.addItem({ name: "Laptop", hsnCode: "8471", gstRate: 18 });
  await addBill(books, supplier, item, "BS-1", 1000);
  await addBill(books, supplier, item, "BS-2", 2000);
  await addBill(books, supplier, item, "BS-3", 800);

  await page.goto(books.path("dashboard"));
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await menu.getByText("GST Returns", { exact: true }).click();
  await menu.getByRole("link", { name: "GSTR-2", exact: true }).click();
  await expect(page).toHaveURL(/\/returns\/gstr2$/);
  const period = page.getByRole("textbox", { name: "Period" });
  await period.fill(monthText);
  await period.press("Enter");
  await expect(page.getByText("No GSTR-2B imported for the period")).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({
    name: `returns_R2B_${rtnprd}.json`,
    mimeType: "application/json",
    buffer: Buffer.from(gstr2b),
  });
  await expect(page.getByText(`GSTR-2B ${rtnprd} imported: 3 documents.`)).toBeVisible();
  await expect(page.getByText(`GSTR-2B imported: ${rtnprd} (3 documents`)).toBeVisible();

  const table = page.getByRole("table", { name: "Reconciliation" });
  const rowOf = (status: string) => table.locator(`tr[data-status="${status}"]`);
  await expect(rowOf("matched")).toHaveCount(1);
  await expect(rowOf("suggested")).toContainText("BS-2");
  await expect(rowOf("suggested")).toContainText("bs/0002");
  await expect(rowOf("missingIn2b")).toContainText("BS-3");
  await expect(rowOf("missingInBooks")).toContainText("BS-9");
  await expect(page.getByTestId("matched-itc")).toContainText(/IGST ₹?180\.00/);

  // A accepts the suggestion.
  await rowOf("suggested").focus();
  await page.keyboard.press("a");
  await expect(rowOf("matched")).toHaveCount(2);
  await expect(page.getByTestId("matched-itc")).toContainText(/IGST ₹?540\.00/);

  // L on the bill missing in 2B, then L on the document missing in books: linked.
  await rowOf("missingIn2b").focus();
  await page.keyboard.press("l");
  await expect(page.getByRole("status").filter({ hasText: "Bill BS-3 picked" })).toBeVisible();
  await rowOf("missingInBooks").focus();
  await page.keyboard.press("l");
  await expect(rowOf("matchedWithDifferences")).toContainText("BS-3");
  await expect(rowOf("matchedWithDifferences")).toContainText("Taxable value, IGST");
  await expect(rowOf("missingIn2b")).toHaveCount(0);

  // Filters: the status table toggles the status filter.
  await page
    .getByRole("table", { name: "ITC by status" })
    .getByText("Matched with differences")
    .click();
  await expect(table.locator("tbody tr")).toHaveCount(1);

  const [differences] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Differences Excel" }).click(),
  ]);
  expect(differences.suggestedFilename()).toMatch(/^gstr-2b-differences-by-supplier-.*\.xlsx$/);
  expect(
    readFileSync(await differences.path())
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");

  await page.getByRole("tab", { name: "Purchase Register" }).click();
  const register = page.getByRole("table", { name: "Purchase register" });
  await expect(register.locator("tbody tr")).toHaveCount(3);
  await expect(page.getByTestId("register-totals")).toContainText(
    /3 entries · Taxable ₹?3,800\.00/,
  );
  await expect(page.getByTestId("register-totals")).toContainText(/ITC IGST ₹?684\.00/);
});

test("another GSTIN's 2B is refused with the reason; Enter on a register row opens the bill", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  const supplier = await books.addAccount({
    name: "Bengaluru Systems",
    nature: "Creditors",
    gstType: "regular",
    gstin: BENGALURU,
    state: "29",
  });
  const item = await books.addItem({ name: "Laptop", hsnCode: "8471", gstRate: 18 });
  const bill = await addBill(books, supplier, item, "BS-7", 1000);

  await page.goto(`${books.path("returns/gstr2")}?period=${encodeURIComponent(monthText)}`);
  await page.locator('input[type="file"]').setInputFiles({
    name: "someone-else.json",
    mimeType: "application/json",
    buffer: Buffer.from(gstr2b.replace("27AAPFU0939F1ZV", BENGALURU)),
  });
  await expect(
    page.getByText(
      `This GSTR-2B is for GSTIN ${BENGALURU}, not this organisation's 27AAPFU0939F1ZV.`,
    ),
  ).toBeVisible();
  await expect(page.getByText("No GSTR-2B imported for the period")).toBeVisible();
  await expect(page.locator('tr[data-status="missingIn2b"]')).toContainText("BS-7");

  await page.getByRole("tab", { name: "Purchase Register" }).click();
  const row = page.getByRole("table", { name: "Purchase register" }).locator("tbody tr").first();
  await expect(row).toContainText("Eligible");
  await row.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/purchases/edit/${bill.entryId}$`));
});
