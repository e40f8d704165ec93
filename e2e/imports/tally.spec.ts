import { expect, setUpBooks, test } from "../entries/support.ts";

// A bookkeeper brings a company out of Tally Prime: the masters export, then the day book, both
// XML as Tally writes them (UTF-16 with a byte-order mark, reserved names behind &#4;). The
// preview says what each voucher becomes; the import checks Bahi's trial balance against the file.

const utf16 = (text: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);

const MASTERS = `<ENVELOPE><BODY><IMPORTDATA><REQUESTDATA>
 <TALLYMESSAGE><LEDGER NAME="Asha Traders"><PARENT>&#4; Sundry Debtors</PARENT><OPENINGBALANCE>-5000.00</OPENINGBALANCE>
  <LEDMAILINGDETAILS.LIST><STATE>Maharashtra</STATE></LEDMAILINGDETAILS.LIST></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><LEDGER NAME="HDFC Bank"><PARENT>&#4; Bank Accounts</PARENT><OPENINGBALANCE>-10000.00</OPENINGBALANCE></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><LEDGER NAME="Rent"><PARENT>&#4; Indirect Expenses</PARENT></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><LEDGER NAME="Owner Capital"><PARENT>&#4; Capital Account</PARENT><OPENINGBALANCE>15000.00</OPENINGBALANCE></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><STOCKITEM NAME="Steel Rod"><BASEUNITS>Nos</BASEUNITS></STOCKITEM></TALLYMESSAGE>
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;

function dayBook(year: string, extra = "") {
  const day = (dd: string) => `${year.slice(0, 4)}04${dd}`;
  const line = (ledger: string, amount: string, inner = "") =>
    `<ALLLEDGERENTRIES.LIST><LEDGERNAME>${ledger}</LEDGERNAME><AMOUNT>${amount}</AMOUNT>${inner}</ALLLEDGERENTRIES.LIST>`;
  const voucher = (type: string, guid: string, dd: string, number: string, body: string) =>
    `<TALLYMESSAGE><VOUCHER VCHTYPE="${type}"><DATE>${day(dd)}</DATE><GUID>${guid}</GUID><VOUCHERNUMBER>${number}</VOUCHERNUMBER>${body}</VOUCHER></TALLYMESSAGE>`;
  return `<?xml version="1.0" encoding="UTF-16"?><ENVELOPE><BODY><IMPORTDATA><REQUESTDATA>
${voucher(
  "Sales",
  "e2e-sale",
  "10",
  "T-1",
  `<PARTYLEDGERNAME>Asha Traders</PARTYLEDGERNAME><PLACEOFSUPPLY>Maharashtra</PLACEOFSUPPLY>
   <LEDGERENTRIES.LIST><LEDGERNAME>Asha Traders</LEDGERNAME><AMOUNT>-1180.00</AMOUNT>
    <BILLALLOCATIONS.LIST><NAME>T-1</NAME><BILLTYPE>New Ref</BILLTYPE><AMOUNT>-1180.00</AMOUNT></BILLALLOCATIONS.LIST></LEDGERENTRIES.LIST>
   <LEDGERENTRIES.LIST><LEDGERNAME>Output CGST</LEDGERNAME><AMOUNT>90.00</AMOUNT></LEDGERENTRIES.LIST>
   <LEDGERENTRIES.LIST><LEDGERNAME>Output SGST</LEDGERNAME><AMOUNT>90.00</AMOUNT></LEDGERENTRIES.LIST>
   <ALLINVENTORYENTRIES.LIST><STOCKITEMNAME>Steel Rod</STOCKITEMNAME><RATE>500.00/Nos</RATE><BILLEDQTY> 2 Nos</BILLEDQTY><AMOUNT>1000.00</AMOUNT>
    <ACCOUNTINGALLOCATIONS.LIST><LEDGERNAME>Sales</LEDGERNAME><AMOUNT>1000.00</AMOUNT></ACCOUNTINGALLOCATIONS.LIST></ALLINVENTORYENTRIES.LIST>`,
)}
${voucher("Receipt", "e2e-receipt", "12", "1", line("HDFC Bank", "-1180.00") + line("Asha Traders", "1180.00", "<BILLALLOCATIONS.LIST><NAME>T-1</NAME><BILLTYPE>Agst Ref</BILLTYPE><AMOUNT>1180.00</AMOUNT></BILLALLOCATIONS.LIST>"))}
${voucher("Payment", "e2e-payment", "14", "1", line("Rent", "-300.00") + line("HDFC Bank", "300.00"))}
${voucher("Journal", "e2e-journal", "15", "1", line("Rent", "-50.00") + line("Owner Capital", "50.00"))}
${voucher("Sales Order", "e2e-order", "16", "SO-1", line("Asha Traders", "-10.00") + line("Sales", "10.00"))}
${extra}
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;
}

