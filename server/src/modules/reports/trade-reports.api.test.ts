import ExcelJS from "exceljs";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, insertAccount, insertItem } from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// The sales and purchase report families on a small set, every number worked by hand (rupees).
// Organisation in Maharashtra (27), GST-registered, managing inventory, starting 2024-25.
// Items: Pen (goods, 18 %), Notebook (goods, 12 %), Repair (services, 18 %).
// Customers: Asha (27, GSTIN: B2B), Bala (29, no GSTIN: B2C). Suppliers: Chetan (27, GSTIN),
// Dinesh (27, none).
//
// Sales 2024-25
//   SA 05-04-2024 Asha: Pen 10 × 50 = 500 (CGST 45, SGST 45) + Notebook 5 × 100 = 500 (CGST 30,
//      SGST 30) → taxable 1,000, tax 150, total 1,150; received in full on 20-04-2024.
//   SB 10-05-2024 Bala (inter-state): Pen 20 × 50 = 1,000 (IGST 180) + Repair 1 × 500 = 500
//      (IGST 90) → taxable 1,500, IGST 270, total 1,770; due 20-05-2024.
//   SC 10-05-2024 Asha: Notebook 10 × 100 = 1,000 at 18 % (its rate is 12 %: the wrong rate)
//      → CGST 90, SGST 90, total 1,180; due 09-06-2024.
//   CN1 01-06-2024 Asha returns Pen 2 × 50 = 100 (CGST 9, SGST 9) → 118.
//   CN2 15-06-2024 Bala, price adjustment on Pen 1 × 50 = 50 (IGST 9) → 59: no goods move.
// Sales 2025-26
//   SD 10-04-2025 Asha: Pen 4 × 50 less 10 % = 180 (CGST 16.20, SGST 16.20) = 212.40 → 212
//      (round off −0.40).
// Purchases 2024-25
//   PA 02-04-2024 Chetan: Pen 100 × 30 = 3,000 (CGST 270, SGST 270) → 3,540, no due date.
//   PB 03-05-2024 Dinesh: Notebook 20 × 60 = 1,200 (CGST 72, SGST 72) → 1,344.
//   DN 20-05-2024 to Chetan: Pen 10 × 30 = 300 (CGST 27, SGST 27) → 354.

let context: TestContext;
let owner: Person;
let org: string;
const ids: Record<string, string> = {};
const inject = (options: InjectOptions) => context.app.inject(options);

interface Line {
  item: string;
  quantity: number;
  rate: number;
  gstRate: number;
  amount: number;
  discount?: number;
  cgst?: number;
  sgst?: number;
  igst?: number;
}

function documentOf(input: {
  year?: string;
  date: string;
  party: string;
  pos: string;
  lines: Line[];
  roundOff?: number;
  extra?: Record<string, unknown>;
}) {
  const sum = (pick: (line: Line) => number) =>
    Math.round(input.lines.reduce((total, line) => total + pick(line), 0) * 100) / 100;
  const gross = sum((line) => line.amount);
  const cgst = sum((line) => line.cgst ?? 0);
  const sgst = sum((line) => line.sgst ?? 0);
  const igst = sum((line) => line.igst ?? 0);
  const roundOff = input.roundOff ?? 0;
  return {
    organisationId: org,
    year: input.year ?? "2024-25",
    date: input.date,
    cashOrDebtorAccountId: input.party,
    pos: input.pos,
    itemDetails: input.lines.map((line) => ({
      itemId: ids[line.item],
      quantity: line.quantity,
      rate: line.rate,
      discountType: "percent",
      discount: line.discount ?? 0,
      gstRate: line.gstRate,
      amount: line.amount,
    })),
    accountDetails: [],
    grossAmount: gross,
    cgstAmount: cgst,
    sgstAmount: sgst,
    igstAmount: igst,
    roundOffAmount: roundOff,
    totalAmount: Math.round((gross + cgst + sgst + igst + roundOff) * 100) / 100,
    ...input.extra,
  };
}

