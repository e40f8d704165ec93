import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as } from "../../../test/books.ts";
import { buildMultipart } from "../../../test/multipart.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// Issue 36: two shapes real companies' files take. A collection export, as Tally answers a TDL
// collection request (<DATA><COLLECTION>, TYPE-attributed fields, `&#4; Primary` parents and
// groups with an empty parent), whose openings must all come across and be checked truthfully;
// and a purchase in an organisation without GST, whose tax ledgers are plain accounts that stay
// in the supplier's balance.

let context: TestContext;
let owner: Person;

function send(organisationId: string, xml: string) {
  const { payload, headers } = buildMultipart({ organisationId }, [
    { field: "file", fileName: "Export.xml", bytes: xml },
  ]);
  return context.app.inject({
    method: "POST",
    url: "/api/import/tally",
    payload,
    headers: { ...headers, ...as(owner) },
  });
}

async function trialBalance(organisationId: string) {
  const response = await context.app.inject({
    method: "GET",
    url: `/api/reports/trialbalance?organisationId=${organisationId}&year=2025-26`,
    headers: as(owner),
  });
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json().accounts as {
    name: string;
    debit: number;
    credit: number;
    opening: { signed: number };
  }[];
  return new Map(rows.map((row) => [row.name, row]));
}

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
});
afterAll(() => context.close());

const ledger = (name: string, parent: string, opening: string) =>
  `<LEDGER NAME="${name}" RESERVEDNAME=""><PARENT TYPE="String">${parent}</PARENT><OPENINGBALANCE TYPE="Amount">${opening}</OPENINGBALANCE><CLOSINGBALANCE TYPE="Amount">${opening}</CLOSINGBALANCE><LANGUAGENAME.LIST><NAME.LIST TYPE="String"><NAME>${name}</NAME></NAME.LIST><LANGUAGEID TYPE="Number"> 1033</LANGUAGEID></LANGUAGENAME.LIST></LEDGER>`;

describe("a Tally collection export with opening balances (issue 36)", () => {
  test("every opening it can place comes across, and the check names the ledger it cannot place", async () => {
    const { organisationId } = await createOrganisation(context, owner.cookies, {
      startingYear: "2025-26",
    });
    const collection = `<ENVELOPE><HEADER><VERSION>1</VERSION><STATUS>1</STATUS></HEADER><BODY><DESC></DESC><DATA><COLLECTION>
<GROUP NAME="Current Assets" RESERVEDNAME="Current Assets"><PARENT TYPE="String"></PARENT></GROUP>
<GROUP NAME="Branch Debtors" RESERVEDNAME=""><PARENT TYPE="String">Sundry Debtors</PARENT></GROUP>
${ledger("Cash", "Cash-in-Hand", "-12500.00")}
${ledger("Kotak Bank", "Bank Accounts", "-250000.00")}
${ledger("Asha Textiles", "Branch Debtors", "-18200.50")}
${ledger("Ganesh Agencies", "Sundry Creditors", "43750.25")}
${ledger("Partners Capital", "Capital Account", "229000.00")}
${ledger("Suspense Old", "Nowhere Group", "-7949.75")}
</COLLECTION></DATA></BODY></ENVELOPE>`;
    const response = await send(organisationId, collection);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.cannotImport).toEqual([
      { name: "Suspense Old", reason: expect.stringContaining("Nowhere Group") },
    ]);
    // The check covers all six ledgers: the one not placed is a difference, not passed over.
    expect(body.openingsCheck).toMatchObject({
      ledgersCompared: 6,
      agrees: false,
      mismatches: [{ name: "Suspense Old", file: 7949.75, bahi: null }],
    });
    const tb = await trialBalance(organisationId);
    // Tally writes a debit opening negative: Bahi's openings, debit positive.
    const opening = (name: string) => tb.get(name)?.opening.signed;
    expect(opening("Cash")).toBe(12500);
    expect(opening("Kotak Bank")).toBe(250000);
    expect(opening("Asha Textiles")).toBe(18200.5);
    expect(opening("Ganesh Agencies")).toBe(-43750.25);
    expect(opening("Partners Capital")).toBe(-229000);
  });
});

