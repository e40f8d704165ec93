import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, insertItem } from "../../../test/books.ts";
import { buildMultipart } from "../../../test/multipart.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { makeGstin } from "../accounts/masters.test-kit.ts";

// Issue 36: Zoho Books' own Contacts and Invoice exports, with the headings Zoho Books India
// writes (its Contacts.csv and Invoice.csv; decision 330), given to the spreadsheet import as
// they are.

let context: TestContext;
let owner: Person;
let org: string;

const UMBRELLA_GSTIN = makeGstin("27", "AABCU9603R");

// Zoho's Contacts.csv: many more columns than Bahi reads, in Zoho's order.
const CONTACTS = [
  "Created Time,Last Modified Time,Display Name,Company Name,Salutation,First Name,Last Name,Phone,Currency Code,Notes,Website,Status,Opening Balance,Credit Limit,Billing Attention,Billing Address,Billing City,Billing State,Billing Country,Billing Code,Payment Terms,GST Treatment,GST Identification Number (GSTIN),PAN Number,EmailID,MobilePhone,Contact ID,Contact Name,Contact Type,Place Of Contact,Place of Contact(With State Code),Taxable",
  `2024-04-02 10:11:12,2025-01-05 09:00:00,Umbrella Retail,Umbrella Retail LLP,Mr.,Arun,Joshi,020-2555,INR,,,Active,1500.50,50000,,"Shop 4, FC Road",Pune,Maharashtra,India,411004,30,business_gst,${UMBRELLA_GSTIN},AAPFU0939F,arun@example.in,9822000001,460000000012345,Umbrella Retail,customer,Maharashtra,MH,true`,
  "2024-04-03 10:11:12,2025-01-05 09:00:00,Krishna Enterprises,,,,,,INR,,,Active,2200,,,,Bengaluru,,India,,15,business_none,,,,9845000002,460000000012346,Krishna Enterprises,vendor,,KA,true",
].join("\n");

// Zoho's Invoice.csv: one row per item line, the invoice's fields repeated.
const INVOICES = [
  "Invoice Date,Invoice ID,Invoice Number,Estimate Number,Invoice Status,Customer Name,Customer ID,Place of Supply,GST Treatment,GST Identification Number (GSTIN),Is Inclusive Tax,Due Date,Account,Item Name,Product ID,Item Desc,Quantity,Usage unit,Item Price,Discount,Discount Amount,HSN/SAC,Item Tax,Item Tax %,Item Tax Amount,CGST Rate %,SGST Rate %,IGST Rate %,CGST,SGST,IGST,Item Total,SubTotal,Total,Balance,Notes",
  `2025-06-02,9001,INV-000101,,Sent,Umbrella Retail,460000000012345,MH,business_gst,${UMBRELLA_GSTIN},false,2025-07-02,Sales,Steel Bracket,7001,,2,pcs,250.00,0,0,7326,GST18,18,90.00,9,9,0,45.00,45.00,0,500.00,660.00,769.20,769.20,Thanks for your business`,
  `2025-06-02,9001,INV-000101,,Sent,Umbrella Retail,460000000012345,MH,business_gst,${UMBRELLA_GSTIN},false,2025-07-02,Sales,Hinge,7002,,4,pcs,40.00,0,0,8302,GST12,12,19.20,6,6,0,9.60,9.60,0,160.00,660.00,769.20,769.20,Thanks for your business`,
  `2025-06-03,9002,INV-000102,,Draft,Umbrella Retail,460000000012345,MH,business_gst,${UMBRELLA_GSTIN},false,2025-07-03,Sales,Hinge,7002,,1,pcs,40.00,0,0,8302,GST12,12,4.80,6,6,0,2.40,2.40,0,40.00,40.00,44.80,44.80,`,
].join("\n");

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
});
afterAll(() => context.close());

describe("Zoho Books exports (issue 36)", () => {
  test("a Contacts export imports as accounts: customers Dr, vendors Cr, GSTIN and state kept", async () => {
    const response = await send("accounts", "Contacts.csv", CONTACTS);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json(), response.body).toMatchObject({ imported: 2 });
    const list = await context.app.inject({
      method: "GET",
      url: `/api/account/accountslist?organisationId=${org}`,
      headers: as(owner),
    });
    const accounts = list.json().accounts as Record<string, unknown>[];
    expect(accounts.find((account) => account.name === "Umbrella Retail")).toMatchObject({
      nature: "Debtors",
      openingBalance: 1500.5,
      gstin: UMBRELLA_GSTIN,
      state: "27",
    });
    expect(accounts.find((account) => account.name === "Krishna Enterprises")).toMatchObject({
      nature: "Creditors",
      openingBalance: -2200,
      state: "29",
    });
  });

  test("an Invoice export imports as sales invoices, a line per row; a draft is left out", async () => {
    const response = await send("vouchers", "Invoice.csv", INVOICES);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json(), response.body).toMatchObject({ imported: 1 });
    const list = await context.app.inject({
      method: "GET",
      url: `/api/salesinvoice/salesinvoicelist?organisationId=${org}&year=2025-26`,
      headers: as(owner),
    });
    const [invoice] = list.json().salesInvoices;
    const single = await context.app.inject({
      method: "GET",
      url: `/api/salesinvoice/getsingleentrydetails?organisationId=${org}&entryId=${invoice._id}`,
      headers: as(owner),
    });
    // Zoho's own figures: 660 taxable, CGST and SGST 54.60 each, 769.20, rounded off to 769.
    expect(single.json().entry).toMatchObject({
      invoiceNumber: "INV-000101",
      cgstAmount: 54.6,
      sgstAmount: 54.6,
      totalAmount: 769,
    });
  });

  test("a Zoho export given as the other kind, or lacking a column, is refused saying what to do", async () => {
    const asVouchers = await send("vouchers", "Contacts.csv", CONTACTS);
    expect(asVouchers.statusCode).toBe(400);
    expect(asVouchers.json().message).toBe(
      "This is Zoho Books' Contacts export: import it as accounts.",
    );
    const noPrice = INVOICES.replace("Item Price", "Unit Cost");
    const refused = await send("vouchers", "Invoice.csv", noPrice);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'This looks like Zoho Books\' Invoice export, but it has no "Item Price" column. Bahi reads "Invoice Date", "Invoice Number", "Customer Name", "Item Name", "Quantity", "Item Price"; export again with it.',
    );
  });
});
