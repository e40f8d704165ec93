import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, nilRatedTradePayload, systemAccountId } from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// Opening stock (issue 25, decision 040) on a fresh organisation that manages inventory, its items
// created through the API with an opening quantity and amount, as a new user does. Not registered
// for GST, so no tax. Worked by hand, in rupees:
//
// Items: Tea 100 kg worth 1,50,000 (1,500 each); Coffee 50 kg worth 67,830. Opening stock 2,17,830.
// Capital −2,17,830 (typed by the user to balance the stock).
//   P1 01-05-2024 purchase Tea 20 × 1,600 = 32,000       Tea 120
//   S1 01-06-2024 sale Tea 30 × 2,000 = 60,000           Tea 90
//   CN 15-06-2024 the buyer returns Tea 10 × 2,000       Tea 100 (back at cost, not at 2,000)
// Tea's average cost: (1,50,000 + 32,000) ÷ (100 + 20) = 1,516.666…; 100 kg → 1,51,666.67
// Closing stock 31-03-2025: 1,51,666.67 + 67,830 = 2,19,496.67
// Trading: Dr opening 2,17,830 + purchases 32,000; Cr sales 60,000 − 20,000 + closing 2,19,496.67
// Gross profit 9,666.67 = 20 kg sold net × (2,000 − 1,516.666…), not 2,27,496.67.

let context: TestContext;
let owner: Person;
let org: string;
let bareOrg: string;
const ids: Record<string, string> = {};
const id = (key: string) => ids[key] ?? "";
const inject = (options: InjectOptions) => context.app.inject(options);

