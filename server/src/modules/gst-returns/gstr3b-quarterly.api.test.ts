import { gstinCheckCharacter } from "@bahi/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpGstRegisteredBook } from "../../../test/books.ts";
import { type Person, requestAs } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";

// Decision 058: a quarterly (QRMP) filer's GSTR-3B of July–September 2024. July's and August's B2B
// invoices are reported in their IFFs; an invoice of June (filed in the GSTR-1 of April–June) and
// one of July are corrected in August (IFF of August, b2ba) and in September (the quarter's
// GSTR-1, b2ba). 3.1(a) takes each IFF invoice as its IFF reported it and each amendment as
// amended − last reported, once. Every figure below is worked by hand (18 %, intra-state: CGST and
// SGST are half the tax each, the tax rounded to the paisa per line).

const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const CUSTOMER_GSTIN = gstin("27AAGCB7383J1Z");
const YEAR = "2024-25";
const QUARTER = { startDate: "2024-07-01", endDate: "2024-09-30" };
const NEXT_QUARTER = { startDate: "2024-10-01", endDate: "2024-12-31" };

let context: TestContext;
let owner: Person;
let org: string;
const ids: Record<string, string> = {};

function saleBody(date: string, rupees: number, number: string) {
  return {
    organisationId: org,
    year: YEAR,
    date,
    cashOrDebtorAccountId: ids.customer,
    gstin: CUSTOMER_GSTIN,
    invoiceNumber: number,
    itemDetails: [
      {
        itemId: ids.item,
        quantity: 1,
        rate: rupees,
        gstRate: 18,
        hsnCode: "8471",
        uom: "NOS",
        amount: rupees,
      },
    ],
    accountDetails: [],
  };
}

async function call(method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) {
  const response = await requestAs(context, owner, {
    method,
    url,
    ...(body ? { payload: body as Record<string, unknown> } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const db = () => context.testDatabase.database.db;

/** Every version of the voucher, and the voucher itself, dated as if saved at `savedAt`. */
async function savedAt(entryId: string, at: string, version?: number) {
  await db().updateTable("vouchers").set({ updated_at: at }).where("id", "=", entryId).execute();
  await db()
    .updateTable("voucher_versions")
    .set({ created_at: at })
    .where("voucher_id", "=", entryId)
    .$if(version !== undefined, (query) => query.where("version", "=", version as number))
    .execute();
}

async function addSale(date: string, rupees: number, number: string) {
  const { entryId } = await call("POST", "/api/salesinvoice/add", saleBody(date, rupees, number));
  await savedAt(entryId, `${date}T06:00:00.000Z`);
  return entryId as string;
}

async function editSale(entryId: string, date: string, rupees: number, number: string, at: string) {
  const current = await call(
    "GET",
    `/api/salesinvoice/getsingleentrydetails?organisationId=${org}&entryId=${entryId}`,
  );
  await call("PUT", "/api/salesinvoice/edit", {
    ...saleBody(date, rupees, number),
    entryId,
    version: current.entry.version,
  });
  await savedAt(entryId, at, current.entry.version + 1);
}

async function file(family: "gstr1" | "iff", period: object, filedAt: string) {
  await call("POST", `/api/${family}/markfiled`, { organisationId: org, year: YEAR, ...period });
  // The filing as if made on its due date (the test runs years later).
  await db()
    .updateTable("gst_return_filings")
    .set({ filed_at: filedAt })
    .where("organisation_id", "=", org)
    .where("return_kind", "=", family)
    .where("start_date", "=", (period as { startDate: string }).startDate)
    .execute();
}

async function unlock(month: number) {
  await call("POST", "/api/settings/lockPeriod", {
    organisationId: org,
    year: YEAR,
    month,
    transactionType: "salesInvoice",
    locked: false,
    reason: "Price revised by the customer's order",
  });
}

const query = (period: object, extra = "") =>
  `/api/gstr3b/gstr3B?${new URLSearchParams({ organisationId: org, year: YEAR, ...period })}${extra}`;

const row31a = (body: { tables: { table: string }[] }) =>
  body.tables.find((row) => row.table === "3.1a");

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Nagpur Traders" },
    accounts: {
      customer: {
        name: "Local Retail",
        nature: "Debtors",
        gstin: CUSTOMER_GSTIN,
        stateCode: "27",
      },
    },
    items: { item: { name: "Laptop" } },
  });
  ({ context, owner, organisationId: org } = book);
  Object.assign(ids, book.accounts, book.items);
  await call("POST", "/api/settings/organisation", {
    organisationId: org,
    gstFilingFrequency: "quarterly",
  });
});

afterAll(async () => {
  await context?.close();
});

