import { findAccountGroup, isBalanceSheetGroup } from "@bahi/domain";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  as,
  insertAccount,
  insertItem,
  nilRatedTradePayload,
  systemAccountId,
} from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// The balance sheet read against the trial balance of the same books (issue 18 part 5: the balance
// sheet is computed apart from the trial balance, from the same month sums, and values the stock).
// On two years of books that manage inventory, with an expense, a posting straight to the stock
// account and a second year opening with the first's closing stock, at several dates:
// - every balance-sheet account but stock and the Profit & Loss A/c stands at its trial-balance
//   closing, on its side;
// - the year's profit is the closing stock less the opening stock, less the income and expense
//   accounts' trial-balance closings and what was posted to the stock accounts in the year;
// - the Profit & Loss A/c opens at its trial-balance closing plus the stock brought into the year
//   less what the stock accounts carried into it;
// - the closing stock is the sum of its items' values, and both sides agree.

let context: TestContext;
let owner: Person;
let org: string;
const ids: Record<string, string> = {};
const inject = (options: InjectOptions) => context.app.inject(options);
const paise = (rupees: number) => Math.round(rupees * 100);

async function add(family: string, payload: Record<string, unknown>) {
  const response = await inject({
    method: "POST",
    url: `/api/${family}/add`,
    headers: as(owner),
    payload: { organisationId: org, ...payload },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function get(url: string) {
  const response = await inject({ method: "GET", url: `/api/${url}`, headers: as(owner) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function bill(
  year: string,
  date: string,
  party: string,
  item: string,
  quantity: number,
  rate: number,
) {
  return nilRatedTradePayload({ year, date, party, item: ids[item] as string, quantity, rate });
}

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    name: "Spice Traders",
    startingYear: "2024-25",
    gstRegistered: false,
    manageInventory: true,
  }));
  const db = context.testDatabase.database.db;
  ids.capital = await insertAccount(context, org, {
    name: "Capital",
    nature: "Capital",
    openingBalancePaise: -2_075_000,
  });
  ids.supplier = await insertAccount(context, org, { name: "Kerala Farms", nature: "Creditors" });
  ids.buyer = await insertAccount(context, org, { name: "City Hotel", nature: "Debtors" });
  ids.rent = await insertAccount(context, org, { name: "Rent", nature: "Indirect Expense" });
  ids.cash = await systemAccountId(context, org, "cash");
  ids.stock = await systemAccountId(context, org, "closingStock");
  for (const [id, opening] of [
    [ids.cash, 2_000_000],
    [ids.stock, 75_000],
  ] as const)
    await db
      .updateTable("accounts")
      .set({ opening_balance_paise: opening })
      .where("organisation_id", "=", org)
      .where("id", "=", id)
      .execute();
  ids.pepper = await insertItem(context, org, { name: "Pepper", gstRate: 0 });
  ids.cardamom = await insertItem(context, org, { name: "Cardamom", gstRate: 0 });
  await db
    .updateTable("items")
    .set({ opening_quantity_milli: 5_000, opening_value_paise: 75_000 })
    .where("organisation_id", "=", org)
    .where("id", "=", ids.pepper)
    .execute();

  const y1 = "2024-25";
  const y2 = "2025-26";
  await add("purchases", bill(y1, "2024-05-02", ids.supplier, "pepper", 12, 160));
  await add("purchases", bill(y1, "2024-06-11", ids.supplier, "cardamom", 3, 1_334));
  await add("salesinvoice", bill(y1, "2024-07-20", ids.buyer, "pepper", 9, 240));
  await add("salesinvoice", bill(y1, "2024-11-05", ids.buyer, "cardamom", 1, 1_900));
  await add("payments", {
    year: y1,
    date: "2024-12-01",
    paidAccountId: ids.cash,
    paidAmount: 1_200,
    entries: [{ accountId: ids.rent, amount: 1_200 }],
  });
  await add("journalentry", {
    year: y1,
    date: "2025-01-15",
    entries: [
      { accountId: ids.stock, debitAmount: 250, creditAmount: 0 },
      { accountId: ids.cash, debitAmount: 0, creditAmount: 250 },
    ],
  });
  await add("salesinvoice", bill(y2, "2025-04-09", ids.buyer, "pepper", 4, 250));
  await add("purchases", bill(y2, "2025-06-30", ids.supplier, "pepper", 7, 172));
  await add("receipts", {
    year: y2,
    date: "2025-08-01",
    receivedAccountId: ids.cash,
    receivedAmount: 2_000,
    entries: [{ accountId: ids.buyer, amount: 2_000 }],
  });
  await add("payments", {
    year: y2,
    date: "2025-09-01",
    paidAccountId: ids.cash,
    paidAmount: 1_300,
    entries: [{ accountId: ids.rent, amount: 1_300 }],
  });
});
afterAll(() => context.close());

interface TrialRow {
  accountId: string;
  group: string;
  opening: { signed: number };
  debit: number;
  credit: number;
  closing: { signed: number };
}
interface SheetGroup {
  name: string;
  amount: number;
  accounts: { accountId: string | null; amount: number }[];
}

describe("the balance sheet agrees with the trial balance of the same books", () => {
  // Closing stock by hand. Pepper: (750 + 12 × 160) ÷ 17 = 2,670 ÷ 17 a unit, 8 left: 1,256.47;
  // the next year (1,256.47 + 7 × 172) ÷ 15 = 2,460.47 ÷ 15, 11 left: 1,804.34. Cardamom at 1,334:
  // 3 units till November, then 2.
  test.each([
    ["2024-25", "2024-09-30", 5_258.47],
    ["2024-25", "2025-03-31", 3_924.47],
    ["2025-26", "2025-06-30", 4_472.34],
    ["2025-26", "2026-03-31", 4_472.34],
  ])("%s as at %s (closing stock %s)", async (year, date, stock) => {
    const query = `organisationId=${org}&year=${year}&date=${date}`;
    const trial = await get(`reports/trialbalance?${query}`);
    const sheet = await get(`reports/balancesheet?stockItems=true&${query}&type=detailed`);
    const yearStart = `${year.slice(0, 4)}-04-01`;
    const pl = await get(
      `reports/profitloss?stockItems=true&organisationId=${org}&year=${year}&startingDate=${yearStart}&endDate=${date}`,
    );
    const rows = trial.accounts as TrialRow[];
    const groupOf = (row: TrialRow) => {
      const group = findAccountGroup(row.group);
      if (!group) throw new Error(`unknown group ${row.group}`);
      return group;
    };
    const isStock = (row: TrialRow) => row.group === "Stock";
    const sheetLines = new Map<string, number>();
    for (const [side, groups] of [
      [1, sheet.assets as SheetGroup[]],
      [-1, sheet.liabilities as SheetGroup[]],
    ] as const)
      for (const group of groups)
        if (group.name !== "Stock")
          for (const line of group.accounts)
            if (line.accountId) sheetLines.set(line.accountId, side * paise(line.amount));

    // Balance-sheet accounts at their closing balances (debit-positive), the P&L A/c apart.
    const pAndL = sheet.profitAndLossAccount;
    const trialPAndL = rows.find((row) => row.accountId === pAndL?.accountId);
    const standing = rows.filter(
      (row) =>
        isBalanceSheetGroup(groupOf(row)) &&
        !isStock(row) &&
        row !== trialPAndL &&
        row.closing.signed !== 0,
    );
    for (const row of standing)
      expect(sheetLines.get(row.accountId), row.accountId).toBe(paise(row.closing.signed));
    if (pAndL) sheetLines.delete(pAndL.accountId);
    expect(sheetLines.size).toBe(standing.length);

    // The year's profit from the trial balance and the stock.
    const closingStock = paise(sheet.closingStock.amount);
    expect(closingStock).toBe(paise(stock));
    const openingStock = paise(pl.openingStock.amount);
    const incomeAndExpense = rows
      .filter((row) => !isBalanceSheetGroup(groupOf(row)))
      .reduce((total, row) => total + paise(row.closing.signed), 0);
    const postedToStock = rows
      .filter(isStock)
      .reduce((total, row) => total + paise(row.debit) - paise(row.credit), 0);
    const profit = closingStock - openingStock - incomeAndExpense - postedToStock;
    expect(paise(sheet.profitOrLoss.signed)).toBe(profit);
    expect(paise(pl.netProfit)).toBe(profit);

    // The Profit & Loss A/c: its trial-balance closing, credit-positive, and the earlier years'
    // stock result; then the year's profit.
    const stockCarried = rows
      .filter(isStock)
      .reduce((total, row) => total + paise(row.opening.signed), 0);
    const earlier = -paise(trialPAndL?.closing.signed ?? 0) + openingStock - stockCarried;
    expect(paise(pAndL.openingBalance)).toBe(earlier);
    expect(paise(pAndL.amount)).toBe(earlier + profit);

    // The closing stock, item by item, and the totals.
    const items = sheet.closingStock.items as { value: number }[];
    expect(items.reduce((total, item) => total + paise(item.value), 0)).toBe(closingStock);
    const stockGroup = (sheet.assets as SheetGroup[]).find((group) => group.name === "Stock");
    expect(paise(stockGroup?.amount ?? 0)).toBe(closingStock);
    expect(sheet.totalAssets).toBe(sheet.totalLiabilities);
    expect(trial.totalDebit).toBe(trial.totalCredit);
  });

  test("the second year opens with the first year's closing stock", async () => {
    const first = await get(
      `reports/balancesheet?stockItems=true&organisationId=${org}&year=2024-25&date=2025-03-31`,
    );
    const second = await get(
      `reports/profitloss?stockItems=true&organisationId=${org}&year=2025-26&startingDate=2025-04-01&endDate=2026-03-31`,
    );
    expect(second.openingStock.amount).toBe(first.closingStock.amount);
    expect(second.openingStock.method).toBe("weightedAverage");
    expect(second.openingStock.items).toEqual(first.closingStock.items);
  });
});
