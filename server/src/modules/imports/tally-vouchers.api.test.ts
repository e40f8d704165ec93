import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, insertItem } from "../../../test/books.ts";
import { buildMultipart } from "../../../test/multipart.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

let context: TestContext;
let owner: Person;
let stranger: Person;
let org: string;

// The masters and the day book of a small Tally company, made here as Tally Prime writes them
// (shared/returns-reference.md §7): UTF-16 with a byte-order mark, reserved names behind &#4;,
// stray control characters, AMOUNT negative for debit, the invoice view's LEDGERENTRIES and
// ALLINVENTORYENTRIES with ACCOUNTINGALLOCATIONS, and bill allocations.
/** A stock item's GST details at 18 % (issue 40: a GST organisation's item needs its rate). */
const ITEM_GST_18 =
  "<GSTDETAILS.LIST><APPLICABLEFROM>20170701</APPLICABLEFROM><STATEWISEDETAILS.LIST><RATEDETAILS.LIST><GSTRATEDUTYHEAD>CGST</GSTRATEDUTYHEAD><GSTRATE> 9</GSTRATE></RATEDETAILS.LIST><RATEDETAILS.LIST><GSTRATEDUTYHEAD>SGST/UTGST</GSTRATEDUTYHEAD><GSTRATE> 9</GSTRATE></RATEDETAILS.LIST><RATEDETAILS.LIST><GSTRATEDUTYHEAD>IGST</GSTRATEDUTYHEAD><GSTRATE> 18</GSTRATE></RATEDETAILS.LIST></STATEWISEDETAILS.LIST></GSTDETAILS.LIST>";

