import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, insertAccount, insertItem, systemAccountId } from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// Cash payments over ₹10,000 (Income-tax Act s.40A(3): payments to one person in one day that
// EXCEED ₹10,000) and the dashboard, on an organisation not registered for GST. By hand:
// Openings: Cash 1,00,000; HDFC 50,000; Capital −1,50,000.
//   01-08-2024 cash payments to Ramesh 6,000 and 6,000 → 12,000 in a day: listed
//   01-08-2024 fund transfer cash → HDFC 50,000: pays no one
//   02-08-2024 cash payment to Ramesh 10,000 exactly: not listed
//   03-08-2024 cash purchase (party Cash, 'Walk-in Seller') 10,000.01, no round off: listed
//   05-08-2024 cash payment to Ramesh 7,000 and a journal Dr Ramesh 4,000 Cr Cash → 11,000: listed
//   06-08-2024 payment from HDFC to Ramesh 20,000: not cash
// Dashboard data, March 2025:
//   10-03-2025 sale to Gita 5 × 1,000 = 5,000, due 20-03-2025 (overdue at 31-03-2025)
//   15-03-2025 purchase from Hari 10 × 500 = 5,000, due 31-03-2025 (due, not overdue)
//   25-03-2025 sale to Gita 2 × 1,000 = 2,000, due 24-04-2025
//   28-03-2025 credit note to Gita 1 × 1,000 = 1,000 (not set against an invoice)

let context: TestContext;
let owner: Person;
let org: string;
const ids: Record<string, string> = {};
const inject = (options: InjectOptions) => context.app.inject(options);
const YEAR = "2024-25";

async function add(family: string, payload: Record<string, unknown>) {
  const response = await inject({
    method: "POST",
    url: `/api/${family}/add`,
    headers: as(owner),
    payload: { organisationId: org, year: YEAR, ...payload },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entryId as string;
}

async function get(url: string) {
  const response = await inject({ method: "GET", url: `/api/${url}`, headers: as(owner) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function bill(date: string, party: string, quantity: number, rate: number, extra = {}) {
  const amount = Math.round(quantity * rate * 100) / 100;
  return {
    date,
    cashOrDebtorAccountId: party,
    itemDetails: [
      { itemId: ids.bag, quantity, rate, discountType: "percent", discount: 0, gstRate: 0, amount },
    ],
    accountDetails: [],
    grossAmount: amount,
    totalAmount: amount,
    ...extra,
  };
}

const cashPayment = (date: string, amount: number, from = ids.cash) =>
  add("payments", {
    date,
    paidAccountId: from,
    paidAmount: amount,
    entries: [{ accountId: ids.ramesh, amount }],
  });

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    name: "Cash Traders",
    startingYear: YEAR,
    gstRegistered: false,
    manageInventory: false,
  }));
  ids.cash = await systemAccountId(context, org, "cash");
  await context.testDatabase.database.db
    .updateTable("accounts")
    .set({ opening_balance_paise: 10_000_000 })
    .where("organisation_id", "=", org)
    .where("id", "=", ids.cash)
    .execute();
  ids.hdfc = await insertAccount(context, org, {
    name: "HDFC",
    nature: "Bank",
    openingBalancePaise: 5_000_000,
  });
  await insertAccount(context, org, {
    name: "Capital",
    nature: "Capital",
    openingBalancePaise: -15_000_000,
  });
  ids.ramesh = await insertAccount(context, org, {
    name: "Ramesh Contractor",
    nature: "Creditors",
  });
  ids.gita = await insertAccount(context, org, { name: "Gita", nature: "Debtors" });
  ids.hari = await insertAccount(context, org, { name: "Hari", nature: "Creditors" });
  ids.bag = await insertItem(context, org, { name: "Bag", gstRate: 0 });

  ids.a = await cashPayment("2024-08-01", 6000);
  ids.b = await cashPayment("2024-08-01", 6000);
  await add("fundtransfer", {
    date: "2024-08-01",
    paidAccountId: ids.cash,
    paidAmount: 50_000,
    receivedAccountId: ids.hdfc,
    receivedAmount: 50_000,
  });
  await cashPayment("2024-08-02", 10_000);
  ids.walkIn = await add(
    "purchases",
    bill("2024-08-03", ids.cash, 1, 10_000.01, { partyName: "Walk-in Seller", roundOff: false }),
  );
  ids.c = await cashPayment("2024-08-05", 7000);
  ids.journal = await add("journalentry", {
    date: "2024-08-05",
    entries: [
      { accountId: ids.ramesh, debitAmount: 4000, creditAmount: 0 },
      { accountId: ids.cash, debitAmount: 0, creditAmount: 4000 },
    ],
  });
  await cashPayment("2024-08-06", 20_000, ids.hdfc);

  await add("salesinvoice", bill("2025-03-10", ids.gita, 5, 1000, { dueDate: "2025-03-20" }));
  await add("purchases", bill("2025-03-15", ids.hari, 10, 500, { dueDate: "2025-03-31" }));
  await add("salesinvoice", bill("2025-03-25", ids.gita, 2, 1000, { dueDate: "2025-04-24" }));
  await add("creditnote", bill("2025-03-28", ids.gita, 1, 1000, { type: "return" }));
});
afterAll(() => context.close());

