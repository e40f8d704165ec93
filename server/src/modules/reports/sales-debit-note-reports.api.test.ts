import { computeDocument, paiseToRupees } from "@bahi/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { insertAccount, insertItem } from "../../../test/books.ts";
import { createOrganisation, type Person, requestAs, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// Decision 067: the sales reports and the dashboard's sales take their types and signs from the
// registry, so a debit note to a customer (salesDebitNote, decision 066) adds to sales beside the
// invoices, and a credit note takes away. Organisation in Maharashtra (27), GST-registered,
// managing inventory, bill-wise; one item, Pen (goods, 18 %). Amounts in rupees.
//
//   INV0 05-02-2025 Bala: Pen 1 × 100 = 100 (CGST 9, SGST 9) → 118
//   INV1 10-03-2025 Asha: Pen 10 × 100 = 1,000 (CGST 90, SGST 90) → 1,180
//   INV2 12-03-2025 Bala: Pen 5 × 100 = 500 (CGST 45, SGST 45) → 590
//   CN   20-03-2025 Asha returns Pen 2 × 100 = 200 (CGST 18, SGST 18) → 236
//   SDN  25-03-2025 Asha, rate difference on INV1: Pen 1 × 150 = 150 (CGST 13.50, SGST 13.50)
//        → 177; no goods move, so its quantity counts nowhere.
//
// March: invoices 1,500, credit notes 200, debit notes 150 → net taxable 1,450, tax 261, total
// 1,711. The year: taxable 1,550, tax 279, total 1,829.

const YEAR = "2024-25";

let context: TestContext;
let owner: Person;
let org: string;
let asha: string;
let bala: string;
let pen: string;

function documentPayload(input: {
  date: string;
  party: string;
  quantity: number;
  rate: number;
  extra?: Record<string, unknown>;
}) {
  const computed = computeDocument({
    supplierStateCode: "27",
    placeOfSupply: "27",
    gstApplicable: true,
    supplyType: "regular",
    itemLines: [{ quantity: input.quantity, ratePaise: input.rate * 100, gstRate: 18 }],
  });
  return {
    organisationId: org,
    year: YEAR,
    date: input.date,
    cashOrDebtorAccountId: input.party,
    pos: "27",
    itemDetails: [
      {
        itemId: pen,
        quantity: input.quantity,
        rate: input.rate,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: paiseToRupees(computed.itemLines[0]?.taxablePaise ?? 0),
      },
    ],
    accountDetails: [],
    totalAmount: paiseToRupees(computed.totalPaise),
    ...input.extra,
  };
}

async function add(family: string, payload: Record<string, unknown>) {
  const response = await requestAs(context, owner, {
    method: "POST",
    url: `/api/${family}/add`,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entryId as string;
}

async function get(path: string, query = "") {
  const response = await requestAs(context, owner, {
    method: "GET",
    url: `/api/${path}?organisationId=${org}&year=${YEAR}${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

type Report = {
  columns: { key: string; label: string }[];
  rows: Record<string, unknown>[];
  totals: Record<string, number>;
};

function rowsBy(
  body: Report,
  key: string,
  columns: string[],
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    body.rows.map((row) => [
      row[key],
      Object.fromEntries(columns.map((column) => [column, row[column]])),
    ]),
  );
}

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    name: "Pen House",
    gstRegistered: true,
    gstin: "27AAPFU0939F1ZV",
    gstRegType: "regular",
    startingYear: YEAR,
    manageInventory: true,
    billWiseEntry: true,
  }));
  asha = await insertAccount(context, org, {
    name: "Asha Enterprises",
    nature: "Debtors",
    stateCode: "27",
    gstin: "27AAGCB7383J1Z4",
  });
  bala = await insertAccount(context, org, {
    name: "Bala Stores",
    nature: "Debtors",
    stateCode: "27",
  });
  const supplier = await insertAccount(context, org, {
    name: "Chetan Wholesale",
    nature: "Creditors",
    stateCode: "27",
  });
  pen = await insertItem(context, org, { name: "Pen", gstRate: 18 });
  await add("purchases", {
    ...documentPayload({ date: "2025-02-01", party: supplier, quantity: 50, rate: 60 }),
  });
  await add(
    "salesinvoice",
    documentPayload({ date: "2025-02-05", party: bala, quantity: 1, rate: 100 }),
  );
  const invoice = await add(
    "salesinvoice",
    documentPayload({ date: "2025-03-10", party: asha, quantity: 10, rate: 100 }),
  );
  await add(
    "salesinvoice",
    documentPayload({ date: "2025-03-12", party: bala, quantity: 5, rate: 100 }),
  );
  await add(
    "creditnote",
    documentPayload({
      date: "2025-03-20",
      party: asha,
      quantity: 2,
      rate: 100,
      extra: { type: "return" },
    }),
  );
  await add(
    "salesdebitnote",
    documentPayload({
      date: "2025-03-25",
      party: asha,
      quantity: 1,
      rate: 150,
      extra: { billWiseEntries: [{ entryId: invoice, amount: 177 }] },
    }),
  );
});

afterAll(async () => {
  await context.close();
});

describe("sales reports with a debit note to a customer (decision 067)", () => {
  test("by month: the debit notes have their own column and add to the net", async () => {
    const body: Report = await get("salesreports/salesByMonthQuarter");
    expect(body.columns.map((column) => column.label)).toEqual([
      "Month",
      "Invoices",
      "Sales",
      "Credit Notes",
      "Debit Notes (Sales)",
      "Net Taxable",
      "Tax",
      "Net Total",
    ]);
    const months = rowsBy(body, "period", [
      "count",
      "invoiceAmount",
      "returnAmount",
      "raiseAmount",
      "taxable",
      "tax",
      "total",
    ]);
    expect(Object.values(months).filter((month) => month.count !== 0)).toEqual([
      {
        count: 1,
        invoiceAmount: 100,
        returnAmount: 0,
        raiseAmount: 0,
        taxable: 100,
        tax: 18,
        total: 118,
      },
      {
        count: 2,
        invoiceAmount: 1500,
        returnAmount: 200,
        raiseAmount: 150,
        taxable: 1450,
        tax: 261,
        total: 1711,
      },
    ]);
    expect(body.totals).toEqual({
      count: 3,
      invoiceAmount: 1600,
      returnAmount: 200,
      raiseAmount: 150,
      taxable: 1550,
      tax: 279,
      total: 1829,
    });
  });

  test("by customer: each party's invoices, credit notes and debit notes, net", async () => {
    const body: Report = await get("salesreports/salesbycustomer");
    expect(body.columns.map((column) => column.key)).toEqual([
      "party",
      "gstin",
      "count",
      "returnCount",
      "raiseCount",
      "taxable",
      "tax",
      "total",
    ]);
    expect(
      rowsBy(body, "party", ["count", "returnCount", "raiseCount", "taxable", "tax", "total"]),
    ).toEqual({
      "Asha Enterprises": {
        count: 1,
        returnCount: 1,
        raiseCount: 1,
        taxable: 950,
        tax: 171,
        total: 1121,
      },
      "Bala Stores": {
        count: 2,
        returnCount: 0,
        raiseCount: 0,
        taxable: 600,
        tax: 108,
        total: 708,
      },
    });
    expect(body.totals).toMatchObject({ count: 3, returnCount: 1, raiseCount: 1, total: 1829 });
  });

  test("by item: the debit note adds value but no quantity", async () => {
    const body: Report = await get("salesreports/salesbyitem");
    expect(rowsBy(body, "item", ["quantity", "taxable", "tax", "total"])).toEqual({
      Pen: { quantity: 14, taxable: 1550, tax: 279, total: 1829 },
    });
  });

  test("by day and by month with GST count the debit note on its own day", async () => {
    const days: Report = await get("salesreports/salesbyday");
    expect(
      rowsBy(days, "date", ["count", "returnCount", "raiseCount", "taxable", "total"]),
    ).toEqual({
      "2025-02-05": { count: 1, returnCount: 0, raiseCount: 0, taxable: 100, total: 118 },
      "2025-03-10": { count: 1, returnCount: 0, raiseCount: 0, taxable: 1000, total: 1180 },
      "2025-03-12": { count: 1, returnCount: 0, raiseCount: 0, taxable: 500, total: 590 },
      "2025-03-20": { count: 0, returnCount: 1, raiseCount: 0, taxable: -200, total: -236 },
      "2025-03-25": { count: 0, returnCount: 0, raiseCount: 1, taxable: 150, total: 177 },
    });
    const withGst: Report = await get("salesreports/salesbymonthwithgst");
    expect(withGst.totals).toEqual({
      taxable: 1550,
      cgst: 139.5,
      sgst: 139.5,
      igst: 0,
      cess: 0,
      total: 1829,
    });
  });

  test("the wrong-GST-rate report takes the debit note's type as a transaction type", async () => {
    const body: Report = await get(
      "salesreports/saleswithwronggstrate",
      "&transactionType=salesDebitNote",
    );
    expect(body.rows).toEqual([]);
    const response = await requestAs(context, owner, {
      method: "GET",
      url: `/api/salesreports/saleswithwronggstrate?organisationId=${org}&year=${YEAR}&transactionType=purchases`,
    });
    expect(response.statusCode).toBe(400);
  });

  test("the purchase side has no debit-notes-to-customers column", async () => {
    const body: Report = await get("purchasereports/purchasebysupplier");
    expect(body.columns.map((column) => column.key)).not.toContain("raiseCount");
    expect(body.rows[0]).not.toHaveProperty("raiseCount");
  });

  test("the dashboard's last thirty days add the debit note to the net", async () => {
    const body = await get("dashboard/lastThirtyDaysSales");
    expect([body.startDate, body.endDate]).toEqual(["2025-03-02", "2025-03-31"]);
    const byDate = Object.fromEntries(body.days.map((day: { date: string }) => [day.date, day]));
    expect(byDate["2025-03-20"]).toEqual({
      date: "2025-03-20",
      count: 0,
      sales: 0,
      returns: 236,
      debitNotes: 0,
      net: -236,
      // Without GST (issue 40): the Sales accounts' day.
      excludingGst: -200,
    });
    expect(byDate["2025-03-25"]).toEqual({
      date: "2025-03-25",
      count: 0,
      sales: 0,
      returns: 0,
      debitNotes: 177,
      net: 177,
      excludingGst: 150,
    });
    expect(body.total).toBe(1180 + 590 - 236 + 177);
    expect(body.totalExcludingGst).toBe(1000 + 500 - 200 + 150);
  });
});
