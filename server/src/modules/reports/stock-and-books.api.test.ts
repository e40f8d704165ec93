import type { InjectOptions } from "fastify";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  as,
  insertAccount,
  insertItem,
  nilRatedTradePayload,
  stockBalancesFromMonthlyTable,
  stockBalancesFromMovements,
  systemAccountId,
} from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import * as datedSums from "../../db/migrations/0010-dated-sums.ts";

// Closing stock from stock movements at the weighted average purchase cost of the year
// (docs/decisions/010), the item ledger and the day book, on an organisation that manages
// inventory and is not registered for GST (no tax on any bill). Worked by hand, in rupees:
//
// Openings: Capital −10,400; Cash +10,000; Closing Stock (opening stock) +400. Σ = 0.
// Rice opens with 10 units worth 400 (40 each).
// 2024-25
//   P1 15-04-2024 purchase Rice 20 × 46 = 920 (Mill)        Rice 30
//   S1 01-05-2024 sale Rice 15 × 60 = 900 (Shop)            Rice 15
//   P2 01-06-2024 purchase Rice 10 × 49 = 490 (Mill)        Rice 25
//   CN 10-06-2024 Shop returns Rice 2 × 60 = 120            Rice 27
//   P3 01-07-2024 purchase Sugar 5 × 30 = 150 (Mill)        Sugar 5
//   S2 05-07-2024 sale Sugar 5 × 40 = 200 (Shop)            Sugar 0
//   R1 01-08-2024 receipt in cash from Shop 500
//   Rice's average cost: (400 + 920 + 490) ÷ (10 + 20 + 10) = 1,810 ÷ 40 = 45.25
//   Closing stock 31-03-2025: 27 × 45.25 = 1,221.75 (Sugar: none left)
// 2025-26
//   S3 10-04-2025 sale Rice 7 × 60 = 420                    Rice 20
//   P4 01-05-2025 purchase Rice 10 × 50 = 500               Rice 30
//   Average: (1,221.75 + 500) ÷ (27 + 10) = 1,721.75 ÷ 37; closing 30 × 1,721.75 ÷ 37
//   = 1,396.0135… → 1,396.01

let context: TestContext;
let owner: Person;
let org: string;
const ids: Record<string, string> = {};
const inject = (options: InjectOptions) => context.app.inject(options);

function bill(input: {
  year?: string;
  date: string;
  party: string;
  item: string;
  quantity: number;
  rate: number;
  extra?: Record<string, unknown>;
}) {
  return nilRatedTradePayload({
    ...input,
    organisationId: org,
    year: input.year ?? "2024-25",
    item: ids[input.item] as string,
  });
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

async function get(url: string) {
  const response = await inject({ method: "GET", url: `/api/${url}`, headers: as(owner) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    name: "Grain Stores",
    startingYear: "2024-25",
    gstRegistered: false,
    manageInventory: true,
  }));
  const db = context.testDatabase.database.db;
  ids.capital = await insertAccount(context, org, {
    name: "Proprietor's Capital",
    nature: "Capital",
    openingBalancePaise: -1_040_000,
  });
  ids.mill = await insertAccount(context, org, { name: "Mill", nature: "Creditors" });
  ids.shop = await insertAccount(context, org, { name: "Shop", nature: "Debtors" });
  ids.cash = await systemAccountId(context, org, "cash");
  ids.stock = await systemAccountId(context, org, "closingStock");
  await db
    .updateTable("accounts")
    .set({ opening_balance_paise: 1_000_000 })
    .where("organisation_id", "=", org)
    .where("id", "=", ids.cash)
    .execute();
  await db
    .updateTable("accounts")
    .set({ opening_balance_paise: 40_000 })
    .where("organisation_id", "=", org)
    .where("id", "=", ids.stock)
    .execute();
  ids.rice = await insertItem(context, org, { name: "Rice", gstRate: 0 });
  ids.sugar = await insertItem(context, org, { name: "Sugar", gstRate: 0 });
  await db
    .updateTable("items")
    .set({ opening_quantity_milli: 10_000, opening_value_paise: 40_000 })
    .where("organisation_id", "=", org)
    .where("id", "=", ids.rice)
    .execute();

  ids.p1 = await add(
    "purchases",
    bill({ date: "2024-04-15", party: ids.mill, item: "rice", quantity: 20, rate: 46 }),
  );
  ids.s1 = await add(
    "salesinvoice",
    bill({ date: "2024-05-01", party: ids.shop, item: "rice", quantity: 15, rate: 60 }),
  );
  ids.p2 = await add(
    "purchases",
    bill({ date: "2024-06-01", party: ids.mill, item: "rice", quantity: 10, rate: 49 }),
  );
  ids.cn = await add(
    "creditnote",
    bill({
      date: "2024-06-10",
      party: ids.shop,
      item: "rice",
      quantity: 2,
      rate: 60,
      extra: { type: "return" },
    }),
  );
  await add(
    "purchases",
    bill({ date: "2024-07-01", party: ids.mill, item: "sugar", quantity: 5, rate: 30 }),
  );
  await add(
    "salesinvoice",
    bill({ date: "2024-07-05", party: ids.shop, item: "sugar", quantity: 5, rate: 40 }),
  );
  await add("receipts", {
    organisationId: org,
    year: "2024-25",
    date: "2024-08-01",
    receivedAccountId: ids.cash,
    receivedAmount: 500,
    entries: [{ accountId: ids.shop, amount: 500 }],
  });
  await add(
    "salesinvoice",
    bill({
      year: "2025-26",
      date: "2025-04-10",
      party: ids.shop,
      item: "rice",
      quantity: 7,
      rate: 60,
    }),
  );
  await add(
    "purchases",
    bill({
      year: "2025-26",
      date: "2025-05-01",
      party: ids.mill,
      item: "rice",
      quantity: 10,
      rate: 50,
    }),
  );
});
afterAll(() => context.close());

