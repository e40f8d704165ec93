import { rupeesToPaise, type VoucherType } from "@bahi/domain";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  as,
  balancesFromMonthlyTable,
  balancesFromPostings,
  monthlyBalancesFromPostings,
  monthlyBalancesFromTable,
} from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import * as ledgerMonthCounts from "../../db/migrations/0011-ledger-month-counts.ts";
import { type GeneratedEntry, generateBooks } from "./book-generator.ts";
import { type LoadedBooks, loadBooks } from "./load-books.ts";

const YEAR = "2025-26";
const books = generateBooks({ seed: 7, vouchers: 2000, year: YEAR, stateCode: "27" });

let context: TestContext;
let owner: Person;
let org: string;
let loaded: LoadedBooks;
let generated: GeneratedEntry[];

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    gstRegistered: true,
    gstin: books.organisation.gstin,
    gstRegType: "regular",
    startingYear: YEAR,
    billWiseEntry: true,
    manageInventory: true,
  }));
  const db = context.testDatabase.database.db;
  loaded = await loadBooks(
    { db, announceChange: () => {} },
    { kind: "user", userId: owner.userId, sessionId: "books-loader" },
    org,
    books,
    { batchSize: 250 },
  );
  // The same entries again, with the real ids: what the server was given.
  generated = [...books.entries(loaded.ids)];
}, 120_000);
afterAll(() => context.close());