const MASTERS = `<ENVELOPE><BODY><IMPORTDATA><REQUESTDATA>
 <TALLYMESSAGE><LEDGER NAME="Asha Traders"><PARENT>&#4; Sundry Debtors</PARENT><OPENINGBALANCE>-5000.00</OPENINGBALANCE>
  <LEDMAILINGDETAILS.LIST><STATE>Maharashtra</STATE></LEDMAILINGDETAILS.LIST></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><LEDGER NAME="Mehta Supplies"><PARENT>&#4; Sundry Creditors</PARENT><OPENINGBALANCE>3000.00</OPENINGBALANCE>
  <LEDMAILINGDETAILS.LIST><STATE>Maharashtra</STATE></LEDMAILINGDETAILS.LIST></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><LEDGER NAME="HDFC Bank"><PARENT>&#4; Bank Accounts</PARENT><OPENINGBALANCE>-10000.00</OPENINGBALANCE></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><LEDGER NAME="Cash"><PARENT>&#4; Cash-in-Hand</PARENT><OPENINGBALANCE>-2000.00</OPENINGBALANCE></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><LEDGER NAME="Rent"><PARENT>&#4; Indirect Expenses</PARENT></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><LEDGER NAME="Owner Capital"><PARENT>&#4; Capital Account</PARENT><OPENINGBALANCE>14000.00</OPENINGBALANCE></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><STOCKITEM NAME="Steel Rod"><BASEUNITS>Nos</BASEUNITS>${ITEM_GST_18}</STOCKITEM></TALLYMESSAGE>
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;

const ledger = (name: string, amount: string, extra = "") =>
  `<LEDGERENTRIES.LIST><LEDGERNAME>${name}</LEDGERNAME><ISDEEMEDPOSITIVE>${amount.startsWith("-") ? "Yes" : "No"}</ISDEEMEDPOSITIVE><AMOUNT>${amount}</AMOUNT>${extra}</LEDGERENTRIES.LIST>`;
const all = (name: string, amount: string, extra = "") =>
  `<ALLLEDGERENTRIES.LIST><LEDGERNAME>${name}</LEDGERNAME><AMOUNT>${amount}</AMOUNT>${extra}</ALLLEDGERENTRIES.LIST>`;
const bill = (name: string, type: string, amount: string) =>
  `<BILLALLOCATIONS.LIST><NAME>${name}</NAME><BILLTYPE>${type}</BILLTYPE><AMOUNT>${amount}</AMOUNT></BILLALLOCATIONS.LIST>`;
const stock = (qty: number, rate: string, amount: string, ledgerName: string) =>
  `<ALLINVENTORYENTRIES.LIST><STOCKITEMNAME>Steel Rod</STOCKITEMNAME><RATE>${rate}/Nos</RATE><ACTUALQTY> ${qty} Nos</ACTUALQTY><BILLEDQTY> ${qty} Nos</BILLEDQTY><AMOUNT>${amount}</AMOUNT>
   <ACCOUNTINGALLOCATIONS.LIST><LEDGERNAME>${ledgerName}</LEDGERNAME><AMOUNT>${amount}</AMOUNT></ACCOUNTINGALLOCATIONS.LIST></ALLINVENTORYENTRIES.LIST>`;
const voucher = (
  type: string,
  guid: string,
  date: string,
  number: string,
  body: string,
  head = "",
) =>
  `<TALLYMESSAGE><VOUCHER VCHTYPE="${type}" ACTION="Create"><DATE>${date}</DATE><GUID>${guid}</GUID><VOUCHERTYPENAME>${type}</VOUCHERTYPENAME><VOUCHERNUMBER>${number}</VOUCHERNUMBER>${head}${body}</VOUCHER></TALLYMESSAGE>`;

const DAY_BOOK = `<?xml version="1.0" encoding="UTF-16"?>
<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA>
<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME></REQUESTDESC><REQUESTDATA>
<TALLYMESSAGE><VOUCHERTYPE NAME="Bank Receipt"><PARENT>&#4; Receipt</PARENT></VOUCHERTYPE></TALLYMESSAGE>
${voucher(
  "Sales",
  "g-sale-1",
  "20250410",
  "S-1",
  ledger("Asha Traders", "-1180.00", bill("S-1", "New Ref", "-1180.00")) +
    ledger("CGST", "90.00") +
    ledger("SGST", "90.00") +
    stock(2, "500.00", "1000.00", "Sales"),
  "<PARTYLEDGERNAME>Asha Traders</PARTYLEDGERNAME><PLACEOFSUPPLY>Maharashtra</PLACEOFSUPPLY><NARRATION>Rods\u0004 sold</NARRATION>",
)}
${voucher(
  "Purchase",
  "g-purchase-1",
  "20250412",
  "P-77",
  ledger("Mehta Supplies", "590.00") +
    ledger("CGST", "-45.00") +
    ledger("SGST", "-45.00") +
    stock(1, "500.00", "-500.00", "Purchases"),
  "<PARTYLEDGERNAME>Mehta Supplies</PARTYLEDGERNAME>",
)}
${voucher(
  "Bank Receipt",
  "g-receipt-1",
  "20250415",
  "1",
  all("HDFC Bank", "-1000.00") + all("Asha Traders", "1000.00", bill("S-1", "Agst Ref", "1000.00")),
)}
${voucher("Payment", "g-payment-1", "20250416", "1", all("Rent", "-300.00") + all("Cash", "300.00"))}
${voucher("Contra", "g-contra-1", "20250417", "1", all("HDFC Bank", "-200.00") + all("Cash", "200.00"))}
${voucher("Journal", "g-journal-1", "20250418", "1", all("Rent", "-100.00") + all("Mehta Supplies", "100.00"))}
${voucher(
  "Credit Note",
  "g-credit-1",
  "20250420",
  "CN-1",
  ledger("Asha Traders", "118.00", bill("S-1", "Agst Ref", "118.00")) +
    ledger("CGST", "-9.00") +
    ledger("SGST", "-9.00") +
    stock(1, "100.00", "-100.00", "Sales"),
  "<PARTYLEDGERNAME>Asha Traders</PARTYLEDGERNAME>",
)}
${voucher(
  "Debit Note",
  "g-debit-1",
  "20250422",
  "DN-1",
  ledger("Mehta Supplies", "-59.00") +
    ledger("CGST", "4.50") +
    ledger("SGST", "4.50") +
    stock(1, "50.00", "50.00", "Purchases"),
  "<PARTYLEDGERNAME>Mehta Supplies</PARTYLEDGERNAME>",
)}
${voucher(
  "Payment",
  "g-payment-2",
  "20250425",
  "2",
  all("Rent", "-75.00") + all("HDFC Bank", "35.00") + all("Cash", "40.00"),
)}
${voucher("Payment", "g-cancelled", "20250426", "3", `<ISCANCELLED>Yes</ISCANCELLED>${all("Rent", "-10.00")}${all("Cash", "10.00")}`)}
${voucher("Sales Order", "g-order", "20250427", "SO-1", ledger("Asha Traders", "-10.00") + ledger("Sales", "10.00"))}
${voucher("Journal", "g-unknown", "20250428", "2", all("Nobody Ltd", "-10.00") + all("Cash", "10.00"))}
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;

function utf16WithBom(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
}

function send(fields: Record<string, string>, bytes: Buffer, person: Person = owner) {
  const { payload, headers } = buildMultipart(fields, [
    { field: "file", fileName: "DayBook.xml", bytes },
  ]);
  return context.app.inject({
    method: "POST",
    url: "/api/import/tally",
    payload,
    headers: { ...headers, ...as(person) },
  });
}

async function trialBalance() {
  const response = await context.app.inject({
    method: "GET",
    url: `/api/reports/trialbalance?organisationId=${org}&year=2025-26`,
    headers: as(owner),
  });
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json().accounts as {
    name: string;
    debit: number;
    credit: number;
    closing: { signed: number };
  }[];
  return new Map(rows.map((row) => [row.name, row]));
}

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  stranger = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    gstRegistered: true,
    gstin: "27AAPFU0939F1ZV",
    gstRegType: "regular",
    startingYear: "2025-26",
    billWiseEntry: true,
  }));
  const masters = await send({ organisationId: org }, utf16WithBom(MASTERS));
  expect(masters.statusCode, masters.body).toBe(200);
});
afterAll(() => context.close());