type Group = { name: string; amount: number };
const groups = (list: Group[]) =>
  Object.fromEntries(list.map((group) => [group.name, group.amount]));

describe("closing stock at the weighted average cost", () => {
  test("2024-25: closing stock 1,221.75, gross profit 241.75", async () => {
    const pl = await get(`reports/profitloss?stockItems=true&organisationId=${org}&year=2024-25`);
    expect(pl.closingStock).toMatchObject({ method: "weightedAverage", amount: 1221.75 });
    expect(pl.closingStock.items).toEqual([
      { itemId: ids.rice, name: "Rice", quantity: 27, rate: 45.25, value: 1221.75 },
    ]);
    // Dr: opening stock 400 + purchases 920 + 490 + 150 = 1,960
    // Cr: sales 900 − 120 + 200 = 980 + closing stock 1,221.75 = 2,201.75 → 241.75
    expect(groups(pl.trading.debit)).toEqual({ "Opening Stock": 400, Purchases: 1560 });
    expect(groups(pl.trading.credit)).toEqual({ Sales: 980, "Closing Stock": 1221.75 });
    expect(pl.grossProfit).toBe(241.75);
    expect(pl.netProfit).toBe(241.75);
  });

  test("mid-month (5 June 2024): the month's purchase so far sets the average cost", async () => {
    const sheet = await get(
      `reports/balancesheet?stockItems=true&organisationId=${org}&year=2024-25&date=2024-06-05`,
    );
    // Rice: 10 + 20 − 15 + 10 = 25 in hand at (400 + 920 + 490) ÷ (10 + 20 + 10) = 45.25.
    expect(sheet.closingStock.items).toEqual([
      { itemId: ids.rice, name: "Rice", quantity: 25, rate: 45.25, value: 1131.25 },
    ]);
    expect(groups(sheet.assets).Stock).toBe(1131.25);
    expect(sheet.totalAssets).toBe(sheet.totalLiabilities);
    // Item by item only when asked (decision 025): the same statement, without the working.
    const plain = await get(
      `reports/balancesheet?organisationId=${org}&year=2024-25&date=2024-06-05`,
    );
    expect(plain.closingStock.items).toBeUndefined();
    expect(plain.closingStock.amount).toBe(1131.25);
    const { items: _, ...stockWithoutItems } = sheet.closingStock;
    expect({ ...plain, closingStock: plain.closingStock }).toEqual({
      ...sheet,
      closingStock: stockWithoutItems,
    });
  });

  test("balance sheet 31-03-2025: 12,201.75 on both sides", async () => {
    const sheet = await get(
      `reports/balancesheet?stockItems=true&organisationId=${org}&year=2024-25&date=2025-03-31`,
    );
    // Capital 10,400 + profit 241.75 + Mill 920 + 490 + 150 = 1,560 → 12,201.75
    expect(groups(sheet.liabilities)).toEqual({
      Capital: 10400,
      Reserves: 241.75,
      Creditors: 1560,
    });
    // Stock 1,221.75 + Shop 900 − 120 + 200 − 500 = 480 + cash 10,000 + 500 = 10,500
    expect(groups(sheet.assets)).toEqual({ Stock: 1221.75, Debtors: 480, Cash: 10500 });
    expect(sheet.totalAssets).toBe(12201.75);
    expect(sheet.totalLiabilities).toBe(12201.75);
    expect(sheet.differenceInOpeningBalances).toBeNull();
  });

  test("2025-26: the year opens with last year's closing stock; closing 1,396.01", async () => {
    const pl = await get(`reports/profitloss?stockItems=true&organisationId=${org}&year=2025-26`);
    expect(pl.openingStock).toMatchObject({ method: "weightedAverage", amount: 1221.75 });
    expect(pl.closingStock).toMatchObject({ amount: 1396.01 });
    // 420 + 1,396.01 − 1,221.75 − 500 = 94.26
    expect(pl.grossProfit).toBe(94.26);
    const sheet = await get(
      `reports/balancesheet?stockItems=true&organisationId=${org}&year=2025-26&date=2026-03-31`,
    );
    // P&L A/c: last year's 241.75 (income less expense 580 Dr, stock up 821.75) + 94.26
    expect(sheet.profitAndLossAccount).toMatchObject({
      openingBalance: 241.75,
      currentPeriod: 94.26,
      amount: 336.01,
    });
    // Capital 10,400 + 336.01 + Mill 1,560 + 500 = 12,796.01
    // Stock 1,396.01 + Shop 480 + 420 = 900 + cash 10,500 = 12,796.01
    expect(groups(sheet.assets)).toEqual({ Stock: 1396.01, Debtors: 900, Cash: 10500 });
    expect(sheet.totalAssets).toBe(12796.01);
    expect(sheet.totalLiabilities).toBe(12796.01);
  });
});