describe("cash payments over 10K", () => {
  test("lists each payee's day over ₹10,000, with its vouchers; ₹10,000 exactly is not listed", async () => {
    const body = await get(`reports/cashpaymentsover10k?organisationId=${org}&year=${YEAR}`);
    expect(
      body.rows.map((row: Record<string, unknown>) => [row.date, row.payee, row.count, row.amount]),
    ).toEqual([
      ["2024-08-01", "Ramesh Contractor", 2, 12_000],
      ["2024-08-03", "Walk-in Seller", 1, 10_000.01],
      ["2024-08-05", "Ramesh Contractor", 2, 11_000],
    ]);
    expect(body.totals).toEqual({ count: 5, amount: 33_000.01 });
    expect(body.limit).toBe(10_000);
    expect(
      body.payments[0].vouchers.map((voucher: { voucherId: string }) => voucher.voucherId).sort(),
    ).toEqual([ids.a, ids.b].sort());
    expect(body.payments[2].vouchers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ voucherId: ids.c, voucherType: "payments", amount: 7000 }),
        expect.objectContaining({
          voucherId: ids.journal,
          voucherType: "journalEntry",
          amount: 4000,
        }),
      ]),
    );
  });

  test("downloads as Excel and PDF", async () => {
    for (const format of ["excel", "pdf"]) {
      const response = await inject({
        method: "GET",
        url: `/api/reports/cashpaymentsover10k?organisationId=${org}&year=${YEAR}&download=true&format=${format}`,
        headers: as(owner),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-disposition"]).toContain(
        `cash-payments-over-10k-${YEAR}.${format === "excel" ? "xlsx" : "pdf"}`,
      );
    }
  });
});

describe("dashboard", () => {
  test("sales and purchase bill dates of the year", async () => {
    const body = await get(
      `dashboard/salesAndPurchaseBillDates?organisationId=${org}&year=${YEAR}`,
    );
    expect(body.sales).toMatchObject({
      lastDate: "2025-03-25",
      lastNumber: "2",
      count: 2,
      total: 7000,
    });
    // the cash purchase 10,000.01 and Hari's 5,000
    expect(body.purchases).toMatchObject({ lastDate: "2025-03-15", count: 2, total: 15_000.01 });
  });

  test("cash and bank balances with their last dates, at the year's end", async () => {
    const body = await get(`dashboard/cashAndBankLastDates?organisationId=${org}&year=${YEAR}`);
    expect(body.date).toBe("2025-03-31");
    // Cash: 1,00,000 − 6,000 − 6,000 − 50,000 − 10,000 − 10,000.01 − 7,000 − 4,000 = 6,999.99
    // HDFC: 50,000 + 50,000 − 20,000 = 80,000
    expect(
      Object.fromEntries(
        body.accounts.map(
          (row: { name: string; balance: { signed: number }; lastDate: string }) => [
            row.name,
            [row.balance.signed, row.lastDate],
          ],
        ),
      ),
    ).toEqual({ Cash: [6999.99, "2024-08-05"], HDFC: [80_000, "2024-08-06"] });
    const one = await get(
      `dashboard/cashAndBankLastDates?organisationId=${org}&year=${YEAR}&cashAndBankAccountIds=${ids.hdfc}`,
    );
    expect(one.accounts).toHaveLength(1);
    const wrong = await inject({
      method: "GET",
      url: `/api/dashboard/cashAndBankLastDates?organisationId=${org}&year=${YEAR}&cashAndBankAccountIds=${ids.gita}`,
      headers: as(owner),
    });
    expect(wrong.statusCode).toBe(400);
  });

  test("the last thirty days' sales, every day present", async () => {
    const body = await get(`dashboard/lastThirtyDaysSales?organisationId=${org}&year=${YEAR}`);
    expect([body.startDate, body.endDate]).toEqual(["2025-03-02", "2025-03-31"]);
    expect(body.days).toHaveLength(30);
    const byDate = Object.fromEntries(
      body.days.map((day: { date: string; net: number }) => [day.date, day.net]),
    );
    expect([
      byDate["2025-03-10"],
      byDate["2025-03-25"],
      byDate["2025-03-28"],
      byDate["2025-03-11"],
    ]).toEqual([5000, 2000, -1000, 0]);
    expect(body.total).toBe(6000);
  });

  test("receivables and payables due and overdue; a cash bill is never due", async () => {
    const body = await get(`dashboard/dueSalesAndPurchase?organisationId=${org}&year=${YEAR}`);
    expect(body).toEqual({
      date: "2025-03-31",
      receivable: { due: 7000, overdue: 5000, count: 2, overdueCount: 1 },
      payable: { due: 5000, overdue: 0, count: 1, overdueCount: 0 },
    });
  });
});