describe("Tally day book", () => {
  test("preview says what each voucher becomes and what cannot be imported, and writes nothing", async () => {
    const before = await trialBalance();
    const response = await send({ organisationId: org, preview: "true" }, utf16WithBom(DAY_BOOK));
    expect(response.statusCode, response.body).toBe(200);
    const { vouchers } = response.json();
    expect(vouchers).toMatchObject({
      preview: true,
      vouchers: 12,
      toCreate: {
        salesInvoice: 1,
        purchases: 1,
        receipts: 1,
        payments: 1,
        fundTransfer: 1,
        journalEntry: 2,
        creditNote: 1,
        debitNote: 1,
      },
      alreadyImported: 0,
    });
    expect(vouchers.notImported).toEqual([
      { voucher: "Payment 3 of 2025-04-26", reason: "Cancelled in Tally." },
      {
        voucher: "Sales Order SO-1 of 2025-04-27",
        reason: "Bahi does not import Tally's Sales Order vouchers.",
      },
      {
        voucher: "Journal 2 of 2025-04-28",
        reason:
          'No account named "Nobody Ltd": import the masters export first, or add the account.',
      },
    ]);
    expect(vouchers.asJournals).toEqual([
      {
        voucher: "Payment 2 of 2025-04-25",
        reason: expect.stringMatching(/^Saved as a journal \(.+\), not as a payment\.$/),
      },
    ]);
    expect(await trialBalance()).toEqual(before);
  });

  test("import posts every type as the file says, and Bahi's trial balance equals the file's", async () => {
    const response = await send({ organisationId: org }, utf16WithBom(DAY_BOOK));
    expect(response.statusCode, response.body).toBe(200);
    const { vouchers } = response.json();
    expect(vouchers.failed).toEqual([]);
    expect(vouchers.imported).toBe(9);
    const tb = await trialBalance();
    const movement = (name: string) => {
      const row = tb.get(name);
      return row ? { debit: row.debit, credit: row.credit } : undefined;
    };
    expect(movement("Asha Traders")).toEqual({ debit: 1180, credit: 1118 });
    expect(movement("Mehta Supplies")).toEqual({ debit: 59, credit: 690 });
    expect(movement("Sales")).toEqual({ debit: 100, credit: 1000 });
    expect(movement("Purchases")).toEqual({ debit: 500, credit: 50 });
    expect(movement("Output CGST")).toEqual({ debit: 9, credit: 90 });
    expect(movement("Input SGST")).toEqual({ debit: 45, credit: 4.5 });
    expect(movement("HDFC Bank")).toEqual({ debit: 1200, credit: 35 });
    expect(movement("Cash")).toEqual({ debit: 0, credit: 540 });
    expect(movement("Rent")).toEqual({ debit: 475, credit: 0 });
    expect(tb.get("Asha Traders")?.closing.signed).toBe(5062);

    // The one voucher left out (its ledger is not in Bahi) is the whole difference.
    expect(vouchers.trialBalance).toEqual({
      compared: 10,
      agrees: false,
      differences: [
        { ledgers: ["Cash"], accounts: ["Cash"], file: 1450, bahi: 1460 },
        { ledgers: ["Nobody Ltd"], accounts: [], file: 10, bahi: 0 },
      ],
      message: "2 of 10 ledgers or groups of them differ from the file's trial balance.",
    });
  });

  test("the receipt and the credit note settle the invoice bill-wise", async () => {
    const list = await context.app.inject({
      method: "GET",
      url: `/api/salesinvoice/salesinvoicelist?organisationId=${org}&year=2025-26`,
      headers: as(owner),
    });
    expect(list.statusCode, list.body).toBe(200);
    const [invoice] = list.json().salesInvoices;
    expect(invoice).toMatchObject({
      invoiceNumber: "S-1",
      totalAmount: 1180,
      pendingAmt: 62,
      status: "partial",
    });
  });

  test("importing the same day book again creates nothing", async () => {
    const before = await trialBalance();
    const response = await send({ organisationId: org }, utf16WithBom(DAY_BOOK));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().vouchers).toMatchObject({
      imported: 0,
      alreadyImported: 9,
      toCreate: {},
    });
    expect(await trialBalance()).toEqual(before);
  });

  test("with the missing ledger added, a re-import brings only its voucher and the trial balances agree", async () => {
    const added = await context.app.inject({
      method: "POST",
      url: "/api/account/add",
      headers: as(owner),
      payload: { organisationId: org, name: "Nobody Ltd", nature: "Indirect Expense" },
    });
    expect(added.statusCode, added.body).toBe(200);
    const response = await send({ organisationId: org }, utf16WithBom(DAY_BOOK));
    expect(response.statusCode, response.body).toBe(200);
    const { vouchers } = response.json();
    expect(vouchers).toMatchObject({
      imported: 1,
      alreadyImported: 9,
      toCreate: { journalEntry: 1 },
    });
    expect(vouchers.trialBalance).toEqual({
      compared: 10,
      agrees: true,
      differences: [],
      message: "Bahi's trial balance equals the file's: all 10 ledgers or groups of them agree.",
    });
  });

  test("another organisation's caller is refused", async () => {
    const response = await send({ organisationId: org }, utf16WithBom(DAY_BOOK), stranger);
    expect(response.statusCode).toBe(403);
  });
});