describe("item ledger", () => {
  test("Rice over 2024-25: in, out, running quantity and the valued closing", async () => {
    const ledger = await get(
      `item/getItemLedger?organisationId=${org}&itemId=${ids.rice}&startDate=2024-04-01&endDate=2025-03-31`,
    );
    expect(ledger.opening).toEqual({ quantity: 10, value: 400 });
    expect(
      ledger.entries.map((entry: Record<string, unknown>) => [
        entry.date,
        entry.voucherType,
        entry.inQuantity,
        entry.outQuantity,
        entry.inValue,
        entry.outValue,
        entry.balanceQuantity,
      ]),
    ).toEqual([
      ["2024-04-15", "purchases", 20, 0, 920, 0, 30],
      ["2024-05-01", "salesInvoice", 0, 15, 0, 900, 15],
      ["2024-06-01", "purchases", 10, 0, 490, 0, 25],
      ["2024-06-10", "creditNote", 2, 0, 120, 0, 27],
    ]);
    expect(ledger.entries[0]).toMatchObject({ voucherId: ids.p1, partyName: "Mill", number: "1" });
    expect(ledger.totalIn).toEqual({ quantity: 32, value: 1530 });
    expect(ledger.totalOut).toEqual({ quantity: 15, value: 900 });
    expect(ledger.closing).toEqual({ quantity: 27, value: 1221.75, rate: 45.25 });
  });

  test("June 2024 alone opens with May's stock at May's average cost", async () => {
    const ledger = await get(
      `item/getItemLedger?organisationId=${org}&itemId=${ids.rice}&startDate=2024-06-01&endDate=2024-06-30`,
    );
    // 31-05-2024: 10 + 20 − 15 = 15 units at (400 + 920) ÷ 30 = 44 → 660
    expect(ledger.opening).toEqual({ quantity: 15, value: 660 });
    expect(
      ledger.entries.map((entry: { balanceQuantity: number }) => entry.balanceQuantity),
    ).toEqual([25, 27]);
    expect(ledger.closing).toMatchObject({ quantity: 27, value: 1221.75 });
  });

  test("the next year opens where this one closed", async () => {
    const ledger = await get(
      `item/getItemLedger?organisationId=${org}&itemId=${ids.rice}&year=2025-26`,
    );
    expect(ledger.opening).toEqual({ quantity: 27, value: 1221.75 });
    expect(ledger.closing).toMatchObject({ quantity: 30, value: 1396.01 });
  });

  test("downloads as Excel; an unknown item is 404", async () => {
    const file = await inject({
      method: "GET",
      url: `/api/item/getItemLedger?organisationId=${org}&itemId=${ids.rice}&year=2024-25&download=true&format=excel`,
      headers: as(owner),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain(
      "item-ledger-2024-04-01-to-2025-03-31.xlsx",
    );
    const missing = await inject({
      method: "GET",
      url: `/api/item/getItemLedger?organisationId=${org}&itemId=${ids.capital}&year=2024-25`,
      headers: as(owner),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("day book", () => {
  test("one day: the sale with its postings", async () => {
    const book = await get(`reports/daybook?organisationId=${org}&year=2024-25&date=2024-05-01`);
    expect(book.count).toBe(1);
    expect(book.entries).toEqual([
      expect.objectContaining({
        voucherId: ids.s1,
        voucherType: "salesInvoice",
        title: "Sales Invoice",
        number: "1",
        partyName: "Shop",
        amount: 900,
        postings: [
          { accountId: ids.shop, name: "Shop", debit: 900, credit: 0 },
          expect.objectContaining({ name: "Sales", debit: 0, credit: 900 }),
        ],
      }),
    ]);
    expect([book.totalDebit, book.totalCredit]).toEqual([900, 900]);
  });

  test("a range: the purchase and the credit note of early June, totals from the monthly table", async () => {
    const book = await get(
      `reports/daybook?organisationId=${org}&year=2024-25&startDate=2024-06-01&endDate=2024-06-10`,
    );
    expect(book.entries.map((entry: { voucherId: string }) => entry.voucherId)).toEqual([
      ids.p2,
      ids.cn,
    ]);
    // 490 + 120
    expect([book.totalDebit, book.totalCredit]).toEqual([610, 610]);
    const paged = await get(
      `reports/daybook?organisationId=${org}&year=2024-25&startDate=2024-04-01&endDate=2025-03-31&skip=1&limit=2`,
    );
    expect(paged.count).toBe(7);
    expect(paged.entries.map((entry: { voucherId: string }) => entry.voucherId)).toEqual([
      ids.s1,
      ids.p2,
    ]);
  });

  test("downloads as PDF; an empty day is refused", async () => {
    const pdf = await inject({
      method: "GET",
      url: `/api/reports/daybook?organisationId=${org}&year=2024-25&date=2024-05-01&download=true`,
      headers: as(owner),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    const empty = await inject({
      method: "GET",
      url: `/api/reports/daybook?organisationId=${org}&year=2024-25&date=2024-05-02&download=true`,
      headers: as(owner),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("There are no entries to download");
  });
});

describe("migration 0010 on books kept before it", () => {
  test("fills the purchased columns from the stock movements; the valuation is unchanged", async () => {
    const db = context.testDatabase.database.db as unknown as Kysely<unknown>;
    await datedSums.down(db);
    await datedSums.up(db);
    expect(await stockBalancesFromMonthlyTable(context, org)).toEqual(
      await stockBalancesFromMovements(context, org),
    );
    const rice = (await stockBalancesFromMonthlyTable(context, org)).get(`${ids.rice}|2024-06`);
    expect(rice).toMatchObject({ bought: 10_000, valueBought: 49_000 });
    const pl = await get(`reports/profitloss?stockItems=true&organisationId=${org}&year=2024-25`);
    expect(pl.closingStock).toMatchObject({ method: "weightedAverage", amount: 1221.75 });
  });
});