async function post(
  url: string,
  payload: Record<string, unknown>,
  method: "POST" | "PUT" = "POST",
) {
  const response = await inject({ method, url: `/api/${url}`, headers: as(owner), payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function get(url: string) {
  const response = await inject({ method: "GET", url: `/api/${url}`, headers: as(owner) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function bill(date: string, party: string, item: string, quantity: number, rate: number) {
  return nilRatedTradePayload({
    organisationId: org,
    year: "2024-25",
    date,
    party,
    item,
    quantity,
    rate,
  });
}

async function addItem(organisationId: string, name: string, quantity: number, amount: number) {
  const body = await post("item/add", {
    organisationId,
    name,
    type: "goods",
    uom: "kgs",
    hsnCode: "0902",
    gstRate: 0,
    openingBalanceQuantity: quantity,
    openingBalanceAmount: amount,
  });
  return body.itemId as string;
}

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  const options = { startingYear: "2024-25", gstRegistered: false, manageInventory: true };
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    name: "Tea Traders",
    ...options,
  }));
  ({ organisationId: bareOrg } = await createOrganisation(context, owner.cookies, {
    name: "Stock Only Traders",
    ...options,
  }));
  ids.tea = await addItem(org, "Tea", 100, 150_000);
  ids.coffee = await addItem(org, "Coffee", 50, 67_830);
  await addItem(bareOrg, "Tea", 100, 150_000);
  await addItem(bareOrg, "Coffee", 50, 67_830);
  ids.stock = await systemAccountId(context, org, "closingStock");
  ids.capital = (
    await post("account/add", {
      organisationId: org,
      name: "Proprietor's Capital",
      nature: "Capital",
      openingBalance: 217_830,
      openingBalanceType: "cr",
    })
  ).accountId;
  ids.mill = (
    await post("account/add", { organisationId: org, name: "Estate", nature: "Creditors" })
  ).accountId;
  ids.shop = (
    await post("account/add", { organisationId: org, name: "Shop", nature: "Debtors" })
  ).accountId;
  await post("purchases/add", bill("2024-05-01", id("mill"), id("tea"), 20, 1_600));
  await post("salesinvoice/add", bill("2024-06-01", id("shop"), id("tea"), 30, 2_000));
  await post("creditnote/add", {
    ...bill("2024-06-15", id("shop"), id("tea"), 10, 2_000),
    type: "return",
  });
});
afterAll(() => context.close());

type Group = { name: string; amount: number };
const groups = (list: Group[]) =>
  Object.fromEntries(list.map((group) => [group.name, group.amount]));

describe("the items' opening stock is the books' opening stock", () => {
  test("the trading account opens with 2,17,830 and the gross profit is 9,666.67", async () => {
    const pl = await get(
      `reports/profitloss?stockItems=true&organisationId=${org}&year=2024-25&endDate=2025-03-31`,
    );
    expect(pl.openingStock).toMatchObject({ method: "opening", amount: 217_830 });
    expect(groups(pl.trading.debit)).toEqual({ "Opening Stock": 217_830, Purchases: 32_000 });
    expect(groups(pl.trading.credit)).toEqual({ Sales: 40_000, "Closing Stock": 219_496.67 });
    expect(pl.grossProfit).toBe(9_666.67);
  });

  test("the Closing Stock account carries the items' opening amounts, and editing an item moves it", async () => {
    const account = await get(
      `account/getsingleaccountdetails?organisationId=${org}&accountId=${ids.stock}`,
    );
    expect(account.account).toMatchObject({ openingBalance: 217_830, openingBalanceType: "dr" });
    const extra = await addItem(org, "Cocoa", 1, 100);
    expect(
      (await get(`account/getsingleaccountdetails?organisationId=${org}&accountId=${ids.stock}`))
        .account.openingBalance,
    ).toBe(217_930);
    await inject({
      method: "DELETE",
      url: `/api/item/delete?organisationId=${org}&itemId=${extra}`,
      headers: as(owner),
    }).then((response) => expect(response.statusCode, response.body).toBe(200));
    expect(
      (await get(`account/getsingleaccountdetails?organisationId=${org}&accountId=${ids.stock}`))
        .account.openingBalance,
    ).toBe(217_830);
  });

  test("typing another opening balance on the Closing Stock account is refused", async () => {
    const response = await inject({
      method: "POST",
      url: "/api/account/openingbalances",
      headers: as(owner),
      payload: {
        organisationId: org,
        balances: [{ accountId: ids.stock, openingBalance: 5, openingBalanceType: "dr" }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "With inventory managed, the opening stock is the total of the items' opening amounts: change it on the items.",
    );
  });

  test("the opening trial balance balances when the user's openings do", async () => {
    const trial = await get(
      `reports/trialbalance?organisationId=${org}&year=2024-25&date=2025-03-31`,
    );
    expect(trial.differenceInOpeningBalances).toMatchObject({ amount: 0 });
    expect(trial.totalDebit).toBe(trial.totalCredit);
    const stock = trial.accounts.find((row: { name: string }) => row.name === "Closing Stock");
    expect(stock.opening).toMatchObject({ amount: 217_830, type: "dr" });
  });

  test("the balance sheet shows the stock and balances without a difference", async () => {
    const sheet = await get(
      `reports/balancesheet?stockItems=true&organisationId=${org}&year=2024-25&date=2025-03-31`,
    );
    expect(groups(sheet.assets).Stock).toBe(219_496.67);
    expect(sheet.differenceInOpeningBalances).toBeNull();
    expect(sheet.profitAndLossAccount).toMatchObject({
      openingBalance: 0,
      currentPeriod: 9_666.67,
    });
    expect(sheet.totalAssets).toBe(sheet.totalLiabilities);
  });

  test("with nothing else typed, the opening stock shows as a difference in opening balances", async () => {
    const pl = await get(
      `reports/profitloss?stockItems=true&organisationId=${bareOrg}&year=2024-25&endDate=2025-03-31`,
    );
    expect(pl.grossProfit).toBe(0);
    const sheet = await get(
      `reports/balancesheet?stockItems=true&organisationId=${bareOrg}&year=2024-25&date=2025-03-31`,
    );
    expect(sheet.differenceInOpeningBalances).toEqual({ amount: 217_830, side: "liabilities" });
    expect(groups(sheet.assets)).toEqual({ Stock: 217_830 });
    expect(sheet.totalAssets).toBe(217_830);
    expect(sheet.totalLiabilities).toBe(217_830);
    const trial = await get(
      `reports/trialbalance?organisationId=${bareOrg}&year=2024-25&date=2025-03-31`,
    );
    expect(trial.differenceInOpeningBalances).toMatchObject({ amount: 217_830, type: "cr" });
    expect(trial.totalDebit).toBe(trial.totalCredit);
  });
});

describe("one stock valuation on every screen", () => {
  test("after a sales return the item list, item ledger and P&L agree on Tea: 1,51,666.67", async () => {
    const ledger = await get(
      `item/getItemLedger?organisationId=${org}&itemId=${ids.tea}&year=2024-25`,
    );
    expect(ledger.opening).toEqual({ quantity: 100, value: 150_000 });
    expect(ledger.closing).toMatchObject({ quantity: 100, value: 151_666.67 });
    const pl = await get(
      `reports/profitloss?stockItems=true&organisationId=${org}&year=2024-25&endDate=2025-03-31`,
    );
    const valued = Object.fromEntries(
      pl.closingStock.items.map((item: { name: string; value: number }) => [item.name, item.value]),
    );
    expect(valued).toEqual({ Coffee: 67_830, Tea: 151_666.67 });
    const { items } = await get(`item/itemlist?organisationId=${org}`);
    const listed = Object.fromEntries(
      items.map((item: { name: string; stockQuantity: number; stockValue: number }) => [
        item.name,
        [item.stockQuantity, item.stockValue],
      ]),
    );
    expect(listed).toEqual({ Coffee: [50, 67_830], Tea: [100, 151_666.67] });
  });
});

describe("stock kept per financial year beside the months (issue 18 part 5)", () => {
  async function stockRows() {
    const db = context.testDatabase.database.db;
    const months = await db
      .selectFrom("item_stock_balances")
      .selectAll()
      .where("organisation_id", "=", org)
      .execute();
    const years = await db
      .selectFrom("item_stock_years")
      .selectAll()
      .where("organisation_id", "=", org)
      .execute();
    const byYear = new Map<string, number[]>();
    for (const row of months) {
      const [calendarYear, month] = row.month.split("-").map(Number) as [number, number];
      const start = month >= 4 ? calendarYear : calendarYear - 1;
      const key = `${row.item_id}|${start}-${String(start + 1).slice(2)}`;
      const sums = byYear.get(key) ?? [0, 0, 0, 0, 0, 0];
      [
        row.quantity_in_milli,
        row.quantity_out_milli,
        row.value_in_paise,
        row.value_out_paise,
        row.purchased_milli,
        row.purchased_paise,
      ].forEach((value, index) => {
        sums[index] = (sums[index] ?? 0) + Number(value);
      });
      byYear.set(key, sums);
    }
    const kept = Object.fromEntries(
      years.map((row) => [
        `${row.item_id}|${row.year}`,
        [
          row.quantity_in_milli,
          row.quantity_out_milli,
          row.value_in_paise,
          row.value_out_paise,
          row.purchased_milli,
          row.purchased_paise,
        ].map(Number),
      ]),
    );
    return { summed: Object.fromEntries(byYear), kept };
  }

  test("saves, an edit and a delete across two years keep the year rows equal to their months", async () => {
    const april = await post("purchases/add", {
      ...bill("2025-04-10", id("mill"), id("tea"), 10, 1_700),
      year: "2025-26",
    });
    const march = await post(
      "purchases/add",
      bill("2025-03-20", id("mill"), id("coffee"), 5, 1_400),
    );
    await post(
      "purchases/edit",
      {
        ...bill("2025-03-20", id("mill"), id("coffee"), 8, 1_450),
        entryId: march.entryId,
        version: 1,
      },
      "PUT",
    );
    const { summed, kept } = await stockRows();
    expect(kept[`${id("coffee")}|2024-25`]?.[0]).toBe(8000);
    expect(kept[`${id("tea")}|2025-26`]).toEqual([10_000, 0, 1_700_000, 0, 10_000, 1_700_000]);
    expect(kept).toEqual(summed);

    const removed = await inject({
      method: "DELETE",
      url: `/api/purchases/delete?organisationId=${org}&entryIds[]=${april.entryId}`,
      headers: as(owner),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await stockRows();
    expect(after.kept[`${id("tea")}|2025-26`]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(after.kept).toEqual(after.summed);

    // The balance sheet reads the year row: Coffee 58 kg at (67,830 + 11,600) ÷ 58 = 79,430.
    const sheet = await get(
      `reports/balancesheet?stockItems=true&organisationId=${org}&year=2024-25&date=2025-03-31&type=detailed`,
    );
    expect(
      sheet.closingStock.items.find((item: { name: string }) => item.name === "Coffee"),
    ).toMatchObject({ value: 79_430 });
  });
});