test("a Tally day book: previewed, imported with its trial balance checked, imported once", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  await page.goto(books.path("dashboard"));
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await menu.getByRole("button", { name: "Imports" }).click();
  await menu.getByRole("link", { name: "Tally Company" }).click();
  await expect(page.getByRole("heading", { name: "Import from Tally" })).toBeVisible();

  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: "Master.xml", mimeType: "text/xml", buffer: utf16(MASTERS) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("4 accounts and 1 items created.")).toBeVisible();

  await input.setInputFiles({
    name: "DayBook.xml",
    mimeType: "text/xml",
    buffer: utf16(dayBook(books.year)),
  });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(
    page.getByText(
      "5 vouchers in the file: 4 would be created, 0 already imported, 1 not imported.",
    ),
  ).toBeVisible();
  await expect(
    page.getByText("Sales Invoices: 1 · Receipts: 1 · Payments: 1 · Journal Entries: 1"),
  ).toBeVisible();
  const refused = page.getByRole("table", { name: "Vouchers not imported" });
  await expect(refused.getByRole("row").nth(1)).toContainText(
    "Bahi does not import Tally's Sales Order vouchers.",
  );

  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(
    page.getByText("5 vouchers in the file: 4 imported, 0 already imported, 1 not imported."),
  ).toBeVisible();
  await expect(page.getByText(/^Bahi's trial balance equals the file's/)).toBeVisible();
  const invoices = await books.get<{
    salesInvoices: {
      invoiceNumber: string;
      totalAmount: number;
      status: string;
      pendingAmt: number;
    }[];
  }>("/salesinvoice/salesinvoicelist", { year: books.year });
  expect(invoices.salesInvoices).toEqual([
    expect.objectContaining({
      invoiceNumber: "T-1",
      totalAmount: 1180,
      status: "received",
      pendingAmt: 0,
    }),
  ]);

  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(
    page.getByText("5 vouchers in the file: 0 imported, 4 already imported, 1 not imported."),
  ).toBeVisible();
});

test("a voucher naming a ledger Bahi has not is left out, and the trial balance names it", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  await page.goto(books.path("imports/tally"));
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: "Master.xml", mimeType: "text/xml", buffer: utf16(MASTERS) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("4 accounts and 1 items created.")).toBeVisible();
  const stranger = `<TALLYMESSAGE><VOUCHER VCHTYPE="Payment"><DATE>${books.year.slice(0, 4)}0420</DATE><GUID>e2e-stranger</GUID><VOUCHERNUMBER>9</VOUCHERNUMBER>
    <ALLLEDGERENTRIES.LIST><LEDGERNAME>Courier Charges</LEDGERNAME><AMOUNT>-75.00</AMOUNT></ALLLEDGERENTRIES.LIST>
    <ALLLEDGERENTRIES.LIST><LEDGERNAME>HDFC Bank</LEDGERNAME><AMOUNT>75.00</AMOUNT></ALLLEDGERENTRIES.LIST></VOUCHER></TALLYMESSAGE>`;
  await input.setInputFiles({
    name: "DayBook.xml",
    mimeType: "text/xml",
    buffer: utf16(dayBook(books.year, stranger)),
  });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(
    page.getByText(/ledgers or groups of them differ from the file's trial balance/),
  ).toBeVisible();
  const refused = page.getByRole("table", { name: "Vouchers not imported" });
  await expect(refused).toContainText(
    'No account named "Courier Charges": import the masters export first, or add the account.',
  );
  const differences = page.getByRole("table", { name: "Trial balance differences" });
  await expect(differences.getByRole("row", { name: /Courier Charges/ })).toContainText("75.00");
  await expect(differences.getByRole("row", { name: /HDFC Bank/ })).toBeVisible();
});
