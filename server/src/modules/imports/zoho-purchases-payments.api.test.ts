import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  as,
  balancesFromPostings,
  insertAccount,
  insertItem,
  systemAccountId,
} from "../../../test/books.ts";
import { buildMultipart } from "../../../test/multipart.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// Issue 36: Zoho Books' Bill, Credit Note, Vendor Credits, Customer Payment and Vendor Payment
// exports, with the headings Zoho Books India writes (server/test/fixtures/zoho/README.md;
// decision 420), given to the spreadsheet import as they are. What Bahi books is compared with
// an independent reading of each file: Zoho's own per-document totals and tax columns (which the
// import does not read: it books from price, quantity and tax %), summed here with papaparse.

let context: TestContext;
let owner: Person;
let org: string;
const ids: Record<string, string> = {};

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/zoho/${name}`, import.meta.url), "utf8");

function send(type: string, fileName: string, bytes: string) {
  const { payload, headers } = buildMultipart({ organisationId: org, type }, [
    { field: "file", fileName, bytes },
  ]);
  return context.app.inject({
    method: "POST",
    url: "/api/import/other/importData",
    payload,
    headers: { ...headers, ...as(owner) },
  });
}

const paise = (text: string | undefined) => Math.round(Number(text ?? "0") * 100);

/** Zoho's rows, by heading. */
const rowsOf = (name: string) =>
  Papa.parse<Record<string, string>>(fixture(name), { header: true, skipEmptyLines: true }).data;

/** The documents Zoho booked (not draft or void), each once: its number and Zoho's figures. */
function booked(name: string, number: string, status: string) {
  const documents = new Map<string, Record<string, string>[]>();
  for (const row of rowsOf(name)) {
    if (["draft", "void"].includes((row[status] ?? "").toLowerCase())) continue;
    const key = row[number] ?? "";
    documents.set(key, [...(documents.get(key) ?? []), row]);
  }
  return documents;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
    gstRegistered: true,
    gstin: "27AAPFU0939F1ZV",
    gstRegType: "regular",
  }));
  await insertItem(context, org, { name: "Steel Bracket", gstRate: 18 });
  await insertItem(context, org, { name: "Hinge", gstRate: 12 });
  ids.krishna = await insertAccount(context, org, {
    name: "Krishna Enterprises",
    nature: "Creditors",
    stateCode: "29",
    gstin: "29AABCK1234C1Z1",
    gstType: "Regular",
  });
  ids.umbrella = await insertAccount(context, org, {
    name: "Umbrella Retail",
    nature: "Debtors",
    stateCode: "27",
    gstin: "27AABCU9603R1ZN",
    gstType: "Regular",
  });
  ids.bank = await insertAccount(context, org, { name: "HDFC Current A/c", nature: "Bank" });
  ids.office = await insertAccount(context, org, {
    name: "Office Supplies",
    nature: "Indirect Expense",
  });
  for (const key of ["inputIgst", "outputCgst", "outputSgst", "purchases", "sales"])
    ids[key] = await systemAccountId(context, org, key);
});
afterAll(() => context.close());

describe("Zoho Books' purchases, notes and payments (issue 36)", () => {
  test("a Bill export: one purchase per bill at Zoho's taxable value and IGST; the draft left out", async () => {
    const before = await balancesFromPostings(context, org);
    const response = await send("vouchers", "Bill.csv", fixture("Bill.csv"));
    expect(response.statusCode, response.body).toBe(200);
    const bills = booked("Bill.csv", "Bill Number", "Bill Status");
    expect(response.json()).toMatchObject({ imported: bills.size });
    const after = await balancesFromPostings(context, org);
    const moved = (id: string) => (after.get(id) ?? 0) - (before.get(id) ?? 0);
    // Independent: each bill's Total once, each line's Tax Amount, Office Supplies' Item Total.
    const total = sum([...bills.values()].map((rows) => paise(rows[0]?.Total)));
    const tax = sum([...bills.values()].flat().map((row) => paise(row["Tax Amount"])));
    const office = sum(
      [...bills.values()]
        .flat()
        .filter((row) => row.Account === "Office Supplies")
        .map((row) => paise(row["Item Total"])),
    );
    expect(total).toBe(407_000);
    expect(moved(ids.krishna as string)).toBe(-total);
    expect(moved(ids.inputIgst as string)).toBe(tax);
    expect(moved(ids.office as string)).toBe(office);
    expect(moved(ids.purchases as string)).toBe(total - tax - office);
  });

  test("a Credit Note export: a credit note with CGST and SGST; the void one left out", async () => {
    const before = await balancesFromPostings(context, org);
    const response = await send("vouchers", "Credit_Note.csv", fixture("Credit_Note.csv"));
    expect(response.statusCode, response.body).toBe(200);
    const notes = booked("Credit_Note.csv", "Credit Note Number", "Credit Note Status");
    expect(response.json()).toMatchObject({ imported: notes.size });
    const after = await balancesFromPostings(context, org);
    const moved = (id: string) => (after.get(id) ?? 0) - (before.get(id) ?? 0);
    const lines = [...notes.values()].flat();
    expect(moved(ids.umbrella as string)).toBe(
      -sum([...notes.values()].map((rows) => paise(rows[0]?.Total))),
    );
    expect(moved(ids.outputCgst as string)).toBe(sum(lines.map((row) => paise(row.CGST))));
    expect(moved(ids.outputSgst as string)).toBe(sum(lines.map((row) => paise(row.SGST))));
    expect(moved(ids.sales as string)).toBe(sum(lines.map((row) => paise(row["Item Total"]))));
  });

  test("a Vendor Credits export: a debit note to the supplier, its IGST taken back", async () => {
    const before = await balancesFromPostings(context, org);
    const response = await send("vouchers", "Vendor_Credits.csv", fixture("Vendor_Credits.csv"));
    expect(response.statusCode, response.body).toBe(200);
    const credits = booked("Vendor_Credits.csv", "Vendor Credit Number", "Vendor Credit Status");
    expect(response.json()).toMatchObject({ imported: credits.size });
    const after = await balancesFromPostings(context, org);
    const moved = (id: string) => (after.get(id) ?? 0) - (before.get(id) ?? 0);
    const first = [...credits.values()].map((rows) => rows[0] ?? {});
    expect(moved(ids.krishna as string)).toBe(sum(first.map((row) => paise(row.Total))));
    expect(moved(ids.inputIgst as string)).toBe(
      -sum(first.map((row) => paise(row.Total) - paise(row.SubTotal))),
    );
  });

  test("payment exports: one receipt and one payment each, however many invoices or bills they settled", async () => {
    const before = await balancesFromPostings(context, org);
    const received = await send(
      "vouchers",
      "Customer_Payment.csv",
      fixture("Customer_Payment.csv"),
    );
    expect(received.statusCode, received.body).toBe(200);
    const paid = await send("vouchers", "Vendor_Payment.csv", fixture("Vendor_Payment.csv"));
    expect(paid.statusCode, paid.body).toBe(200);
    const receipts = booked("Customer_Payment.csv", "Payment Number", "Payment Status");
    const payments = booked("Vendor_Payment.csv", "Payment Number", "Payment Status");
    expect(received.json()).toMatchObject({ imported: receipts.size });
    expect(paid.json()).toMatchObject({ imported: payments.size });
    const after = await balancesFromPostings(context, org);
    const moved = (id: string) => (after.get(id) ?? 0) - (before.get(id) ?? 0);
    const amount = (documents: Map<string, Record<string, string>[]>) =>
      sum([...documents.values()].map((rows) => paise(rows[0]?.Amount)));
    expect(amount(receipts)).toBe(106_400);
    expect(moved(ids.umbrella as string)).toBe(-amount(receipts));
    expect(moved(ids.krishna as string)).toBe(amount(payments));
    expect(moved(ids.bank as string)).toBe(amount(receipts) - amount(payments));
    const again = await send("vouchers", "Vendor_Payment.csv", fixture("Vendor_Payment.csv"));
    expect(again.json()).toMatchObject({ imported: 0, skippedExisting: payments.size });
  });

  test("refused, saying what to do: another kind, a missing column, prices with tax in them", async () => {
    const asAccounts = await send("accounts", "Bill.csv", fixture("Bill.csv"));
    expect(asAccounts.statusCode).toBe(400);
    expect(asAccounts.json().message).toBe(
      "This is Zoho Books' Bill export: import it as vouchers.",
    );
    // The real shape of an older Customer Payment export (a public repository's
    // paymentsrec.json, README): no "Deposit To", so Bahi cannot tell where the money went.
    const older = [
      "Payment Number,CustomerPayment ID,Mode,CustomerID,Description,Exchange Rate,Amount,Unused Amount,Bank Charges,Reference Number,Currency Code,Payment Number Prefix,Payment Number Suffix,Customer Name,Payment Type,Date,Template Name,InvoicePayment ID,Invoice Amount,Withholding Tax Amount,Invoice Number",
      "1,1876543000000081400,Cheque,1876543000000081000,,1,27780,0,0,,INR,,1,Umbrella Retail,Invoice Payment,2025-06-11,Elite Template,1876543000000081401,27780,0,INV-000090",
    ].join("\n");
    const noDeposit = await send("vouchers", "Customer_Payment.csv", older);
    expect(noDeposit.statusCode).toBe(400);
    expect(noDeposit.json().message).toBe(
      'This looks like Zoho Books\' Customer Payment export, but it has no "Deposit To" column. Bahi reads "Date", "Payment Number", "Customer Name", "Amount", "Deposit To"; export again with it.',
    );
    const noPrice = fixture("Vendor_Credits.csv").replace("Item Price", "Unit Cost");
    const refused = await send("vouchers", "Vendor_Credits.csv", noPrice);
    expect(refused.json().message).toBe(
      'This looks like Zoho Books\' Vendor Credits export, but it has no "Item Price" or "Rate" column. Bahi reads "Vendor Credit Date", "Vendor Credit Number", "Vendor Name", "Item Name", "Quantity", "Item Price" or "Rate"; export again with it.',
    );
    // A bill with prices including tax, a credit note with an adjustment: booked as lines alone
    // their totals would be wrong, so the file is refused naming them.
    const inclusive = fixture("Bill.csv").replaceAll(",false,Open,", ",true,Open,");
    const before = await balancesFromPostings(context, org);
    const taxIn = await send("vouchers", "Bill.csv", inclusive);
    expect(taxIn.statusCode).toBe(400);
    expect(taxIn.json().message).toBe(
      "Zoho Books' Bill export has what Bahi does not read: KE/121 (prices that include tax). Bahi books rupees, and each line's price, quantity, discount % and tax %: export these without it, or enter them by hand.",
    );
    const adjusted = Papa.unparse(
      rowsOf("Credit_Note.csv").map((row) => ({ ...row, Adjustment: "-0.40" })),
    );
    const adjustment = await send("vouchers", "Credit_Note.csv", adjusted);
    expect(adjustment.statusCode).toBe(400);
    expect(adjustment.json().message).toContain("CN-00007 (an adjustment)");
    // A payment received in dollars (Zoho keeps the foreign amount in "Amount").
    const dollars = fixture("Customer_Payment.csv").replaceAll(",INR,", ",USD,");
    const foreign = await send("vouchers", "Customer_Payment.csv", dollars);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain("12 (amounts in USD)");
    expect(await balancesFromPostings(context, org)).toEqual(before);
  });
});
