import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eInvoiceErrors } from "@bahi/domain/schema-validators/nic";
import {
  type Books,
  expect,
  expectFocus,
  Keys,
  setUpBooks,
  test,
  todayInIndia,
} from "../entries/support.ts";

// Issue 24: a bookkeeper opens E-Invoice under GST Returns, downloads the IRP's JSON for the
// month's B2B invoice, imports the IRP's answer, sees it registered and records a cancellation.

const ORG_GSTIN = "27AAPFU0939F1ZV";
const CUSTOMER_GSTIN = "29AAGCB7383J1Z4";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const today = todayInIndia();
const monthText = `${MONTHS[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`;

async function addSale(books: Books, customer: string, item: string, number: string, pos: string) {
  const inter = pos !== "27";
  return books.post<{ entryId: string }>("/salesinvoice/add", {
    year: books.year,
    date: today,
    invoiceNumber: number,
    cashOrDebtorAccountId: customer,
    pos,
    ...(inter ? { gstin: CUSTOMER_GSTIN } : {}),
    itemDetails: [
      {
        itemId: item,
        hsnCode: "8471",
        uom: "NOS",
        quantity: 1,
        rate: 1000,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: 1000,
      },
    ],
    grossAmount: 1000,
    cgstAmount: inter ? 0 : 90,
    sgstAmount: inter ? 0 : 90,
    igstAmount: inter ? 180 : 0,
    roundOffAmount: 0,
    totalAmount: 1180,
  });
}

async function setUp(books: Books, withPincode: boolean) {
  await books.post("/settings/organisation", {
    billingAddress: "14, Market Yard",
    billingCity: "Mumbai",
    billingPincode: "400001",
    eInvoiceFrom: `${books.year.slice(0, 4)}-04-01`,
  });
  const customer = await books.addAccount({
    name: "Bengaluru Systems",
    nature: "Debtors",
    gstType: "regular",
    gstin: CUSTOMER_GSTIN,
    billingAddress: "4 MG Road",
    billingCity: "Bengaluru",
    ...(withPincode ? { billingPincode: "560001" } : {}),
  });
  const walkIn = await books.addAccount({
    name: "Walk-in Buyer",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  const item = await books.addItem({ name: "Laptop", hsnCode: "8471", gstRate: 18 });
  const b2b = await addSale(books, customer, item, "INV-1", "29");
  await addSale(books, walkIn, item, "INV-2", "27");
  return { b2b };
}

test("from the menu: B2B needs an IRN, B2C does not; JSON, the IRP's answer, cancellation", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  const { b2b } = await setUp(books, true);
  await page.goto(books.path("dashboard"));
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await menu.getByText("GST Returns", { exact: true }).click();
  await menu.getByRole("link", { name: "E-Invoice", exact: true }).click();
  await expect(page).toHaveURL(/\/returns\/einvoice$/);
  const period = page.getByLabel("Period");
  await period.fill(monthText);
  await period.press("Enter");

  await expect(page.getByText("Offline route")).toBeVisible();
  const table = page.getByRole("table", { name: "E-invoice documents" });
  const invoiceRow = table.getByRole("row").filter({ hasText: "INV-1" });
  const walkInRow = table.getByRole("row").filter({ hasText: "INV-2" });
  await expect(invoiceRow).toContainText("Needs IRN");
  await expect(walkInRow).toContainText("Not applicable");
  const irn = createHash("sha256").update(`${ORG_GSTIN}${books.year}INVINV-1`).digest("hex");
  await expect(invoiceRow).toContainText(irn);

  await invoiceRow.getByRole("checkbox").check();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: /Download JSON of selected/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("einvoice-INV-1.json");
  const list = JSON.parse(readFileSync(await download.path(), "utf8"));
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({
    Version: "1.1",
    TranDtls: { SupTyp: "B2B" },
    DocDtls: { Typ: "INV", No: "INV-1" },
    BuyerDtls: { Gstin: CUSTOMER_GSTIN, Pin: 560001, Pos: "29" },
    ValDtls: { AssVal: 1000, IgstVal: 180, TotInvVal: 1180 },
  });
  await expect(invoiceRow).toContainText("JSON exported");

  // The IRP's answer, as its API gives it; the signed QR is a JWT whose data names the document.
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const signedQr = `${part({ alg: "RS256" })}.${part({ data: JSON.stringify({ DocNo: "INV-1", DocTyp: "INV", Irn: irn }), iss: "NIC" })}.c2ln`;
  const ackDate = new Date(Date.now() + 5.5 * 3_600_000 - 600_000)
    .toISOString()
    .slice(0, 19)
    .replace("T", " ");
  const answerFile = path.join(tmpdir(), `irp-${b2b.entryId}.json`);
  writeFileSync(
    answerFile,
    JSON.stringify({
      success: true,
      result: { AckNo: 112510036743849, AckDt: ackDate, Irn: irn, SignedQRCode: signedQr },
    }),
  );
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "Import IRP response" }).click(),
  ]);
  await chooser.setFiles(answerFile);
  await expect(invoiceRow).toContainText("Registered");
  await expect(invoiceRow).toContainText("Ack No 112510036743849");

  // The voucher shows its IRN and why it is locked.
  await invoiceRow.getByRole("link", { name: "INV-1" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "E-invoice registered with the IRP" });
  await expect(notice).toContainText(`IRN ${irn}`);
  await expect(notice).toContainText("It cannot be edited or deleted");
  await page.goBack();

  await invoiceRow.getByRole("button", { name: "Cancel IRN" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel the IRN of INV-1" });
  await dialog.getByLabel("Reason").click();
  await page.getByRole("option", { name: "2 Data entry mistake" }).click();
  await dialog.getByRole("button", { name: "Record cancellation" }).click();
  await expect(invoiceRow).toContainText("Cancelled");
});