describe("a purchase in an organisation without GST (issue 36)", () => {
  test("its tax lines are accounts of the bill: the supplier owes the whole, and the books agree", async () => {
    const { organisationId } = await createOrganisation(context, owner.cookies, {
      startingYear: "2025-26",
      gstRegistered: false,
    });
    const file = `<ENVELOPE><BODY><IMPORTDATA><REQUESTDATA>
<TALLYMESSAGE><LEDGER NAME="Shah Hardware"><PARENT>&#4; Sundry Creditors</PARENT></LEDGER></TALLYMESSAGE>
<TALLYMESSAGE><LEDGER NAME="Purchase Account"><PARENT>&#4; Purchase Accounts</PARENT></LEDGER></TALLYMESSAGE>
<TALLYMESSAGE><LEDGER NAME="Input CGST 9%"><PARENT>&#4; Duties &amp; Taxes</PARENT><TAXTYPE>GST</TAXTYPE><GSTDUTYHEAD>Central Tax</GSTDUTYHEAD></LEDGER></TALLYMESSAGE>
<TALLYMESSAGE><LEDGER NAME="Input SGST 9%"><PARENT>&#4; Duties &amp; Taxes</PARENT><TAXTYPE>GST</TAXTYPE><GSTDUTYHEAD>State Tax</GSTDUTYHEAD></LEDGER></TALLYMESSAGE>
<TALLYMESSAGE><VOUCHER VCHTYPE="Purchase" ACTION="Create"><DATE>20250610</DATE><GUID>g-non-gst-purchase</GUID><VOUCHERTYPENAME>Purchase</VOUCHERTYPENAME><VOUCHERNUMBER>SH-41</VOUCHERNUMBER><PARTYLEDGERNAME>Shah Hardware</PARTYLEDGERNAME>
<LEDGERENTRIES.LIST><LEDGERNAME>Shah Hardware</LEDGERNAME><ISPARTYLEDGER>Yes</ISPARTYLEDGER><AMOUNT>14361.00</AMOUNT></LEDGERENTRIES.LIST>
<LEDGERENTRIES.LIST><LEDGERNAME>Purchase Account</LEDGERNAME><AMOUNT>-12170.00</AMOUNT></LEDGERENTRIES.LIST>
<LEDGERENTRIES.LIST><LEDGERNAME>Input CGST 9%</LEDGERNAME><AMOUNT>-1095.30</AMOUNT></LEDGERENTRIES.LIST>
<LEDGERENTRIES.LIST><LEDGERNAME>Input SGST 9%</LEDGERNAME><AMOUNT>-1095.30</AMOUNT></LEDGERENTRIES.LIST>
<LEDGERENTRIES.LIST><LEDGERNAME>Round Off</LEDGERNAME><AMOUNT>-0.40</AMOUNT></LEDGERENTRIES.LIST>
</VOUCHER></TALLYMESSAGE>
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;
    const response = await send(organisationId, file);
    expect(response.statusCode, response.body).toBe(200);
    const { vouchers } = response.json();
    expect(vouchers).toMatchObject({ imported: 1, failed: [], heldBack: [], notImported: [] });
    expect(vouchers.trialBalance).toMatchObject({ agrees: true, differences: [] });
    const tb = await trialBalance(organisationId);
    // ₹12,170 + ₹1,095.30 × 2 + ₹0.40 round-off: the supplier is owed ₹14,361, tax and all.
    expect(tb.get("Shah Hardware")).toMatchObject({ debit: 0, credit: 14361 });
    expect(tb.get("Input CGST 9%")).toMatchObject({ debit: 1095.3, credit: 0 });
    expect(tb.get("Input SGST 9%")).toMatchObject({ debit: 1095.3, credit: 0 });
  });
});
