import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as } from "../../../test/books.ts";
import { buildMultipart } from "../../../test/multipart.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { makeGstin } from "../accounts/masters.test-kit.ts";

let context: TestContext;
let owner: Person;
let stranger: Person;
let org: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  stranger = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
  }));
});
afterAll(() => context.close());

const GSTIN = makeGstin("27", "AAPFA1234C");

// A masters export as Tally Prime writes one (shared/returns-reference.md §7.2), made here:
// reserved names behind &#4;, a stray control character, a user group under Sundry Debtors,
// debit openings negative.
const MASTERS = `<?xml version="1.0" encoding="UTF-16"?>
<ENVELOPE>
 <HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>
 <BODY><IMPORTDATA>
  <REQUESTDESC><REPORTNAME>All Masters</REPORTNAME></REQUESTDESC>
  <REQUESTDATA>
   <TALLYMESSAGE xmlns:UDF="TallyUDF">
    <GROUP NAME="Local Customers" ACTION="Create"><PARENT>&#4; Sundry Debtors</PARENT></GROUP>
   </TALLYMESSAGE>
   <TALLYMESSAGE xmlns:UDF="TallyUDF">
    <LEDGER NAME="Asha Traders" ACTION="Create">
     <PARENT>Local Customers</PARENT>
     <OPENINGBALANCE>-12500.00</OPENINGBALANCE>
     <LEDGSTREGDETAILS.LIST><GSTREGISTRATIONTYPE>Regular</GSTREGISTRATIONTYPE><GSTIN>${GSTIN}</GSTIN></LEDGSTREGDETAILS.LIST>
     <LEDMAILINGDETAILS.LIST><STATE>Maharashtra</STATE></LEDMAILINGDETAILS.LIST>
    </LEDGER>
   </TALLYMESSAGE>
   <TALLYMESSAGE><LEDGER NAME="Mehta Supplies"><PARENT>&#4; Sundry Creditors</PARENT><OPENINGBALANCE>8000.00</OPENINGBALANCE></LEDGER></TALLYMESSAGE>
   <TALLYMESSAGE><LEDGER NAME="Cash"><PARENT>&#4; Cash-in-Hand</PARENT><OPENINGBALANCE>-4500.00</OPENINGBALANCE></LEDGER></TALLYMESSAGE>
   <TALLYMESSAGE><LEDGER NAME="Ravi Capital\u0004"><PARENT>Capital Account</PARENT><OPENINGBALANCE>9000.00</OPENINGBALANCE></LEDGER></TALLYMESSAGE>
   <TALLYMESSAGE><LEDGER NAME="Head Office"><PARENT>Branch / Divisions</PARENT></LEDGER></TALLYMESSAGE>
   <TALLYMESSAGE>
    <STOCKITEM NAME="Steel Rod 12mm">
     <BASEUNITS>Nos</BASEUNITS><OPENINGBALANCE> 55 Nos</OPENINGBALANCE><OPENINGVALUE>-27500.00</OPENINGVALUE>
     <HSNDETAILS.LIST><HSNCODE>7214</HSNCODE></HSNDETAILS.LIST>
    </STOCKITEM>
   </TALLYMESSAGE>
  </REQUESTDATA>
 </IMPORTDATA></BODY>
</ENVELOPE>`;

function utf16WithBom(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
}

function send(fields: Record<string, string>, bytes: Buffer, person: Person = owner) {
  const { payload, headers } = buildMultipart(fields, [
    { field: "file", fileName: "Master.xml", bytes },
  ]);
  return context.app.inject({
    method: "POST",
    url: "/api/import/tally",
    payload,
    headers: { ...headers, ...as(person) },
  });
}

async function accounts() {
  const response = await context.app.inject({
    method: "GET",
    url: `/api/account/accountslist?organisationId=${org}`,
    headers: as(owner),
  });
  return response.json().accounts as {
    name: string;
    nature: string;
    openingBalance: number;
    gstin: string | null;
    state: string;
  }[];
}