describe("a quarterly filer's GSTR-3B: the IFFs of months 1–2 and their amendments in 3.1", () => {
  test("each IFF invoice as its IFF reported it, each amendment as amended − last reported", async () => {
    // April–June: P-1 of 10 June, ₹10,000.00, in the quarter's GSTR-1 filed on 13 July.
    const june = await addSale("2024-06-10", 10_000, "P-1");
    await file(
      "gstr1",
      { startDate: "2024-04-01", endDate: "2024-06-30" },
      "2024-07-13T06:00:00.000Z",
    );
    // July: A-1 of 10 July, ₹20,000.00, in the IFF of July filed on 13 August.
    const july = await addSale("2024-07-10", 20_000, "A-1");
    await file(
      "iff",
      { startDate: "2024-07-01", endDate: "2024-07-31" },
      "2024-08-13T06:00:00.000Z",
    );
    // August: P-1 corrected to ₹12,345.67 (5 Aug) and A-1 to ₹25,001.00 (20 Aug), both reported
    // in the IFF of August (b2ba); B-1 ₹5,000.00 and D-1 ₹3,000.00 reported in it too.
    await unlock(6);
    await unlock(7);
    await editSale(june, "2024-06-10", 12_345.67, "P-1", "2024-08-05T06:00:00.000Z");
    await editSale(july, "2024-07-10", 25_001, "A-1", "2024-08-20T06:00:00.000Z");
    await addSale("2024-08-12", 5_000, "B-1");
    const deleted = await addSale("2024-08-08", 3_000, "D-1");
    await file(
      "iff",
      { startDate: "2024-08-01", endDate: "2024-08-31" },
      "2024-09-13T06:00:00.000Z",
    );
    // September: A-1 corrected again to ₹24,000.00 (20 Sep, the quarter's GSTR-1 b2ba); C-1
    // ₹1,234.56; D-1 deleted on 25 Sep (a deletion is not an amendment: the IFF's D-1 stays).
    await editSale(july, "2024-07-10", 24_000, "A-1", "2024-09-20T06:00:00.000Z");
    await addSale("2024-09-15", 1_234.56, "C-1");
    await unlock(8);
    await call("DELETE", `/api/salesinvoice/delete?organisationId=${org}&entryIds[]=${deleted}`);
    await db()
      .updateTable("vouchers")
      .set({ updated_at: "2024-09-25T06:00:00.000Z", deleted_at: "2024-09-25T06:00:00.000Z" })
      .where("id", "=", deleted)
      .execute();
    await db()
      .updateTable("voucher_versions")
      .set({ created_at: "2024-09-25T06:00:00.000Z" })
      .where("voucher_id", "=", deleted)
      .where("action", "=", "deleted")
      .execute();

    // 3.1(a), by hand:
    //   IFF July     A-1  20,000.00  tax 3,600.00
    //   IFF August   B-1   5,000.00  tax   900.00
    //                D-1   3,000.00  tax   540.00
    //     b2ba       P-1  12,345.67 − 10,000.00 = 2,345.67; tax 2,222.22 − 1,800.00 = 422.22
    //     b2ba       A-1  25,001.00 − 20,000.00 = 5,001.00; tax 4,500.18 − 3,600.00 = 900.18
    //   GSTR-1 Q2    C-1   1,234.56  tax 222.22
    //     b2ba       A-1  24,000.00 − 25,001.00 = −1,001.00; tax 4,320.00 − 4,500.18 = −180.18
    //   taxable 20,000 + 5,000 + 3,000 + 2,345.67 + 5,001 + 1,234.56 − 1,001 = 35,580.23
    //   tax 3,600 + 900 + 540 + 422.22 + 900.18 + 222.22 − 180.18 = 6,404.44: CGST = SGST = 3,202.22
    const expected = { taxableValue: 35_580.23, igst: 0, cgst: 3_202.22, sgst: 3_202.22, cess: 0 };
    const summary = await call("GET", query(QUARTER));
    expect(summary.fp).toBe("092024");
    expect(row31a(summary)).toMatchObject({ ...expected, count: 5 });
    const json = await call("GET", query(QUARTER, "&downloadJson=true"));
    expect(json.sup_details.osup_det).toEqual({
      txval: 35580.23,
      iamt: 0,
      camt: 3202.22,
      samt: 3202.22,
      csamt: 0,
    });

    // The drill-down shows A-1 as its IFF reported it and its amendments apart from it.
    const details = await call("GET", query(QUARTER, "&type=details&table=3.1a&limit=50"));
    const rows = details.transactions.map(
      (row: { number: string; amendment: boolean; taxableValue: number; cgst: number }) => [
        row.number,
        row.amendment,
        row.taxableValue,
        row.cgst,
      ],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        ["A-1", false, 20_000, 1_800],
        ["A-1", true, 4_000, 360],
        ["P-1", true, 2_345.67, 211.11],
        ["B-1", false, 5_000, 450],
        ["D-1", false, 3_000, 270],
        ["C-1", false, 1_234.56, 111.11],
      ]),
    );
    expect(rows).toHaveLength(6);
    expect(details.totals).toMatchObject(expected);

    // A change saved after the quarter (5 October, the IFF of October's b2ba) is not in it: it is
    // October–December's, as 26,000.00 − 24,000.00 = 2,000.00 and tax 4,680.00 − 4,320.00 = 360.00.
    await unlock(7);
    await editSale(july, "2024-07-10", 26_000, "A-1", "2024-10-05T06:00:00.000Z");
    expect(row31a(await call("GET", query(QUARTER)))).toMatchObject(expected);
    const after = await call("GET", query(QUARTER, "&type=details&table=3.1a&limit=50"));
    expect(
      after.transactions
        .filter((row: { number: string }) => row.number === "A-1")
        .map((row: { amendment: boolean; taxableValue: number }) => [
          row.amendment,
          row.taxableValue,
        ]),
    ).toEqual([
      [false, 20_000],
      [true, 4_000],
    ]);
    expect(row31a(await call("GET", query(NEXT_QUARTER)))).toMatchObject({
      taxableValue: 2_000,
      igst: 0,
      cgst: 180,
      sgst: 180,
      cess: 0,
    });
  });
});