async function add(family: string, payload: Record<string, unknown>) {
  const response = await inject({
    method: "POST",
    url: `/api/${family}/add`,
    headers: as(owner),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entryId as string;
}

async function report(path: string, query = "") {
  const response = await inject({
    method: "GET",
    url: `/api/${path}?organisationId=${org}&year=2024-25${query}`,
    headers: as(owner),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The rows keyed by one column, the other columns picked. */
function rowsBy(body: { rows: Record<string, unknown>[] }, key: string, columns: string[]) {
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
    name: "Stationery Mart",
    gstRegistered: true,
    gstin: "27AAPFU0939F1ZV",
    gstRegType: "regular",
    startingYear: "2024-25",
    manageInventory: true,
    billWiseEntry: true,
  }));
  ids.asha = await insertAccount(context, org, {
    name: "Asha Enterprises",
    nature: "Debtors",
    stateCode: "27",
    gstin: "27AAGCB7383J1Z4",
  });
  ids.bala = await insertAccount(context, org, {
    name: "Bala Stores",
    nature: "Debtors",
    stateCode: "29",
  });
  ids.chetan = await insertAccount(context, org, {
    name: "Chetan Wholesale",
    nature: "Creditors",
    stateCode: "27",
    gstin: "27AAACH7409R1ZZ",
  });
  ids.dinesh = await insertAccount(context, org, {
    name: "Dinesh Paper",
    nature: "Creditors",
    stateCode: "27",
  });
  ids.bank = await insertAccount(context, org, { name: "SBI", nature: "Bank" });
  ids.pen = await insertItem(context, org, { name: "Pen", gstRate: 18 });
  ids.notebook = await insertItem(context, org, { name: "Notebook", gstRate: 12 });
  ids.repair = await insertItem(context, org, { name: "Repair", type: "services", gstRate: 18 });

  await add(
    "purchases",
    documentOf({
      date: "2024-04-02",
      party: ids.chetan,
      pos: "27",
      lines: [
        { item: "pen", quantity: 100, rate: 30, gstRate: 18, amount: 3000, cgst: 270, sgst: 270 },
      ],
    }),
  );
  ids.sa = await add(
    "salesinvoice",
    documentOf({
      date: "2024-04-05",
      party: ids.asha,
      pos: "27",
      lines: [
        { item: "pen", quantity: 10, rate: 50, gstRate: 18, amount: 500, cgst: 45, sgst: 45 },
        { item: "notebook", quantity: 5, rate: 100, gstRate: 12, amount: 500, cgst: 30, sgst: 30 },
      ],
    }),
  );
  await add("receipts", {
    organisationId: org,
    year: "2024-25",
    date: "2024-04-20",
    receivedAccountId: ids.bank,
    receivedAmount: 1150,
    entries: [
      { accountId: ids.asha, amount: 1150, billWiseEntries: [{ entryId: ids.sa, amount: 1150 }] },
    ],
  });
  await add(
    "purchases",
    documentOf({
      date: "2024-05-03",
      party: ids.dinesh,
      pos: "27",
      lines: [
        { item: "notebook", quantity: 20, rate: 60, gstRate: 12, amount: 1200, cgst: 72, sgst: 72 },
      ],
    }),
  );
  ids.sb = await add(
    "salesinvoice",
    documentOf({
      date: "2024-05-10",
      party: ids.bala,
      pos: "29",
      lines: [
        { item: "pen", quantity: 20, rate: 50, gstRate: 18, amount: 1000, igst: 180 },
        { item: "repair", quantity: 1, rate: 500, gstRate: 18, amount: 500, igst: 90 },
      ],
      extra: { dueDate: "2024-05-20" },
    }),
  );
  ids.sc = await add(
    "salesinvoice",
    documentOf({
      date: "2024-05-10",
      party: ids.asha,
      pos: "27",
      lines: [
        {
          item: "notebook",
          quantity: 10,
          rate: 100,
          gstRate: 18,
          amount: 1000,
          cgst: 90,
          sgst: 90,
        },
      ],
      extra: { dueDate: "2024-06-09" },
    }),
  );
  await add(
    "debitnote",
    documentOf({
      date: "2024-05-20",
      party: ids.chetan,
      pos: "27",
      lines: [
        { item: "pen", quantity: 10, rate: 30, gstRate: 18, amount: 300, cgst: 27, sgst: 27 },
      ],
    }),
  );
  await add(
    "creditnote",
    documentOf({
      date: "2024-06-01",
      party: ids.asha,
      pos: "27",
      lines: [{ item: "pen", quantity: 2, rate: 50, gstRate: 18, amount: 100, cgst: 9, sgst: 9 }],
      extra: { type: "return" },
    }),
  );
  await add(
    "creditnote",
    documentOf({
      date: "2024-06-15",
      party: ids.bala,
      pos: "29",
      lines: [{ item: "pen", quantity: 1, rate: 50, gstRate: 18, amount: 50, igst: 9 }],
      extra: { type: "adjustment" },
    }),
  );
  ids.sd = await add(
    "salesinvoice",
    documentOf({
      year: "2025-26",
      date: "2025-04-10",
      party: ids.asha,
      pos: "27",
      lines: [
        {
          item: "pen",
          quantity: 4,
          rate: 50,
          discount: 10,
          gstRate: 18,
          amount: 180,
          cgst: 16.2,
          sgst: 16.2,
        },
      ],
      roundOff: -0.4,
    }),
  );
});
afterAll(() => context.close());

describe("sales reports", () => {
  test("by month: invoices, credit notes and the net of each month", async () => {
    const body = await report("salesreports/salesByMonthQuarter");
    expect(body.rows).toHaveLength(12);
    const byMonth = rowsBy(body, "period", [
      "count",
      "invoiceAmount",
      "returnAmount",
      "taxable",
      "tax",
      "total",
    ]);
    expect(byMonth["Apr 2024"]).toEqual({
      count: 1,
      invoiceAmount: 1000,
      returnAmount: 0,
      taxable: 1000,
      tax: 150,
      total: 1150,
    });
    // SB 1,500 + SC 1,000; tax 270 + 180; totals 1,770 + 1,180
    expect(byMonth["May 2024"]).toEqual({
      count: 2,
      invoiceAmount: 2500,
      returnAmount: 0,
      taxable: 2500,
      tax: 450,
      total: 2950,
    });
    // CN1 100 + CN2 50; tax 18 + 9; totals 118 + 59
    expect(byMonth["Jun 2024"]).toEqual({
      count: 0,
      invoiceAmount: 0,
      returnAmount: 150,
      taxable: -150,
      tax: -27,
      total: -177,
    });
    // No debit notes to customers in this book: their column (decision 067) totals zero.
    expect(body.totals).toEqual({
      count: 3,
      invoiceAmount: 3500,
      returnAmount: 150,
      raiseAmount: 0,
      taxable: 3350,
      tax: 573,
      total: 3923,
    });
  });

  test("by quarter", async () => {
    const body = await report("salesreports/salesByMonthQuarter", "&periodType=quarter");
    expect(body.rows.map((row: { period: string }) => row.period)).toEqual([
      "Q1 2024-25",
      "Q2 2024-25",
      "Q3 2024-25",
      "Q4 2024-25",
    ]);
    expect(body.rows[0]).toMatchObject({ count: 3, taxable: 3350, tax: 573, total: 3923 });
  });

  test("by item, net of the credit notes; the adjustment note moves value, not quantity", async () => {
    const body = await report("salesreports/salesbyitem");
    // Pen: 10 + 20 − 2 = 28; 500 + 1,000 − 100 − 50 = 1,350; tax 90 + 180 − 18 − 9 = 243
    // Notebook: 5 + 10 = 15; 500 + 1,000 = 1,500; tax 60 + 180 = 240. Repair: 1; 500; 90.
    expect(body.rows.map((row: { item: string }) => row.item)).toEqual([
      "Notebook",
      "Pen",
      "Repair",
    ]);
    expect(rowsBy(body, "item", ["quantity", "taxable", "tax", "total"])).toEqual({
      Notebook: { quantity: 15, taxable: 1500, tax: 240, total: 1740 },
      Pen: { quantity: 28, taxable: 1350, tax: 243, total: 1593 },
      Repair: { quantity: 1, taxable: 500, tax: 90, total: 590 },
    });
    expect(body.totals).toEqual({ quantity: 44, taxable: 3350, tax: 573, total: 3923 });
  });

  test("by day", async () => {
    const body = await report("salesreports/salesbyday");
    expect(rowsBy(body, "date", ["count", "returnCount", "taxable", "total"])).toEqual({
      "2024-04-05": { count: 1, returnCount: 0, taxable: 1000, total: 1150 },
      "2024-05-10": { count: 2, returnCount: 0, taxable: 2500, total: 2950 },
      "2024-06-01": { count: 0, returnCount: 1, taxable: -100, total: -118 },
      "2024-06-15": { count: 0, returnCount: 1, taxable: -50, total: -59 },
    });
  });

  test("by customer, largest first", async () => {
    const body = await report("salesreports/salesbycustomer");
    // Asha: 1,150 + 1,180 − 118 = 2,212 (taxable 1,900, tax 312); Bala: 1,770 − 59 = 1,711
    expect(body.rows.map((row: { party: string }) => row.party)).toEqual([
      "Asha Enterprises",
      "Bala Stores",
    ]);
    expect(rowsBy(body, "party", ["count", "returnCount", "taxable", "tax", "total"])).toEqual({
      "Asha Enterprises": { count: 2, returnCount: 1, taxable: 1900, tax: 312, total: 2212 },
      "Bala Stores": { count: 1, returnCount: 1, taxable: 1450, tax: 261, total: 1711 },
    });
  });

  test("by state (place of supply)", async () => {
    const body = await report("salesreports/salesbypos");
    // 27: CGST 45 + 30 + 90 − 9 = 156 (SGST the same); 29: IGST 180 + 90 − 9 = 261
    expect(
      rowsBy(body, "stateCode", ["state", "taxable", "cgst", "sgst", "igst", "total"]),
    ).toEqual({
      "27": { state: "Maharashtra", taxable: 1900, cgst: 156, sgst: 156, igst: 0, total: 2212 },
      "29": { state: "Karnataka", taxable: 1450, cgst: 0, sgst: 0, igst: 261, total: 1711 },
    });
  });

  test("by GST rate", async () => {
    const body = await report("salesreports/salesbygstrate");
    // 18 %: 500 + 1,000 + 500 + 1,000 − 100 − 50 = 2,850; CGST 45 + 90 − 9 = 126; IGST 261
    expect(rowsBy(body, "rate", ["taxable", "cgst", "sgst", "igst", "tax"])).toEqual({
      "12%": { taxable: 500, cgst: 30, sgst: 30, igst: 0, tax: 60 },
      "18%": { taxable: 2850, cgst: 126, sgst: 126, igst: 261, tax: 513 },
    });
    expect(body.totals).toMatchObject({ taxable: 3350, tax: 573 });
  });

  test("with the wrong GST rate: the notebook charged 18 % instead of 12 %", async () => {
    const body = await report("salesreports/saleswithwronggstrate");
    expect(body.rows).toEqual([
      expect.objectContaining({
        voucherId: ids.sc,
        date: "2024-05-10",
        item: "Notebook",
        itemRate: "12%",
        chargedRate: "18%",
        taxable: 1000,
        tax: 180,
      }),
    ]);
    const notes = await report("salesreports/saleswithwronggstrate", "&transactionType=creditNote");
    expect(notes.rows).toEqual([]);
  });

  test("most returned items and the customers returning most (returns only, not adjustments)", async () => {
    const items = await report("salesreports/salesbymostreturneditems");
    expect(items.rows).toEqual([
      expect.objectContaining({ item: "Pen", notes: 1, quantity: 2, value: 100 }),
    ]);
    const customers = await report("salesreports/mostitemsreturningsalescustomers");
    expect(customers.rows).toEqual([
      expect.objectContaining({
        party: "Asha Enterprises",
        notes: 1,
        quantity: 2,
        value: 100,
        total: 118,
      }),
    ]);
  });

  test("overdue invoices with ageing as at 31-07-2024", async () => {
    const body = await report("salesreports/overduesalesreport", "&date=2024-07-31");
    // SB due 20-05: 11 + 30 + 31 = 72 days → 61-90; SC due 09-06: 21 + 31 = 52 days → 31-60.
    // SA is received in full, so it is not open.
    expect(
      body.rows.map((row: Record<string, unknown>) => [
        row.number,
        row.daysOverdue,
        row.pending,
        row.days0to30,
        row.days31to60,
        row.days61to90,
        row.days90plus,
      ]),
    ).toEqual([
      ["2", 72, 1770, null, null, 1770, null],
      ["3", 52, 1180, null, 1180, null, null],
    ]);
    expect(body.totals).toMatchObject({
      pending: 2950,
      days31to60: 1180,
      days61to90: 1770,
      days0to30: 0,
    });
  });

  test("by item type and by month with GST", async () => {
    const types = await report("salesreports/salesbyitemtype");
    expect(rowsBy(types, "type", ["quantity", "taxable", "tax", "total"])).toEqual({
      Goods: { quantity: 43, taxable: 2850, tax: 483, total: 3333 },
      Services: { quantity: 1, taxable: 500, tax: 90, total: 590 },
    });
    const months = await report("salesreports/salesbymonthwithgst");
    expect(rowsBy(months, "month", ["taxable", "cgst", "sgst", "igst", "total"])).toEqual({
      "Apr 2024": { taxable: 1000, cgst: 75, sgst: 75, igst: 0, total: 1150 },
      "May 2024": { taxable: 2500, cgst: 90, sgst: 90, igst: 270, total: 2950 },
      "Jun 2024": { taxable: -150, cgst: -9, sgst: -9, igst: -9, total: -177 },
    });
  });

  test("item sales history: the pen sold to Asha, newest first, with rate and discount", async () => {
    const history = await report(
      "salesreports/item-sales-history",
      `&itemId=${ids.pen}&accountId=${ids.asha}`,
    );
    expect(
      history.rows.map((row: Record<string, unknown>) => [
        row.date,
        row.quantity,
        row.rate,
        row.discount,
        row.taxable,
      ]),
    ).toEqual([
      ["2025-04-10", 4, 50, 10, 180],
      ["2024-04-05", 10, 50, 0, 500],
    ]);
    const excluding = await report(
      "salesreports/item-sales-history",
      `&itemId=${ids.pen}&accountId=${ids.asha}&excludeId=${ids.sd}&limit=5`,
    );
    expect(excluding.rows.map((row: { voucherId: string }) => row.voucherId)).toEqual([ids.sa]);
    const all = await report("salesreports/item-sales-history-all-parties", `&itemId=${ids.pen}`);
    expect(
      all.rows.map((row: { party: string; quantity: number }) => [row.party, row.quantity]),
    ).toEqual([
      ["Asha Enterprises", 4],
      ["Bala Stores", 20],
      ["Asha Enterprises", 10],
    ]);
    const one = await report(
      "salesreports/item-sales-history-all-parties",
      `&itemId=${ids.pen}&limit=1`,
    );
    expect(one.rows).toHaveLength(1);
  });
});

describe("purchase reports", () => {
  test("by month with the B2B and reverse-charge filters", async () => {
    const b2b = await report("purchasereports/purchaseByMonthQuarter", "&b2bOrB2c=b2b");
    const months = rowsBy(b2b, "period", ["count", "taxable", "tax", "total"]);
    // Chetan (GSTIN): PA 3,000 + 540 in April; DN −300 − 54 in May
    expect(months["Apr 2024"]).toEqual({ count: 1, taxable: 3000, tax: 540, total: 3540 });
    expect(months["May 2024"]).toEqual({ count: 0, taxable: -300, tax: -54, total: -354 });
    const b2c = await report("purchasereports/purchaseByMonthQuarter", "&b2bOrB2c=b2c");
    expect(b2c.totals).toMatchObject({ count: 1, taxable: 1200, tax: 144, total: 1344 });
    const rcm = await report("purchasereports/purchaseByMonthQuarter", "&rcmOrNonRcm=rcm");
    expect(rcm.totals).toMatchObject({ count: 0, total: 0 });
  });

  test("by supplier and by item", async () => {
    const suppliers = await report("purchasereports/purchasebysupplier");
    expect(rowsBy(suppliers, "party", ["total"])).toEqual({
      "Chetan Wholesale": { total: 3186 },
      "Dinesh Paper": { total: 1344 },
    });
    const items = await report("purchasereports/purchasebyitem");
    // Pen 100 − 10 = 90 for 3,000 − 300 = 2,700; Notebook 20 for 1,200
    expect(rowsBy(items, "item", ["quantity", "taxable"])).toEqual({
      Pen: { quantity: 90, taxable: 2700 },
      Notebook: { quantity: 20, taxable: 1200 },
    });
  });

  test("overdue bills: a bill with no due date is due on its date", async () => {
    const body = await report("purchasereports/overduepurchasereport", "&date=2024-04-30");
    expect(body.rows).toEqual([
      expect.objectContaining({ party: "Chetan Wholesale", daysOverdue: 28, days0to30: 3540 }),
    ]);
  });

  test("item purchase history", async () => {
    const all = await report("purchasereports/item-all-purchase-history", `&itemId=${ids.pen}`);
    expect(all.rows).toEqual([
      expect.objectContaining({ party: "Chetan Wholesale", quantity: 100, rate: 30 }),
    ]);
    const one = await report(
      "purchasereports/item-purchase-history",
      `&itemId=${ids.notebook}&accountId=${ids.dinesh}`,
    );
    expect(one.rows).toEqual([expect.objectContaining({ quantity: 20, rate: 60, taxable: 1200 })]);
  });
});

describe("downloads and visibility", () => {
  test("sales by item in Excel carries its totals", async () => {
    const response = await inject({
      method: "GET",
      url: `/api/salesreports/salesbyitem?organisationId=${org}&year=2024-25&download=true&format=excel`,
      headers: as(owner),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toContain("sales-by-item-2024-25.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    let totals: unknown[] = [];
    sheet?.eachRow((row) => {
      if (row.getCell(1).value === "Total")
        totals = [3, 4, 5, 6].map((column) => row.getCell(column).value);
    });
    expect(totals).toEqual([44, 3350, 573, 3923]);
    const header = sheet?.getRow(2).getCell(1).value;
    expect(header).toBe("Sales by Item");
  });

  test("a PDF download starts with %PDF; a download with no rows is refused", async () => {
    const pdf = await inject({
      method: "GET",
      url: `/api/purchasereports/purchasebyday?organisationId=${org}&year=2024-25&download=true`,
      headers: as(owner),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    const empty = await inject({
      method: "GET",
      url: `/api/salesreports/saleswithwronggstrate?organisationId=${org}&year=2024-25&transactionType=creditNote&download=true`,
      headers: as(owner),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("There are no entries to download");
  });

  test("state and GST-rate reports are refused for an organisation not registered for GST", async () => {
    const plain = await createOrganisation(context, owner.cookies, { gstRegistered: false });
    for (const [path, title] of [
      ["salesreports/salesbypos", "Sales by State"],
      ["salesreports/salesbygstrate", "Sales by GST Rate"],
      ["purchasereports/purchasebypos", "Purchase by State"],
    ]) {
      const response = await inject({
        method: "GET",
        url: `/api/${path}?organisationId=${plain.organisationId}&year=2024-25`,
        headers: as(owner),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        `${title} is available only for GST-registered organisations.`,
      );
    }
    const allowed = await inject({
      method: "GET",
      url: `/api/salesreports/salesbyitem?organisationId=${plain.organisationId}&year=2024-25`,
      headers: as(owner),
    });
    expect(allowed.statusCode).toBe(200);
  });
});