test("a document the IRP would refuse is named with what to fix", async ({ page }) => {
  const books = await setUpBooks(page);
  await setUp(books, false);
  await page.goto(books.path(`returns/einvoice?period=${encodeURIComponent(monthText)}`));
  const table = page.getByRole("table", { name: "E-invoice documents" });
  await expect(table.getByRole("row").filter({ hasText: "INV-1" })).toContainText(
    "The party's billing pincode is missing: add it in the party's account.",
  );
  await page.getByRole("button", { name: "Download JSON of the period" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "cannot go to the IRP yet" });
  await expect(refusal).toContainText(
    "Sales Invoice INV-1: The party's billing pincode is missing: add it in the party's account.",
  );
});

test("an invoice keyed on the entry screen, descriptions left empty, gives JSON NIC's schema takes", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  await setUp(books, true);
  await books.addItem({ name: "Assam Tea", hsnCode: "09024020", uom: "KGS", gstRate: 5 });
  await books.addItem({ name: "Installation", type: "services", sacCode: "998729", gstRate: 18 });

  await page.goto(books.path("sales/add"));
  await expect(page.getByRole("heading", { name: "Add Sales Invoice" })).toBeVisible();
  await expectFocus(page, "Date");
  const keys = new Keys(page);
  await keys.enter();
  await keys.enter();
  await keys.enter("Bengaluru");
  await expect(page.getByRole("textbox", { name: "GSTIN" })).toHaveValue(CUSTOMER_GSTIN);
  for (const [item, qty, rate] of [
    ["Laptop", "2", "1000"],
    ["Assam", "2.5", "333.33"],
    ["Install", "1", "2500"],
  ] as const) {
    await keys.enter(item);
    await keys.enter(qty);
    await keys.enter(rate);
    await keys.enter();
    await keys.enter();
  }
  await keys.press("Control+s");
  await expect(page.getByText("Sales Invoice saved.")).toBeVisible();
  const saved = await books.latest("/salesinvoice", "salesinvoicelist", "salesInvoices");
  const number = String(saved.number);

  await page.goto(books.path(`returns/einvoice?period=${encodeURIComponent(monthText)}`));
  const table = page.getByRole("table", { name: "E-invoice documents" });
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: number, exact: true }) });
  await expect(row).toContainText("Needs IRN");
  await row.getByRole("checkbox").check();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: /Download JSON of selected/ }).click(),
  ]);
  const [json] = JSON.parse(readFileSync(await download.path(), "utf8"));
  expect(eInvoiceErrors(json)).toEqual([]);
  expect(
    json.ItemList.map((item: { PrdDesc: string; HsnCd: string }) => [item.PrdDesc, item.HsnCd]),
  ).toEqual([
    ["Laptop", "8471"],
    ["Assam Tea", "09024020"],
    ["Installation", "998729"],
  ]);
  expect(json.ItemList[1]).toMatchObject({ Qty: 2.5, UnitPrice: 333.33, AssAmt: 833.33 });
});
