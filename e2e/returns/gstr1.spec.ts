import { readFileSync } from "node:fs";
import {
  type Books,
  expect,
  financialYearOfDate,
  lastMonthInIndia,
  setUpBooks,
  test,
} from "../entries/support.ts";
import { waitForMailMatch } from "../support/server.ts";

// Issue 19: a bookkeeper who files monthly opens GSTR-1 from the sidebar, reads the sections and
// warnings, downloads and mails the file, marks the month filed and finds it locked.

const CUSTOMER_GSTIN = "29AAGCB7383J1Z4";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
// Last month's books: a month is marked filed only once it has ended (issue 40).
const day = lastMonthInIndia();
const monthText = `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
const fp = `${day.slice(5, 7)}${day.slice(0, 4)}`;

/** An 18 % invoice of whole rupees saved through the API; inter-state when pos is not 27. */
async function addSale(
  books: Books,
  input: {
    customer: string;
    pos: string;
    gstin?: string;
    item: string;
    rate: number;
    hsn?: string;
  },
) {
  const tax = (input.rate * 18) / 100;
  const inter = input.pos !== "27";
  return books.post<{ entryId: string; invoiceNumber: string }>("/salesinvoice/add", {
    year: books.year,
    date: day,
    cashOrDebtorAccountId: input.customer,
    pos: input.pos,
    ...(input.gstin ? { gstin: input.gstin } : {}),
    itemDetails: [
      {
        itemId: input.item,
        hsnCode: input.hsn ?? "8471",
        uom: "NOS",
        quantity: 1,
        rate: input.rate,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: input.rate,
      },
    ],
    grossAmount: input.rate,
    cgstAmount: inter ? 0 : tax / 2,
    sgstAmount: inter ? 0 : tax / 2,
    igstAmount: inter ? tax : 0,
    roundOffAmount: 0,
    totalAmount: input.rate + tax,
  });
}

async function setUpSales(books: Books) {
  const registered = await books.addAccount({
    name: "Bengaluru Systems",
    nature: "Debtors",
    gstType: "regular",
    gstin: CUSTOMER_GSTIN,
    state: "29",
  });
  const walkIn = await books.addAccount({
    name: "Walk-in Buyer",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  const item = await books.addItem({ name: "Laptop", hsnCode: "8471", gstRate: 18 });
  const b2b = await addSale(books, {
    customer: registered,
    pos: "29",
    gstin: CUSTOMER_GSTIN,
    item,
    rate: 1000,
  });
  await addSale(books, { customer: walkIn, pos: "27", item, rate: 500 });
  return { registered, walkIn, item, b2b };
}

test("GSTR-1 of a month: sections, keyboard to the voucher, files, email, filing and the lock", async ({
  page,
}) => {
  const books = await setUpBooks(page, { year: financialYearOfDate(day) });
  const { b2b } = await setUpSales(books);

  await page.goto(books.path("dashboard"));
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await menu.getByText("GST Returns", { exact: true }).click();
  await expect(menu.getByRole("link", { name: "GSTR-3B" })).toBeVisible();
  await menu.getByRole("link", { name: "GSTR-1", exact: true }).click();
  await expect(page).toHaveURL(/\/returns\/gstr1$/);

  const period = page.getByLabel("Period");
  await period.fill(monthText);
  await period.press("Enter");
  await expect(page.getByText(`Return period ${fp}`)).toBeVisible();
  await expect(page.getByRole("tab", { name: "B2B (1)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "B2CS (1)" })).toBeVisible();
  await expect(page.getByText("No warnings")).toBeVisible();

  const b2bTable = page.getByRole("table", { name: /B2B invoices/ });
  await expect(b2bTable.getByRole("cell", { name: b2b.invoiceNumber, exact: true })).toBeVisible();
  await expect(b2bTable.getByRole("cell", { name: CUSTOMER_GSTIN })).toBeVisible();
  await expect(page.getByTestId("section-totals")).toContainText(/Taxable ₹?1,000\.00/);

  // From the May 2025 period Table 12 has a B2B and a B2C part.
  await page.getByRole("tab", { name: "HSN (2)" }).click();
  const hsnTable = page.getByRole("table", { name: /HSN summary/ });
  await expect(hsnTable.getByRole("row").nth(1)).toContainText(
    /B2B \(to registered persons\)8471.*1,000\.00/,
  );
  await expect(hsnTable.getByRole("row").nth(2)).toContainText(
    /B2C \(to unregistered persons\)8471.*500\.00/,
  );

  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download JSON" }).click(),
  ]);
  expect(json.suggestedFilename()).toBe(`GSTR1_27AAPFU0939F1ZV_${fp}.json`);
  const file = JSON.parse(readFileSync(await json.path(), "utf8"));
  expect(file.fp).toBe(fp);
  expect(file.b2b[0].ctin).toBe(CUSTOMER_GSTIN);
  expect(file.b2b[0].inv[0]).toMatchObject({ inum: b2b.invoiceNumber, val: 1180, pos: "29" });
  expect(file.hsn.hsn_b2b[0]).toMatchObject({ hsn_sc: "8471", qty: 1, txval: 1000, iamt: 180 });
  expect(file.b2cs).toEqual([
    { sply_ty: "INTRA", pos: "27", typ: "OE", rt: 18, txval: 500, camt: 45, samt: 45, csamt: 0 },
  ]);

  const [excel] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download Excel" }).click(),
  ]);
  expect(excel.suggestedFilename()).toBe(`GSTR1_27AAPFU0939F1ZV_${fp}.xlsx`);
  expect(
    readFileSync(await excel.path())
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");

  await page.getByRole("button", { name: "Email JSON" }).click();
  const emailDialog = page.getByRole("dialog", { name: "Email GSTR-1 JSON" });
  const address = `ca-${Date.now()}@example.com`;
  await emailDialog.getByLabel("Email").fill(address);
  await emailDialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText(`GSTR-1 sent to ${address}.`)).toBeVisible();
  expect(await waitForMailMatch(address, /(GSTR1_\w+_\d{6}\.json)/)).toBe(
    `GSTR1_27AAPFU0939F1ZV_${fp}.json`,
  );

  // Back to the B2B tab: a row opens its voucher with Enter.
  await page.getByRole("tab", { name: "B2B (1)" }).click();
  const row = page
    .getByRole("table", { name: /B2B invoices/ })
    .getByRole("row")
    .nth(1);
  await row.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/sales/edit/${b2b.entryId}$`));
  await page.goBack();

  await page.getByRole("button", { name: "Mark as filed" }).click();
  const filedDialog = page.getByRole("dialog", { name: "Mark GSTR-1 as filed" });
  await filedDialog.getByRole("button", { name: "Mark as filed" }).click();
  const filedNotice = page.getByRole("alert").filter({ hasText: "Marked as filed on" });
  await expect(filedNotice).toContainText("Its sales invoices and credit notes are locked");

  // Issue 40: to Lock Period and back inside the app (its cache kept), the notice follows the lock.
  const openGroup = async (name: string) => {
    const group = menu.getByRole("button", { name, exact: true });
    if ((await group.getAttribute("aria-expanded")) !== "true") await group.click();
  };
  await openGroup("Settings");
  await menu.getByRole("link", { name: "Lock Period", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/lock-period$/);
  const month = MONTHS[Number(day.slice(5, 7)) - 1];
  const monthLabel = `${month} ${day.slice(0, 4)}`;
  await expect(page.getByText(`GSTR-1 ${fp} filed`)).toBeVisible();
  const salesLock = page.getByRole("checkbox", { name: `Lock Sales Invoice in ${monthLabel}` });
  await expect(salesLock).toBeChecked();
  await expect(
    page.getByRole("checkbox", { name: `Lock Receipt in ${monthLabel}` }),
  ).not.toBeChecked();
  // The box stays checked until the reason is given.
  await salesLock.click();
  const reasonDialog = page.getByRole("dialog", { name: "Unlock a filed period" });
  await reasonDialog.getByLabel("Reason").fill("Customer asked for a corrected invoice");
  await reasonDialog.getByRole("button", { name: "Unlock" }).click();
  await expect(salesLock).not.toBeChecked();
  const logs = await books.get<{ logs?: { summary: string }[] }>("/organisation/user-logs", {});
  expect(JSON.stringify(logs)).toContain("Reason: Customer asked for a corrected invoice");

  await openGroup("GST Returns");
  await menu.getByRole("link", { name: "GSTR-1", exact: true }).click();
  // The screen reopens on the month last used (issue 40), without ?period= in the address.
  await expect(page.getByText(`Return period ${fp}`)).toBeVisible();
  await expect(filedNotice).toContainText("The lock was lifted in Settings → Lock Period");
  await expect(filedNotice).not.toContainText("credit notes are locked");
});

