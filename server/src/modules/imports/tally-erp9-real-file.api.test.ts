import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, balancesFromPostings } from "../../../test/books.ts";
import { buildMultipart } from "../../../test/multipart.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { makeGstin } from "../accounts/masters.test-kit.ts";

// Issue 36: a real Tally ERP 9 company's masters (UTF-8) and day book (UTF-16LE, CRLF), six of
// its vouchers kept with every element Tally wrote and only the names, GSTINs, addresses and dates
// changed (server/test/fixtures/tally/README.md). What an independent reading of the file (Python's
// ElementTree, summing each voucher's lines) gives, and what Bahi must book:
//   Purchase 1  Vasudev Traders ₹51,647.04: IGST ₹5,192.04 = 12 % of ₹43,231 + 18 % of ₹24, and
//               ₹3,200 marked "Purchase Exempt" (the rates sit in each line's ACCOUNTINGALLOCATIONS)
//   Purchase 3  ₹36.88: IGST ₹2.88 = 12 % of ₹24; ₹10 of "Other Charges" untaxed
//   Sales 1     Ganga Stores ₹50,858.26: IGST ₹2,326.10 = 18 % of ₹80 + 5 % of ₹46,234; shipping
//               ₹2,200 and other charges ₹18.16 untaxed
//   Purchase 22 ₹412.60: IGST ₹0.60 = 5 % of ₹12; a ₹400 service ledger marked "Purchase Exempt"
//   Purchase 7  Nila Exports (Kerala, as the company) ₹109.79 with IGST ₹5.76: intra-state, so the
//               file's IGST is not what GST charges — held back
//   Purchase 2  Kannan Polymers (a Kerala GSTIN) ₹2,520 with IGST ₹120, its line "Purchase From SEZ
//               - Taxable": IGST is right for an SEZ supplier, which the masters do not say
// Before the fixes, Purchases 1, 3, 22 and Sales 1 were held back too: Bahi would have booked
// ₹5,574.60, ₹1.70, ₹0 and ₹2,426.61 of IGST.

let context: TestContext;
let owner: Person;
let org: string;

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/tally/${name}`, import.meta.url));

function send(name: string) {
  const { payload, headers } = buildMultipart({ organisationId: org }, [
    { field: "file", fileName: name, bytes: fixture(name) },
  ]);
  return context.app.inject({
    method: "POST",
    url: "/api/import/tally",
    payload,
    headers: { ...headers, ...as(owner) },
  });
}

async function balanceByName() {
  const list = await context.app.inject({
    method: "GET",
    url: `/api/account/accountslist?organisationId=${org}`,
    headers: as(owner),
  });
  const names = new Map(
    (list.json().accounts as { _id: string; name: string }[]).map((a) => [a._id, a.name]),
  );
  const balances = await balancesFromPostings(context, org);
  return new Map([...balances].map(([id, paise]) => [names.get(id) ?? id, paise]));
}

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
    gstRegistered: true,
    gstin: makeGstin("32", "AAPFU0939F"),
    gstRegType: "regular",
  }));
});
afterAll(() => context.close());

describe("a real Tally ERP 9 day book in UTF-16 (issue 36)", () => {
  test("its masters come across, openings agreeing", async () => {
    const response = await send("erp9-masters.xml");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      ledgers: 11,
      stockItems: 4,
      cannotImport: [],
      failed: [],
      openingsCheck: { agrees: true },
    });
  });

  test("each line's own rate is read: four vouchers book the file's tax; the two the file taxes otherwise are held back", async () => {
    const response = await send("erp9-daybook-utf16.xml");
    expect(response.statusCode, response.body).toBe(200);
    const { vouchers } = response.json();
    expect(vouchers).toMatchObject({ vouchers: 6, imported: 4, failed: [], notImported: [] });
    expect(vouchers.heldBack).toEqual([
      {
        voucher: "Purchase 7 of 2025-04-01",
        reason: expect.stringContaining("the file books 0 to input cgst, Bahi would book 2.88"),
      },
      {
        voucher: "Purchase 2 of 2025-07-01",
        reason: expect.stringContaining(
          "make the party's GST registration type SEZ in Bahi. Enter it by hand",
        ),
      },
    ]);
    const balances = await balanceByName();
    // The file's figures for the four vouchers saved (paise; debit positive).
    expect(balances.get("Input IGST")).toBe(519_204 + 288 + 60);
    expect(balances.get("Output IGST")).toBe(-232_610);
    expect(balances.get("Vasudev Traders")).toBe(-(5_164_704 + 3_688 + 41_260));
    expect(balances.get("Ganga Stores")).toBe(5_085_826);
    expect(balances.get("Shipping Charge")).toBe(-220_000);
    expect(balances.get("Sales")).toBe(-(8_000 + 4_623_400));
  });

  test("with the supplier marked SEZ, the SEZ purchase imports with the file's IGST; nothing else twice", async () => {
    await context.testDatabase.database.db
      .updateTable("accounts")
      .set({ gst_type: "sez" })
      .where("organisation_id", "=", org)
      .where("name", "=", "Kannan Polymers")
      .execute();
    const before = await balanceByName();
    const response = await send("erp9-daybook-utf16.xml");
    const { vouchers } = response.json();
    expect(vouchers).toMatchObject({ imported: 1, alreadyImported: 4, failed: [] });
    expect(vouchers.heldBack.map((held: { voucher: string }) => held.voucher)).toEqual([
      "Purchase 7 of 2025-04-01",
    ]);
    const after = await balanceByName();
    expect((after.get("Input IGST") ?? 0) - (before.get("Input IGST") ?? 0)).toBe(12_000);
    expect(after.get("Kannan Polymers")).toBe(-252_000);
  });
});
