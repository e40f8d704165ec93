import { readFileSync } from "node:fs";
import {
  type Books,
  expect,
  financialYearOfDate,
  lastMonthInIndia,
  setUpBooks,
  test,
} from "../entries/support.ts";
import { pick } from "../masters/support.ts";

// Issue 20: an accountant closing a month opens GSTR-3B from the sidebar, reads the tables laid
// out as the portal's, opens the vouchers behind a figure, downloads the JSON and marks it filed.

const SUPPLIER_GSTIN = "27AAGCB7383J1Z8";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
// Last month's books: a month is marked filed only once it has ended (issue 40).
const day = lastMonthInIndia();
const monthText = `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
const fp = `${day.slice(5, 7)}${day.slice(0, 4)}`;

/** A document of one line saved through the API; the server computes the tax. */
function document(party: string, item: string, rate: number, gstRate: number, extra = {}) {
  return {
    date: day,
    cashOrDebtorAccountId: party,
    itemDetails: [
      { itemId: item, hsnCode: "8471", uom: "NOS", quantity: 1, rate, gstRate, amount: rate },
    ],
    ...extra,
  };
}

async function setUpMonth(books: Books) {
  const walkIn = await books.addAccount({
    name: "Walk-in Buyer",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  const supplier = await books.addAccount({
    name: "Pune Wholesale",
    nature: "Creditors",
    gstType: "regular",
    gstin: SUPPLIER_GSTIN,
    state: "27",
  });
  const laptop = await books.addItem({ name: "Laptop", hsnCode: "8471", gstRate: 18 });
  const car = await books.addItem({
    name: "Staff Car",
    hsnCode: "8703",
    gstRate: 28,
    itcNotEligible: true,
  });
  const sale = await books.post<{ entryId: string; invoiceNumber: string }>("/salesinvoice/add", {
    year: books.year,
    pos: "27",
    ...document(walkIn, laptop, 1000, 18),
  });
  const purchase = await books.post<{ entryId: string }>("/purchases/add", {
    year: books.year,
    invoiceNumber: "PW-17",
    gstin: SUPPLIER_GSTIN,
    ...document(supplier, laptop, 500, 18),
  });
  await books.post("/purchases/add", {
    year: books.year,
    invoiceNumber: "PW-18",
    gstin: SUPPLIER_GSTIN,
    ...document(supplier, car, 1000, 28),
  });
  return { sale, purchase };
}

test("GSTR-3B of a month: the tables, a figure's vouchers, the JSON and filing", async ({
  page,
}) => {
  const books = await setUpBooks(page, { year: financialYearOfDate(day) });
  const { sale } = await setUpMonth(books);

  await page.goto(books.path("dashboard"));
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await menu.getByText("GST Returns", { exact: true }).click();
  await menu.getByRole("link", { name: "GSTR-3B", exact: true }).click();
  await expect(page).toHaveURL(/\/returns\/gstr3B$/);
  const period = page.getByLabel("Period");
  await period.fill(monthText);
  await period.press("Enter");
  await expect(page.getByText(`Return period ${fp}`)).toBeVisible();

  // 3.1(a): the sale of 1,000 with CGST and SGST of 90 each.
  const outward = page.locator('tr[data-table="3.1a"]');
  await expect(outward).toContainText(/1,000\.00.*0\.00.*90\.00.*90\.00/);
  // 3.1.1 (section 9(5) supplies) is laid out as on the portal, at zero.
  const eco = page.getByRole("region", { name: /^3\.1\.1 Details of supplies notified/ });
  await expect(eco.locator('tr[data-table="3.1.1i"]')).toContainText(/0\.00.*0\.00.*0\.00/);
  await expect(eco.locator('tr[data-table="3.1.1ii"]')).toContainText("0.00");
  // 4A(5) all other ITC: 45 + 140 each; 4B(1) reverses the car's 140; 4C nets 45.
  await expect(page.locator('tr[data-table="4A5"]')).toContainText(/0\.00.*185\.00.*185\.00/);
  await expect(page.locator('tr[data-table="4B1"]')).toContainText(/0\.00.*140\.00.*140\.00/);
  await expect(page.locator('tr[data-table="4C"]')).toContainText(/0\.00.*45\.00.*45\.00/);
  const warnings = page.getByRole("region", { name: "Warnings" });
  await expect(warnings).toContainText("GSTR-1 of this period is not marked as filed");

  // A figure opens the vouchers behind it; Enter on a row opens the voucher.
  await page.getByRole("button", { name: "4B1 Central tax" }).click();
  const vouchers = page.getByRole("table", { name: "Vouchers of 4B1" });
  await expect(vouchers.getByRole("cell", { name: "PW-18", exact: true })).toBeVisible();
  await expect(vouchers.getByRole("row")).toHaveCount(2);
  await page.getByRole("button", { name: "3.1a Central tax" }).click();
  const sales = page.getByRole("table", { name: "Vouchers of 3.1a" });
  await expect(sales.getByRole("cell", { name: sale.invoiceNumber, exact: true })).toBeVisible();
  await sales.getByRole("row").nth(1).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/sales/edit/${sale.entryId}$`));
  await page.goBack();

  // ITC as per GSTR-2B, matched only: nothing is imported, so 4A(5) takes nothing and the
  // difference from the books is shown.
  await page.getByText("ITC as per 2B, matched only").click();
  await expect(page.getByText("ITC as per GSTR-2B, matched only")).toBeVisible();
  await expect(page.locator('tr[data-table="4A5"]')).toContainText(/0\.00.*0\.00.*0\.00.*0\.00/);
  await page.getByText("ITC as per books").click();
  await expect(page.locator('tr[data-table="4A5"]')).toContainText(/185\.00/);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download JSON" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`GSTR3B_27AAPFU0939F1ZV_${fp}.json`);
  const json = JSON.parse(readFileSync(await download.path(), "utf8"));
  expect(json.ret_period).toBe(fp);
  expect(json.sup_details.osup_det).toEqual({
    txval: 1000,
    iamt: 0,
    camt: 90,
    samt: 90,
    csamt: 0,
  });
  expect(json.itc_elg.itc_net).toEqual({ iamt: 0, camt: 45, samt: 45, csamt: 0 });
  expect(json.eco_dtls).toEqual({
    eco_sup: { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 },
    eco_reg_sup: { txval: 0 },
  });

  await page.getByRole("button", { name: "Mark as filed" }).click();
  const dialog = page.getByRole("dialog", { name: "Mark GSTR-3B as filed" });
  await dialog.getByRole("button", { name: "Mark as filed" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Marked as filed on" })).toBeVisible();
  await page.goto(books.path("settings/lock-period"));
  await expect(page.getByText(`GSTR-3B ${fp} filed`)).toBeVisible();
  const monthLabel = `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
  await expect(page.getByRole("checkbox", { name: `Lock Receipt in ${monthLabel}` })).toBeChecked();
});

test("the ITC-not-eligible flag is set on an expense account from its form", async ({ page }) => {
  const books = await setUpBooks(page, { year: financialYearOfDate(day) });
  await page.goto(books.path("account/list"));
  await page.getByRole("table", { name: "Accounts Balances" }).waitFor();
  await page.keyboard.press("Alt+A");
  const dialog = page.getByRole("dialog", { name: "Add Account" });
  await dialog.getByRole("textbox", { name: "Account Name" }).fill("Staff Welfare");
  await pick(page, dialog, "Nature of Account", "Indirect Expense");
  await dialog.getByRole("checkbox", { name: "ITC not eligible (section 17(5))" }).check();
  await dialog.getByRole("button", { name: "Save & Close" }).click();
  await expect(dialog).toHaveCount(0);
  const answer = await books.get<unknown>("/account/accountslist", {});
  expect(JSON.stringify(answer)).toMatch(/"name":"Staff Welfare"[^}]*"itcNotEligible":true/);
});