// Issue 26: a voucher dated outside the books' years (2021-22 to 2029-30) is refused by name.
describe("Tally vouchers dated outside the books' years", () => {
  test("9999-12-31 and 2019-05-01 are not imported, with the reason; the voucher in range is", async () => {
    const outside = (date: string) =>
      `The date "${date}" is outside the financial years Bahi keeps, 2021-22 to 2029-30 (01-04-2021 to 31-03-2030).`;
    const book = `<ENVELOPE><BODY><IMPORTDATA><REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME></REQUESTDESC><REQUESTDATA>
${voucher("Payment", "g-dated-good", "20250601", "D-1", all("Rent", "-11.00") + all("Cash", "11.00"))}
${voucher("Payment", "g-dated-far", "99991231", "D-2", all("Rent", "-22.00") + all("Cash", "22.00"))}
${voucher("Payment", "g-dated-old", "20190501", "D-3", all("Rent", "-33.00") + all("Cash", "33.00"))}
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;
    const before = tbRent(await trialBalance());
    const preview = await send({ organisationId: org, preview: "true" }, utf16WithBom(book));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().vouchers).toMatchObject({
      vouchers: 3,
      toCreate: { payments: 1 },
      notImported: [
        { voucher: "Payment D-2 of 9999-12-31", reason: outside("9999-12-31") },
        { voucher: "Payment D-3 of 2019-05-01", reason: outside("2019-05-01") },
      ],
    });
    const response = await send({ organisationId: org }, utf16WithBom(book));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().vouchers).toMatchObject({ imported: 1, failed: [] });
    expect(tbRent(await trialBalance())).toBe(before + 11);
  });
});

const tbRent = (tb: Map<string, { debit: number }>) => tb.get("Rent")?.debit ?? 0;

// Decision 074: a voucher with item lines at mixed GST rates, as TallyPrime books it: one tax
// ledger per head and rate ("Output CGST @ 2.5%", "Output CGST @ 9%"), and in newer exports each
// item line's RATEDETAILS. Each line keeps its rate; the taxes add up per rate.
describe("Tally vouchers with item lines at mixed GST rates", () => {
  let mixedOrg: string;
  const MIXED_MASTERS = `<ENVELOPE><BODY><IMPORTDATA><REQUESTDATA>
 <TALLYMESSAGE><LEDGER NAME="Kiran Stores"><PARENT>&#4; Sundry Debtors</PARENT>
  <LEDMAILINGDETAILS.LIST><STATE>Maharashtra</STATE></LEDMAILINGDETAILS.LIST></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><LEDGER NAME="Patel Metals"><PARENT>&#4; Sundry Creditors</PARENT>
  <LEDMAILINGDETAILS.LIST><STATE>Gujarat</STATE></LEDMAILINGDETAILS.LIST>
  <LEDGSTREGDETAILS.LIST><GSTREGISTRATIONTYPE>Regular</GSTREGISTRATIONTYPE><GSTIN>24AAACC1206D1ZM</GSTIN></LEDGSTREGDETAILS.LIST></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><STOCKITEM NAME="Rice Bag"><BASEUNITS>Nos</BASEUNITS></STOCKITEM></TALLYMESSAGE>
 <TALLYMESSAGE><STOCKITEM NAME="Steel Rod"><BASEUNITS>Nos</BASEUNITS></STOCKITEM></TALLYMESSAGE>
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;
  const rateDetails = (igst: string) =>
    ["CGST", "SGST/UTGST", "IGST", "Cess"]
      .map(
        (head) =>
          `<RATEDETAILS.LIST><GSTRATEDUTYHEAD>${head}</GSTRATEDUTYHEAD><GSTRATEVALUATIONTYPE>Based on Value</GSTRATEVALUATIONTYPE><GSTRATE> ${head === "IGST" ? igst : head === "Cess" ? "0" : String(Number(igst) / 2)}</GSTRATE></RATEDETAILS.LIST>`,
      )
      .join("");
  const line = (
    item: string,
    qty: number,
    rate: string,
    amount: string,
    ledgerName: string,
    extra = "",
  ) =>
    `<ALLINVENTORYENTRIES.LIST><STOCKITEMNAME>${item}</STOCKITEMNAME><ISDEEMEDPOSITIVE>${amount.startsWith("-") ? "Yes" : "No"}</ISDEEMEDPOSITIVE><RATE>${rate}/Nos</RATE><AMOUNT>${amount}</AMOUNT><ACTUALQTY> ${qty} Nos</ACTUALQTY><BILLEDQTY> ${qty} Nos</BILLEDQTY>${extra}
     <ACCOUNTINGALLOCATIONS.LIST><LEDGERNAME>${ledgerName}</LEDGERNAME><ISDEEMEDPOSITIVE>${amount.startsWith("-") ? "Yes" : "No"}</ISDEEMEDPOSITIVE><AMOUNT>${amount}</AMOUNT></ACCOUNTINGALLOCATIONS.LIST></ALLINVENTORYENTRIES.LIST>`;
  const MIXED_DAY_BOOK = `<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA>
<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME></REQUESTDESC><REQUESTDATA>
${voucher(
  "Sales",
  "g-mixed-sale",
  "20250510",
  "S-5",
  ledger("Kiran Stores", "-4590.00", bill("S-5", "New Ref", "-4590.00")) +
    ledger("Output CGST @ 2.5%", "25.00") +
    ledger("Output SGST @ 2.5%", "25.00") +
    ledger("Output CGST @ 9%", "270.00") +
    ledger("Output SGST @ 9%", "270.00") +
    line("Rice Bag", 10, "100.00", "1000.00", "Sales") +
    line("Steel Rod", 2, "1500.00", "3000.00", "Sales"),
  "<PARTYLEDGERNAME>Kiran Stores</PARTYLEDGERNAME><PLACEOFSUPPLY>Maharashtra</PLACEOFSUPPLY><OBJVIEW>Invoice Voucher View</OBJVIEW>",
)}
${voucher(
  "Purchase",
  "g-mixed-purchase",
  "20250512",
  "PM-9",
  ledger("Patel Metals", "3870.00") +
    ledger(
      "Input IGST",
      "-100.00",
      '<RATEOFINVOICETAX.LIST TYPE="Number"><RATEOFINVOICETAX> 5</RATEOFINVOICETAX></RATEOFINVOICETAX.LIST>',
    ) +
    ledger("Input IGST 18%", "-270.00") +
    line("Steel Rod", 1, "1500.00", "-1500.00", "Purchases", rateDetails("18")) +
    line("Rice Bag", 20, "100.00", "-2000.00", "Purchases", rateDetails("5")),
  "<PARTYLEDGERNAME>Patel Metals</PARTYLEDGERNAME><PLACEOFSUPPLY>Maharashtra</PLACEOFSUPPLY>",
)}
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;

  beforeAll(async () => {
    ({ organisationId: mixedOrg } = await createOrganisation(context, owner.cookies, {
      gstRegistered: true,
      gstin: "27AAPFU0939F1ZV",
      gstRegType: "regular",
      startingYear: "2025-26",
      billWiseEntry: true,
    }));
    const masters = await send({ organisationId: mixedOrg }, utf16WithBom(MIXED_MASTERS));
    expect(masters.statusCode, masters.body).toBe(200);
  });

  async function entryOf(family: string, listName: string) {
    const list = await context.app.inject({
      method: "GET",
      url: `/api/${family}/${family}list?organisationId=${mixedOrg}&year=2025-26`,
      headers: as(owner),
    });
    expect(list.statusCode, list.body).toBe(200);
    const [first] = list.json()[listName];
    const response = await context.app.inject({
      method: "GET",
      url: `/api/${family}/getsingleentrydetails?organisationId=${mixedOrg}&entryId=${first._id}`,
      headers: as(owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().entry;
  }

  test("each item line keeps its rate, the tax is split per rate, and the trial balances agree", async () => {
    const response = await send(
      { organisationId: mixedOrg, progressId: "tally-mixed-0001" },
      utf16WithBom(MIXED_DAY_BOOK),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { vouchers } = response.json();
    expect(vouchers).toMatchObject({ imported: 2, failed: [], asJournals: [], notImported: [] });
    // Decision 075: the import named by its progressId has gone through both vouchers.
    const progress = await context.app.inject({
      method: "GET",
      url: `/api/import/progress?organisationId=${mixedOrg}&progressId=tally-mixed-0001`,
      headers: as(owner),
    });
    expect(progress.json()).toEqual({ state: "done", unit: "vouchers", done: 2, total: 2 });
    expect(vouchers.trialBalance).toMatchObject({ agrees: true, differences: [] });

    const sale = await entryOf("salesinvoice", "salesInvoices");
    expect(sale).toMatchObject({
      invoiceNumber: "S-5",
      cgstAmount: 295,
      sgstAmount: 295,
      igstAmount: 0,
      totalAmount: 4590,
    });
    expect(
      sale.itemDetails.map((item: { gstRate: number; amount: number }) => [
        item.amount,
        item.gstRate,
      ]),
    ).toEqual([
      [1000, 5],
      [3000, 18],
    ]);

    const purchase = await entryOf("purchases", "purchases");
    expect(purchase).toMatchObject({ taxKind: "inter", igstAmount: 370, totalAmount: 3870 });
    expect(
      purchase.itemDetails.map((item: { gstRate: number; amount: number }) => [
        item.amount,
        item.gstRate,
      ]),
    ).toEqual([
      [1500, 18],
      [2000, 5],
    ]);

    const tb = await context.app.inject({
      method: "GET",
      url: `/api/reports/trialbalance?organisationId=${mixedOrg}&year=2025-26`,
      headers: as(owner),
    });
    const rows = new Map(
      (tb.json().accounts as { name: string; debit: number; credit: number }[]).map((row) => [
        row.name,
        row,
      ]),
    );
    expect(rows.get("Output CGST")).toMatchObject({ credit: 295 });
    expect(rows.get("Output SGST")).toMatchObject({ credit: 295 });
    expect(rows.get("Input IGST")).toMatchObject({ debit: 370 });
  });

  test("one CGST and one SGST ledger for all rates: the items' own rates in Bahi, when they give the tax", async () => {
    await insertItem(context, mixedOrg, { name: "Tea Pack", gstRate: 5 });
    await insertItem(context, mixedOrg, { name: "Soap Box", gstRate: 18 });
    // ₹1,000 of tea at 5 % and ₹2,000 of soap at 18 %: ₹410 of tax, one ledger per head.
    const book = `<ENVELOPE><BODY><IMPORTDATA><REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME></REQUESTDESC><REQUESTDATA>
${voucher(
  "Sales",
  "g-mixed-one-ledger",
  "20250515",
  "S-6",
  ledger("Kiran Stores", "-3410.00") +
    ledger("Output CGST", "205.00") +
    ledger("Output SGST", "205.00") +
    line("Tea Pack", 10, "100.00", "1000.00", "Sales") +
    line("Soap Box", 20, "100.00", "2000.00", "Sales"),
  "<PARTYLEDGERNAME>Kiran Stores</PARTYLEDGERNAME><PLACEOFSUPPLY>Maharashtra</PLACEOFSUPPLY>",
)}
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;
    const response = await send({ organisationId: mixedOrg }, utf16WithBom(book));
    expect(response.statusCode, response.body).toBe(200);
    const { vouchers } = response.json();
    expect(vouchers).toMatchObject({ imported: 1, failed: [] });
    // The books hold the earlier day book too, so the check is of the whole year: the tax
    // ledgers differ from this file by exactly the earlier voucher's ₹295, nothing more.
    expect(
      vouchers.trialBalance.differences.find(
        (row: { ledgers: string[] }) => row.ledgers[0] === "Output CGST",
      ),
    ).toMatchObject({ file: -205, bahi: -500 });
    const sale = await entryOf("salesinvoice", "salesInvoices");
    expect(sale).toMatchObject({ invoiceNumber: "S-6", cgstAmount: 205, totalAmount: 3410 });
    expect(
      sale.itemDetails.map((item: { gstRate: number; amount: number }) => [
        item.amount,
        item.gstRate,
      ]),
    ).toEqual([
      [1000, 5],
      [2000, 18],
    ]);
  });
});