describe("Tally masters", () => {
  test("preview of a UTF-16 export with control characters says what would be created, and writes nothing", async () => {
    const before = (await accounts()).length;
    const response = await send({ organisationId: org, preview: "true" }, utf16WithBom(MASTERS));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      preview: true,
      groups: 1,
      ledgers: 5,
      stockItems: 1,
      accountsToCreate: [
        { name: "Asha Traders", nature: "Debtors", openingBalance: 12500 },
        { name: "Mehta Supplies", nature: "Creditors", openingBalance: -8000 },
        { name: "Ravi Capital", nature: "Capital", openingBalance: -9000 },
      ],
      openingsOfExistingAccounts: [{ name: "Cash", openingBalance: 4500 }],
      itemsToCreate: ["Steel Rod 12mm"],
      cannotImport: [{ name: "Head Office" }],
      fileOpenings: { debit: 17000, credit: 17000 },
    });
    expect((await accounts()).length).toBe(before);
  });

  test("import creates the accounts and the item, and the openings equal the file's, ledger by ledger", async () => {
    const response = await send({ organisationId: org }, utf16WithBom(MASTERS));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().openingsCheck).toEqual({
      // Every ledger of the file is compared: the one not placed has no opening to lose.
      ledgersCompared: 5,
      mismatches: [],
      agrees: true,
      message:
        "The opening balances of all 5 ledgers in the file equal Bahi's (1 not imported had no opening).",
    });
    const list = await accounts();
    const byName = (name: string) => list.find((account) => account.name === name);
    expect(byName("Asha Traders")).toMatchObject({
      nature: "Debtors",
      openingBalance: 12500,
      gstin: GSTIN,
      state: "27",
    });
    expect(byName("Cash")?.openingBalance).toBe(4500);
    expect(byName("Ravi Capital")).toMatchObject({ nature: "Capital", openingBalance: -9000 });
    const items = await context.app.inject({
      method: "GET",
      url: `/api/item/itemlist?organisationId=${org}`,
      headers: as(owner),
    });
    expect(items.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Steel Rod 12mm", uom: "NOS", hsnCode: "7214" }),
      ]),
    );
    const again = await send({ organisationId: org }, utf16WithBom(MASTERS));
    expect(again.json().accountsToCreate).toEqual([]);
    expect((await accounts()).length).toBe(list.length);
  });

  test("in a GST-registered organisation a stock item takes its master's latest GST rate; one without is named", async () => {
    const { organisationId: gstOrg } = await createOrganisation(context, owner.cookies, {
      gstRegistered: true,
      gstin: "27AAPFU0939F1ZV",
      gstRegType: "regular",
      startingYear: "2025-26",
    });
    // Tally Prime's duty heads, a rate changed in 2025 (the later one counts), ERP 9's heads.
    const rates = (from: string, heads: [string, string][]) =>
      `<GSTDETAILS.LIST><APPLICABLEFROM>${from}</APPLICABLEFROM><TAXABILITY>Taxable</TAXABILITY><STATEWISEDETAILS.LIST><STATENAME>&#4; Any</STATENAME>${heads
        .map(
          ([head, rate]) =>
            `<RATEDETAILS.LIST><GSTRATEDUTYHEAD>${head}</GSTRATEDUTYHEAD><GSTRATE> ${rate}</GSTRATE></RATEDETAILS.LIST>`,
        )
        .join("")}</STATEWISEDETAILS.LIST></GSTDETAILS.LIST>`;
    const file = `<ENVELOPE><BODY><IMPORTDATA><REQUESTDATA>
<TALLYMESSAGE><STOCKITEM NAME="Cotton Yarn"><BASEUNITS>Kgs</BASEUNITS>${rates("20250922", [
      ["Central Tax", "2.5"],
      ["State Tax", "2.5"],
      ["Integrated Tax", "5"],
    ])}${rates("20170701", [
      ["Central Tax", "6"],
      ["State Tax", "6"],
      ["Integrated Tax", "12"],
    ])}</STOCKITEM></TALLYMESSAGE>
<TALLYMESSAGE><STOCKITEM NAME="Steel Wire"><BASEUNITS>Nos</BASEUNITS>${rates("20170701", [
      ["CGST", "9"],
      ["SGST/UTGST", "9"],
      ["IGST", "18"],
    ])}</STOCKITEM></TALLYMESSAGE>
<TALLYMESSAGE><STOCKITEM NAME="Loose Parts"><BASEUNITS>Nos</BASEUNITS></STOCKITEM></TALLYMESSAGE>
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;
    const response = await send({ organisationId: gstOrg }, Buffer.from(file));
    expect(response.statusCode, response.body).toBe(200);
    // Decision 371: an item whose master gives no rate comes across, named as a warning.
    expect(response.json().failed).toEqual([]);
    expect(response.json().warnings).toEqual([
      { name: "Loose Parts", warning: expect.stringMatching(/No GST rate/) },
    ]);
    const items = await context.app.inject({
      method: "GET",
      url: `/api/item/itemlist?organisationId=${gstOrg}`,
      headers: as(owner),
    });
    const rateOf = (name: string) =>
      (items.json().items as { name: string; gstRate: number }[]).find((item) => item.name === name)
        ?.gstRate;
    expect(rateOf("Cotton Yarn")).toBe(5);
    expect(rateOf("Steel Wire")).toBe(18);
    expect((items.json().items as { name: string }[]).map((item) => item.name).sort()).toContain(
      "Loose Parts",
    );
  });

  test("a DOCTYPE, a non-Tally file and another organisation's caller are refused", async () => {
    const doctype = await send(
      { organisationId: org },
      Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><ENVELOPE/>'),
    );
    expect(doctype.statusCode).toBe(400);
    expect(doctype.json().message).toMatch(/DOCTYPE/);
    const other = await send({ organisationId: org }, Buffer.from("<html></html>"));
    expect(other.statusCode).toBe(400);
    const stranger403 = await send({ organisationId: org }, utf16WithBom(MASTERS), stranger);
    expect(stranger403.statusCode).toBe(403);
  });
});