const get = async (url: string) => {
  const response = await context.app.inject({ method: "GET", url, headers: as(owner) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe("generated books loaded through the service layer", () => {
  test("every generated voucher is saved, type by type", async () => {
    const expected: Partial<Record<VoucherType, number>> = {};
    for (const entry of generated) expected[entry.type] = (expected[entry.type] ?? 0) + 1;
    expect(loaded.counts.byType).toEqual(expected);
    expect(loaded.counts).toMatchObject({ accounts: 300, items: 2000, vouchers: 2000 });
    const rows = await context.testDatabase.database.db
      .selectFrom("vouchers")
      .select(["type", sql<number>`count(*)`.as("count")])
      .where("organisation_id", "=", org)
      .where("deleted_at", "is", null)
      .groupBy("type")
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.type, Number(row.count)]))).toEqual(expected);
  });

  test("the trial balance agrees and the monthly balances equal the postings", async () => {
    const trial = await get(`/api/reports/trialbalance?organisationId=${org}&year=${YEAR}`);
    expect(trial.totalDebit).toBeGreaterThan(0);
    expect(trial.totalDebit).toBe(trial.totalCredit);
    expect(trial.differenceInOpeningBalances.amount).toBe(0);
    expect(await balancesFromMonthlyTable(context, org)).toEqual(
      await balancesFromPostings(context, org),
    );
    expect(await monthlyBalancesFromTable(context, org)).toEqual(
      await monthlyBalancesFromPostings(context, org),
    );
  });

  test("believable stock: no item below zero, a positive closing stock, opening stock in the P&L", async () => {
    const { items } = await get(`/api/item/itemlist?organisationId=${org}`);
    const goods = items.filter((item: { type: string }) => item.type === "goods");
    expect(goods.length).toBeGreaterThan(1000);
    const negative = goods.filter((item: { stockQuantity: number }) => item.stockQuantity < 0);
    expect(negative).toEqual([]);
    const pl = await get(
      `/api/reports/profitloss?organisationId=${org}&year=${YEAR}&endDate=2026-03-31`,
    );
    const openingStock = books.items.reduce(
      (sum, item) => sum + rupeesToPaise(item.openingBalanceAmount),
      0,
    );
    expect(rupeesToPaise(pl.openingStock.amount)).toBe(openingStock);
    expect(pl.closingStock.amount).toBeGreaterThan(0);
  });

  test("the busy debtor's ledger closes at opening + invoices + debit notes − receipts − credit notes", async () => {
    const master = books.accounts[books.busyDebtor];
    const accountId = loaded.ids.accounts[books.busyDebtor] as string;
    let expected =
      rupeesToPaise(master?.openingBalance ?? 0) * (master?.openingBalanceType === "cr" ? -1 : 1);
    let invoices = 0;
    for (const { type, payload } of generated) {
      if (type === "salesInvoice" && payload.cashOrDebtorAccountId === accountId) {
        expected += rupeesToPaise(payload.totalAmount as number);
        invoices += 1;
      }
      if (type === "creditNote" && payload.cashOrDebtorAccountId === accountId) {
        expected -= rupeesToPaise(payload.totalAmount as number);
      }
      if (type === "salesDebitNote" && payload.cashOrDebtorAccountId === accountId) {
        expected += rupeesToPaise(payload.totalAmount as number);
      }
      if (type === "receipts") {
        for (const line of payload.entries as { accountId: string; amount: number }[]) {
          if (line.accountId === accountId) expected -= rupeesToPaise(line.amount);
        }
      }
    }
    expect(invoices).toBeGreaterThan(30);
    const ledger = await get(
      `/api/ledger/getLedger?organisationId=${org}&accountId=${accountId}&startDate=2025-04-01&endDate=2026-03-31&limit=50`,
    );
    expect(rupeesToPaise(ledger.closingBalance.signed)).toBe(expected);
    expect(ledger.entries).toHaveLength(50);
  });

  test("ledger pages join up: two pages of 20 are the page of 40", async () => {
    const accountId = loaded.ids.accounts[books.busyDebtor] as string;
    const page = (skip: number, limit: number) =>
      get(
        `/api/ledger/getLedger?organisationId=${org}&accountId=${accountId}&startDate=2025-04-01&endDate=2026-03-31&skip=${skip}&limit=${limit}`,
      );
    const [first, second, both] = await Promise.all([page(0, 20), page(20, 20), page(0, 40)]);
    expect([...first.entries, ...second.entries]).toEqual(both.entries);
    expect(both.entries).toHaveLength(40);
  });

  test("every page, from either end of the ledger, is its slice of the whole", async () => {
    const accountId = loaded.ids.accounts[books.busyDebtor] as string;
    const page = (skip: number, limit: number) =>
      get(
        `/api/ledger/getLedger?organisationId=${org}&accountId=${accountId}&startDate=2025-04-01&endDate=2026-03-31&skip=${skip}&limit=${limit}`,
      );
    const whole = await page(0, 500);
    expect(whole.count).toBeGreaterThan(40);
    expect(whole.count).toBeLessThan(500);
    const limit = 17;
    for (let skip = 0; skip <= whole.count + limit; skip += limit) {
      const { entries, count, closingBalance } = await page(skip, limit);
      expect(entries, `skip ${skip}`).toEqual(whole.entries.slice(skip, skip + limit));
      expect(count).toBe(whole.count);
      expect(closingBalance).toEqual(whole.closingBalance);
    }
  });

  test("a range from mid-month to mid-month pages as its slice of the year's ledger", async () => {
    const accountId = loaded.ids.accounts[books.busyDebtor] as string;
    const ledger = (from: string, to: string, skip: number, limit: number) =>
      get(
        `/api/ledger/getLedger?organisationId=${org}&accountId=${accountId}&startDate=${from}&endDate=${to}&skip=${skip}&limit=${limit}`,
      );
    const year = await ledger("2025-04-01", "2026-03-31", 0, 500);
    const [from, to] = ["2025-05-17", "2026-02-11"];
    const inRange = year.entries.filter(
      (entry: { date: string }) => entry.date >= from && entry.date <= to,
    );
    expect(inRange.length).toBeGreaterThan(30);
    const limit = 13;
    for (let skip = 0; skip <= inRange.length + limit; skip += limit) {
      const page = await ledger(from, to, skip, limit);
      // A balance is the account's after the entry, whatever day the range starts on.
      expect(page.entries, `skip ${skip}`).toEqual(inRange.slice(skip, skip + limit));
      expect(page.count).toBe(inRange.length);
    }
    const inOneMonth = await ledger("2025-06-03", "2025-06-27", 0, 500);
    expect(inOneMonth.entries).toEqual(
      year.entries.filter(
        (entry: { date: string }) => entry.date >= "2025-06-03" && entry.date <= "2025-06-27",
      ),
    );
  });

  test("migration 0011 counts the postings of books kept before it", async () => {
    const db = context.testDatabase.database.db as unknown as Kysely<unknown>;
    await ledgerMonthCounts.down(db);
    await ledgerMonthCounts.up(db);
    const months = await monthlyBalancesFromTable(context, org);
    expect(months).toEqual(await monthlyBalancesFromPostings(context, org));
    expect([...months.values()].reduce((sum, month) => sum + month.postings, 0)).toBeGreaterThan(
      2000,
    );
  });

  test("no invoice or bill is settled beyond its amount", async () => {
    const db = context.testDatabase.database.db;
    const [overSettled, settled] = await Promise.all([
      db
        .selectFrom("vouchers")
        .select(sql<number>`count(*)`.as("count"))
        .where("organisation_id", "=", org)
        .where("pending_paise", "<", 0)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("vouchers")
        .select(sql<number>`count(*)`.as("count"))
        .where("organisation_id", "=", org)
        .where("status", "in", ["received", "paid"])
        .executeTakeFirstOrThrow(),
    ]);
    expect(Number(overSettled.count)).toBe(0);
    expect(Number(settled.count)).toBeGreaterThan(300);
  });
});