// Decision 067: Tally has one Debit Note type. A debit note whose party is a debtor and that
// credits sales is a debit note to a customer (salesDebitNote), raising the invoice it names; a
// creditor's stays the purchase-side debit note.
describe("Tally debit notes to customers", () => {
  const book = `<ENVELOPE><BODY><IMPORTDATA><REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME></REQUESTDESC><REQUESTDATA>
${voucher(
  "Sales",
  "g-dn-sale",
  "20250510",
  "S-9",
  ledger("Asha Traders", "-1180.00", bill("S-9", "New Ref", "-1180.00")) +
    ledger("CGST", "90.00") +
    ledger("SGST", "90.00") +
    stock(2, "500.00", "1000.00", "Sales"),
  "<PARTYLEDGERNAME>Asha Traders</PARTYLEDGERNAME><PLACEOFSUPPLY>Maharashtra</PLACEOFSUPPLY>",
)}
${voucher(
  "Debit Note",
  "g-dn-customer",
  "20250520",
  "DN-S1",
  ledger("Asha Traders", "-236.00", bill("S-9", "Agst Ref", "-236.00")) +
    ledger("CGST", "18.00") +
    ledger("SGST", "18.00") +
    stock(2, "100.00", "200.00", "Sales"),
  "<PARTYLEDGERNAME>Asha Traders</PARTYLEDGERNAME><PLACEOFSUPPLY>Maharashtra</PLACEOFSUPPLY><NARRATION>Rate difference on S-9</NARRATION>",
)}
${voucher(
  "Debit Note",
  "g-dn-supplier",
  "20250522",
  "DN-P1",
  ledger("Mehta Supplies", "-59.00") +
    ledger("CGST", "4.50") +
    ledger("SGST", "4.50") +
    stock(1, "50.00", "50.00", "Purchases"),
  "<PARTYLEDGERNAME>Mehta Supplies</PARTYLEDGERNAME>",
)}
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;
  let second: string;

  const getAs = async (path: string) => {
    const response = await context.app.inject({
      method: "GET",
      url: `/api/${path}?organisationId=${second}&year=2025-26`,
      headers: as(owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    ({ organisationId: second } = await createOrganisation(context, owner.cookies, {
      name: "Second Co",
      gstRegistered: true,
      gstin: "27AAPFU0939F1ZV",
      gstRegType: "regular",
      startingYear: "2025-26",
      billWiseEntry: true,
    }));
    const masters = await send({ organisationId: second }, utf16WithBom(MASTERS));
    expect(masters.statusCode, masters.body).toBe(200);
  });

  test("a debtor's debit note crediting sales becomes a debit note to a customer, raising its invoice", async () => {
    const preview = await send({ organisationId: second, preview: "true" }, utf16WithBom(book));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().vouchers).toMatchObject({
      vouchers: 3,
      toCreate: { salesInvoice: 1, salesDebitNote: 1, debitNote: 1 },
      notImported: [],
      asJournals: [],
    });

    const response = await send({ organisationId: second }, utf16WithBom(book));
    expect(response.statusCode, response.body).toBe(200);
    const { vouchers } = response.json();
    expect(vouchers).toMatchObject({ imported: 3, failed: [] });
    expect(vouchers.trialBalance.agrees).toBe(true);

    const notes = (await getAs("salesdebitnote/salesdebitnotelist")).salesDebitNotes;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ invoiceNumber: "DN-S1", totalAmount: 236 });
    const [invoice] = (await getAs("salesinvoice/salesinvoicelist")).salesInvoices;
    // The note raises the invoice it names: 1,180 + 236 pending (Tally's Agst Ref on the debit side).
    expect(invoice).toMatchObject({ invoiceNumber: "S-9", totalAmount: 1180, pendingAmt: 1416 });
    const purchaseSide = (await getAs("debitnote/debitnotelist")).debitnotes;
    expect(purchaseSide).toHaveLength(1);
    expect(purchaseSide[0]).toMatchObject({ invoiceNumber: "DN-P1", totalAmount: 59 });

    const tb = await getAs("reports/trialbalance");
    const rows = new Map(
      (tb.accounts as { name: string; debit: number; credit: number }[]).map((row) => [
        row.name,
        { debit: row.debit, credit: row.credit },
      ]),
    );
    // Sales credited by the invoice and the note; output tax by both; Asha debited by both.
    expect(rows.get("Sales")).toEqual({ debit: 0, credit: 1200 });
    expect(rows.get("Output CGST")).toEqual({ debit: 0, credit: 108 });
    expect(rows.get("Asha Traders")).toEqual({ debit: 1416, credit: 0 });
    expect(rows.get("Purchases")).toEqual({ debit: 0, credit: 50 });
  });
});

// Issue 34: the figures of a Tally file reach Bahi to the exact paisa, with no float on the way:
// openings of 0.29, 1.15 and 4.35 (1.15 * 100 is 114.99999999999999), 100 at ₹68.40, 2.5 kg at
// ₹33.33, and 1.005 at ₹1.00 (1.005 * 100 is 100.49999999999999: rounded half up once it is ₹1.01,
// which Tally also says, so the rate stays ₹1.00 and no discount is made up).
describe("Tally figures to the exact paisa", () => {
  let exactOrg: string;
  const EXACT_MASTERS = `<ENVELOPE><BODY><IMPORTDATA><REQUESTDATA>
 <TALLYMESSAGE><LEDGER NAME="Vora Retail"><PARENT>&#4; Sundry Debtors</PARENT><OPENINGBALANCE>-0.29</OPENINGBALANCE>
  <LEDMAILINGDETAILS.LIST><STATE>Maharashtra</STATE></LEDMAILINGDETAILS.LIST></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><LEDGER NAME="Petty Cash"><PARENT>&#4; Cash-in-Hand</PARENT><OPENINGBALANCE>-4.35</OPENINGBALANCE></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><LEDGER NAME="Proprietor"><PARENT>&#4; Capital Account</PARENT><OPENINGBALANCE>1.15</OPENINGBALANCE></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><LEDGER NAME="Sundry Income"><PARENT>&#4; Indirect Incomes</PARENT><OPENINGBALANCE>3.49</OPENINGBALANCE></LEDGER></TALLYMESSAGE>
 <TALLYMESSAGE><STOCKITEM NAME="Bolt"><BASEUNITS>Nos</BASEUNITS></STOCKITEM></TALLYMESSAGE>
 <TALLYMESSAGE><STOCKITEM NAME="Dal"><BASEUNITS>Kgs</BASEUNITS></STOCKITEM></TALLYMESSAGE>
 <TALLYMESSAGE><STOCKITEM NAME="Wire"><BASEUNITS>Mtr</BASEUNITS></STOCKITEM></TALLYMESSAGE>
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;
  const itemLine = (item: string, qty: string, unit: string, rate: string, amount: string) =>
    `<ALLINVENTORYENTRIES.LIST><STOCKITEMNAME>${item}</STOCKITEMNAME><RATE>${rate}/${unit}</RATE><AMOUNT>${amount}</AMOUNT><ACTUALQTY> ${qty} ${unit}</ACTUALQTY><BILLEDQTY> ${qty} ${unit}</BILLEDQTY>
     <ACCOUNTINGALLOCATIONS.LIST><LEDGERNAME>Sales</LEDGERNAME><AMOUNT>${amount}</AMOUNT></ACCOUNTINGALLOCATIONS.LIST></ALLINVENTORYENTRIES.LIST>`;
  // 6,840.00 + 83.33 + 1.01 = 6,924.34; 9 % of it is 623.19 (623.1906) a head.
  const EXACT_DAY_BOOK = `<ENVELOPE><BODY><IMPORTDATA><REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME></REQUESTDESC><REQUESTDATA>
${voucher(
  "Sales",
  "g-exact-sale",
  "20250605",
  "X-1",
  ledger("Vora Retail", "-8170.72", bill("X-1", "New Ref", "-8170.72")) +
    ledger("Output CGST @ 9%", "623.19") +
    ledger("Output SGST @ 9%", "623.19") +
    itemLine("Bolt", "100", "Nos", "68.40", "6840.00") +
    itemLine("Dal", "2.5", "Kgs", "33.33", "83.33") +
    itemLine("Wire", "1.005", "Mtr", "1.00", "1.01"),
  "<PARTYLEDGERNAME>Vora Retail</PARTYLEDGERNAME><PLACEOFSUPPLY>Maharashtra</PLACEOFSUPPLY>",
)}
${voucher("Receipt", "g-exact-receipt", "20250606", "R-1", all("Petty Cash", "-1.15") + all("Vora Retail", "1.15", bill("X-1", "Agst Ref", "1.15")))}
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;

  beforeAll(async () => {
    ({ organisationId: exactOrg } = await createOrganisation(context, owner.cookies, {
      gstRegistered: true,
      gstin: "27AAPFU0939F1ZV",
      gstRegType: "regular",
      startingYear: "2025-26",
      billWiseEntry: true,
    }));
  });

  test("openings of 0.29, 1.15, 4.35 and 3.49 are Bahi's to the paisa, and the check agrees", async () => {
    const masters = await send({ organisationId: exactOrg }, utf16WithBom(EXACT_MASTERS));
    expect(masters.statusCode, masters.body).toBe(200);
    expect(masters.json().openingsCheck).toMatchObject({ mismatches: [], agrees: true });
    const list = await context.app.inject({
      method: "GET",
      url: `/api/account/accountslist?organisationId=${exactOrg}`,
      headers: as(owner),
    });
    expect(list.statusCode, list.body).toBe(200);
    const openings = new Map(
      (list.json().accounts as { name: string; openingBalance: number }[]).map((account) => [
        account.name,
        account.openingBalance,
      ]),
    );
    expect(openings.get("Vora Retail")).toBe(0.29);
    expect(openings.get("Petty Cash")).toBe(4.35);
    expect(openings.get("Proprietor")).toBe(-1.15);
    expect(openings.get("Sundry Income")).toBe(-3.49);
  });

  test("100 × ₹68.40, 2.5 × ₹33.33 and 1.005 × ₹1.00 import at Tally's rates, with no made-up discount", async () => {
    const response = await send({ organisationId: exactOrg }, utf16WithBom(EXACT_DAY_BOOK));
    expect(response.statusCode, response.body).toBe(200);
    const { vouchers } = response.json();
    expect(vouchers).toMatchObject({ imported: 2, failed: [], asJournals: [], notImported: [] });
    expect(vouchers.trialBalance).toMatchObject({ agrees: true, differences: [] });
    const list = await context.app.inject({
      method: "GET",
      url: `/api/salesinvoice/salesinvoicelist?organisationId=${exactOrg}&year=2025-26`,
      headers: as(owner),
    });
    expect(list.statusCode, list.body).toBe(200);
    const [invoice] = list.json().salesInvoices;
    expect(invoice).toMatchObject({ totalAmount: 8170.72, pendingAmt: 8169.57 });
    const detail = await context.app.inject({
      method: "GET",
      url: `/api/salesinvoice/getsingleentrydetails?organisationId=${exactOrg}&entryId=${invoice._id}`,
      headers: as(owner),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const { entry } = detail.json();
    expect(
      entry.itemDetails.map(
        (line: { quantity: number; rate: number; discount: number; amount: number }) => [
          line.quantity,
          line.rate,
          line.discount,
          line.amount,
        ],
      ),
    ).toEqual([
      [100, 68.4, 0, 6840],
      [2.5, 33.33, 0, 83.33],
      [1.005, 1, 0, 1.01],
    ]);
  });
});