test("an error-level warning links to its voucher and stops the file", async ({ page }) => {
  const books = await setUpBooks(page, { year: financialYearOfDate(day) });
  const { walkIn, item } = await setUpSales(books);
  const bad = await addSale(books, { customer: walkIn, pos: "27", item, rate: 100, hsn: "84" });

  await page.goto(`${books.path("returns/gstr1")}?period=${encodeURIComponent(monthText)}`);
  const warnings = page.getByRole("region", { name: "Warnings" });
  await expect(warnings).toContainText("Fix the 1 error before downloading the file.");
  await expect(page.getByRole("button", { name: "Download JSON" })).toBeDisabled();
  await warnings.getByRole("link", { name: /HSN\/SAC 84 must have at least 4 digits/ }).click();
  await expect(page).toHaveURL(new RegExp(`/sales/edit/${bad.entryId}$`));
});

test("IFF is for quarterly filers: b2b and notes only", async ({ page }) => {
  const books = await setUpBooks(page, { year: financialYearOfDate(day) });
  await setUpSales(books);
  const iffMonth = Number(day.slice(5, 7)) % 3 !== 0;
  await page.goto(`${books.path("returns/iff")}?period=${encodeURIComponent(monthText)}`);
  await expect(
    page.getByRole("main").getByText(/IFF is only for quarterly \(QRMP\) filers/),
  ).toBeVisible();
  // Issue 40: the menu shows IFF to a monthly filer too, not to be opened, with the reason.
  const menu = page.getByRole("navigation", { name: "Main menu" });
  const returns = menu.getByRole("button", { name: "GST Returns", exact: true });
  if ((await returns.getAttribute("aria-expanded")) !== "true") await returns.click();
  await expect(menu.getByText(/IFF is only for quarterly \(QRMP\) filers/)).toBeVisible();
  await expect(menu.getByRole("link", { name: /^IFF/ })).toHaveCount(0);
  // The bookkeeper switches to quarterly (QRMP) in the organisation settings.
  await page.goto(books.path("settings/organisation"));
  await page.getByRole("combobox", { name: "GST filing frequency" }).click();
  await page.getByRole("option", { name: "Quarterly (QRMP)" }).click();
  await page.getByLabel("Previous year's aggregate turnover (₹)").fill("2,50,00,000");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  const settings = await books.get<{ settings: Record<string, unknown> }>(
    "/settings/getorganisationsettings",
  );
  expect(settings.settings).toMatchObject({
    gstFilingFrequency: "quarterly",
    previousYearTurnover: 25000000,
  });
  await page.goto(`${books.path("returns/iff")}?period=${encodeURIComponent(monthText)}`);
  if (iffMonth) {
    await expect(page.getByRole("tab", { name: "B2B (1)" })).toBeVisible();
    await expect(page.getByRole("tab", { name: /B2CS/ })).toHaveCount(0);
  } else {
    await expect(page.getByText(/only for the first two months of a quarter/)).toBeVisible();
  }
});
