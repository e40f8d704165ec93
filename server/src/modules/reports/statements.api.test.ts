import ExcelJS from "exceljs";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, insertAccount, insertItem, systemAccountId } from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { renderTableDocument } from "../exports/table-document.ts";
import { tabulateLedger, tabulateTrialBalance } from "../ledger/ledger-tables.ts";

// THE fixed set (issue "Reports and dashboard"): an organisation starting 2024-25 whose opening
// balances do not net to zero, twelve vouchers and a closing stock entry in 2024-25, three vouchers
// and a closing stock entry in 2025-26. Every figure below is worked out by hand, in rupees.
//
// Opening balances (Dr +, Cr −):
//   Capital A/c −5,00,000 · HDFC Bank +3,00,000 · Cash +50,000 · Furniture +1,00,000
//   Closing Stock (opening stock) +40,000 · Ravi Stores +20,000 · Mehta Supplies −15,000
//   Σ = −5,000: credits exceed debits by 5,000, so 'Difference in opening balances' is a debit
//   of 5,000 on the assets side.
//
// 2024-25 (all items at ₹ rates with 18 % GST; Maharashtra (27) organisation):
//   P1  10-04-2024 purchase, Mehta (27): 100 × 200 = 20,000 + CGST 1,800 + SGST 1,800 = 23,600
//   S1  05-05-2024 sale, Ravi (27): 50 × 300 = 15,000 + CGST 1,350 + SGST 1,350 = 17,700
//   S2  15-06-2024 sale, Sharma (29): 30 × 400 = 12,000 + IGST 2,160 = 14,160
//   R1  01-07-2024 receipt into HDFC from Ravi 17,700 (settles S1)
//   PY1 10-07-2024 payment from HDFC to Mehta 20,000
//   PY2 01-08-2024 payment in cash, Office Rent 6,000
//   J1  30-09-2024 journal Dr Freight Inward 2,000, Cr Mehta 2,000
//   CN1 05-10-2024 credit note, Sharma returns 5 × 400 = 2,000 + IGST 360 = 2,360
//   S3  20-01-2025 sale, Ravi: 20 × 300 = 6,000 + CGST 540 + SGST 540 = 7,080
//   R2  10-02-2025 receipt in cash from Sharma 5,000
//   P2  15-02-2025 cash purchase (party Cash): 10 × 200 = 2,000 + CGST 180 + SGST 180 = 2,360
//   J2  31-03-2025 journal Dr HDFC 1,500, Cr Commission Received 1,500
//   Closing stock typed for March 2025: 35,000
// 2025-26:
//   S4  20-04-2025 sale, Ravi: 40 × 300 = 12,000 + CGST 1,080 + SGST 1,080 = 14,160
//   PY3 05-05-2025 payment from HDFC, Office Rent 8,000
//   P3  10-06-2025 purchase, Mehta: 50 × 200 = 10,000 + CGST 900 + SGST 900 = 11,800
//   Closing stock typed for March 2026: 28,000

let context: TestContext;
let owner: Person;
let org: string;
const ids: Record<string, string> = {};

const inject = (options: InjectOptions) => context.app.inject(options);

/** An 18 % item document; intra-state splits the tax into CGST and SGST. */
function itemDocument(input: {
  year: string;
  date: string;
  party: string;
  pos: string;
  quantity: number;
  rate: number;
  extra?: Record<string, unknown>;
}) {
  const taxable = input.quantity * input.rate;
  const tax = (taxable * 18) / 100;
  const intra = input.pos === "27";
  return {
    organisationId: org,
    year: input.year,
    date: input.date,
    cashOrDebtorAccountId: input.party,
    pos: input.pos,
    itemDetails: [
      {
        itemId: ids.widget,
        quantity: input.quantity,
        rate: input.rate,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: taxable,
      },
    ],
    accountDetails: [],
    grossAmount: taxable,
    cgstAmount: intra ? tax / 2 : 0,
    sgstAmount: intra ? tax / 2 : 0,
    igstAmount: intra ? 0 : tax,
    roundOffAmount: 0,
    totalAmount: taxable + tax,
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

async function get(url: string) {
  const response = await inject({ method: "GET", url, headers: as(owner) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function closingStock(month: string, value: number) {
  const response = await inject({
    method: "POST",
    url: "/api/misc/editclosingstock",
    headers: as(owner),
    payload: { organisationId: org, accountId: ids.stock, data: [{ month, value }] },
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    name: "Fixed Set Traders",
    gstRegistered: true,
    gstin: "27AAPFU0939F1ZV",
    gstRegType: "regular",
    startingYear: "2024-25",
    manageInventory: false,
    billWiseEntry: true,
  }));
  const db = context.testDatabase.database.db;
  ids.capital = await insertAccount(context, org, {
    name: "Capital A/c",
    nature: "Capital",
    openingBalancePaise: -50_000_000,
  });
  ids.bank = await insertAccount(context, org, {
    name: "HDFC Bank",
    nature: "Bank",
    openingBalancePaise: 30_000_000,
  });
  ids.furniture = await insertAccount(context, org, {
    name: "Furniture",
    nature: "Fixed Asset",
    openingBalancePaise: 10_000_000,
  });
  ids.ravi = await insertAccount(context, org, {
    name: "Ravi Stores",
    nature: "Debtors",
    stateCode: "27",
    openingBalancePaise: 2_000_000,
  });
  ids.sharma = await insertAccount(context, org, {
    name: "Sharma & Sons",
    nature: "Debtors",
    stateCode: "29",
    gstin: "29AAGCB7383J1Z4",
  });
  ids.mehta = await insertAccount(context, org, {
    name: "Mehta Supplies",
    nature: "Creditors",
    stateCode: "27",
    openingBalancePaise: -1_500_000,
  });
  ids.rent = await insertAccount(context, org, { name: "Office Rent", nature: "Indirect Expense" });
  ids.freight = await insertAccount(context, org, {
    name: "Freight Inward",
    nature: "Direct Expense",
  });
  ids.commission = await insertAccount(context, org, {
    name: "Commission Received",
    nature: "Indirect Income",
  });
  ids.cash = await systemAccountId(context, org, "cash");
  ids.stock = await systemAccountId(context, org, "closingStock");
  ids.profitAndLoss = await systemAccountId(context, org, "profitAndLoss");
  for (const [id, paise] of [
    [ids.cash, 5_000_000],
    [ids.stock, 4_000_000],
  ] as const) {
    await db
      .updateTable("accounts")
      .set({ opening_balance_paise: paise })
      .where("organisation_id", "=", org)
      .where("id", "=", id)
      .execute();
  }
  ids.widget = await insertItem(context, org, { name: "Widget", gstRate: 18 });

  const y1 = "2024-25";
  await add(
    "purchases",
    itemDocument({
      year: y1,
      date: "2024-04-10",
      party: ids.mehta,
      pos: "27",
      quantity: 100,
      rate: 200,
    }),
  );
  ids.s1 = await add(
    "salesinvoice",
    itemDocument({
      year: y1,
      date: "2024-05-05",
      party: ids.ravi,
      pos: "27",
      quantity: 50,
      rate: 300,
    }),
  );
  await add(
    "salesinvoice",
    itemDocument({
      year: y1,
      date: "2024-06-15",
      party: ids.sharma,
      pos: "29",
      quantity: 30,
      rate: 400,
    }),
  );
  await add("receipts", {
    organisationId: org,
    year: y1,
    date: "2024-07-01",
    receivedAccountId: ids.bank,
    receivedAmount: 17_700,
    entries: [
      {
        accountId: ids.ravi,
        amount: 17_700,
        billWiseEntries: [{ entryId: ids.s1, amount: 17_700 }],
      },
    ],
  });
  await add("payments", {
    organisationId: org,
    year: y1,
    date: "2024-07-10",
    paidAccountId: ids.bank,
    paidAmount: 20_000,
    entries: [{ accountId: ids.mehta, amount: 20_000 }],
  });
  await add("payments", {
    organisationId: org,
    year: y1,
    date: "2024-08-01",
    paidAccountId: ids.cash,
    paidAmount: 6_000,
    entries: [{ accountId: ids.rent, amount: 6_000 }],
  });
  await add("journalentry", {
    organisationId: org,
    year: y1,
    date: "2024-09-30",
    entries: [
      { accountId: ids.freight, debitAmount: 2_000, creditAmount: 0 },
      { accountId: ids.mehta, debitAmount: 0, creditAmount: 2_000 },
    ],
  });
  await add(
    "creditnote",
    itemDocument({
      year: y1,
      date: "2024-10-05",
      party: ids.sharma,
      pos: "29",
      quantity: 5,
      rate: 400,
    }),
  );
  await add(
    "salesinvoice",
    itemDocument({
      year: y1,
      date: "2025-01-20",
      party: ids.ravi,
      pos: "27",
      quantity: 20,
      rate: 300,
      extra: { dueDate: "2025-02-19" },
    }),
  );
  await add("receipts", {
    organisationId: org,
    year: y1,
    date: "2025-02-10",
    receivedAccountId: ids.cash,
    receivedAmount: 5_000,
    entries: [{ accountId: ids.sharma, amount: 5_000 }],
  });
  await add(
    "purchases",
    itemDocument({
      year: y1,
      date: "2025-02-15",
      party: ids.cash,
      pos: "27",
      quantity: 10,
      rate: 200,
    }),
  );
  await add("journalentry", {
    organisationId: org,
    year: y1,
    date: "2025-03-31",
    entries: [
      { accountId: ids.bank, debitAmount: 1_500, creditAmount: 0 },
      { accountId: ids.commission, debitAmount: 0, creditAmount: 1_500 },
    ],
  });
  await closingStock("2025-03", 35_000);

  const y2 = "2025-26";
  await add(
    "salesinvoice",
    itemDocument({
      year: y2,
      date: "2025-04-20",
      party: ids.ravi,
      pos: "27",
      quantity: 40,
      rate: 300,
    }),
  );
  await add("payments", {
    organisationId: org,
    year: y2,
    date: "2025-05-05",
    paidAccountId: ids.bank,
    paidAmount: 8_000,
    entries: [{ accountId: ids.rent, amount: 8_000 }],
  });
  await add(
    "purchases",
    itemDocument({
      year: y2,
      date: "2025-06-10",
      party: ids.mehta,
      pos: "27",
      quantity: 50,
      rate: 200,
    }),
  );
  await closingStock("2026-03", 28_000);
});
afterAll(() => context.close());

type Group = { groupId: number | null; name: string; amount: number; accounts: Line[] };
type Line = { accountId: string | null; name: string; amount: number };

/** { group name: amount } and { account name: amount } of one side, for exact comparison. */
function summarise(groups: Group[]) {
  return {
    groups: Object.fromEntries(groups.map((group) => [group.name, group.amount])),
    accounts: Object.fromEntries(
      groups.flatMap((group) => group.accounts.map((line) => [line.name, line.amount])),
    ),
  };
}

const balanceSheet = (date: string, year: string, extra = "") =>
  get(`/api/reports/balancesheet?organisationId=${org}&year=${year}&date=${date}${extra}`);
const profitLoss = (query: string) => get(`/api/reports/profitloss?organisationId=${org}&${query}`);

describe("2024-25", () => {
  test("profit and loss: gross profit 2,000, net loss 2,500", async () => {
    const pl = await profitLoss("year=2024-25&startingDate=2024-04-01&endDate=2025-03-31");
    // Trading Dr: opening stock 40,000 + purchases (20,000 + 2,000) 22,000 + freight 2,000 = 64,000
    // Trading Cr: sales (15,000 + 12,000 − 2,000 + 6,000) 31,000 + closing stock 35,000 = 66,000
    expect(summarise(pl.trading.debit)).toEqual({
      groups: { "Opening Stock": 40_000, Purchases: 22_000, "Direct Expense": 2_000 },
      accounts: { "Closing Stock": 40_000, Purchases: 22_000, "Freight Inward": 2_000 },
    });
    expect(summarise(pl.trading.credit)).toEqual({
      groups: { Sales: 31_000, "Closing Stock": 35_000 },
      accounts: { Sales: 31_000, "Closing Stock": 35_000 },
    });
    expect(pl.grossProfit).toBe(2_000);
    expect(pl.trading.total).toBe(66_000);
    // P&L: gross profit 2,000 + commission 1,500 − rent 6,000 = −2,500 (net loss)
    expect(summarise(pl.profitAndLoss.debit).groups).toEqual({ "Indirect Expense": 6_000 });
    expect(summarise(pl.profitAndLoss.credit).groups).toEqual({ "Indirect Income": 1_500 });
    expect(pl.netProfit).toBe(-2_500);
    // Dr rent 6,000 = Cr commission 1,500 + gross profit b/f 2,000 + net loss 2,500
    expect(pl.profitAndLoss.total).toBe(6_000);
    expect(pl.openingStock).toMatchObject({ method: "opening", amount: 40_000 });
    expect(pl.closingStock).toMatchObject({ method: "manual", amount: 35_000 });
  });

  test("the period text 'Apr 2024 to Mar 2025' gives the same account as the dates", async () => {
    const byDates = await profitLoss("year=2024-25&startingDate=2024-04-01&endDate=2025-03-31");
    const byText = await profitLoss("year=2024-25&period=Apr%202024%20to%20Mar%202025");
    expect(byText).toEqual(byDates);
  });

  test("a quarter, 'Jul 24 to Sep 24': no stock typed before March, so none opens or closes", async () => {
    const pl = await profitLoss("year=2024-25&period=Jul%2024%20to%20Sep%2024");
    expect([pl.startDate, pl.endDate]).toEqual(["2024-07-01", "2024-09-30"]);
    // Dr: freight 2,000 (J1); Cr: nothing → gross loss 2,000; rent 6,000 → net loss 8,000
    expect(pl.grossProfit).toBe(-2_000);
    expect(pl.netProfit).toBe(-8_000);
    expect(pl.openingStock).toMatchObject({ method: "none", amount: 0 });
  });

  test("a period text the spec refuses is answered with its message", async () => {
    const response = await inject({
      method: "GET",
      url: `/api/reports/profitloss?organisationId=${org}&year=2024-25&period=Oct%2024%20to%20Mar%2025`,
      headers: as(owner),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("start and end year should be same");
  });

  test("balance sheet as at 31-03-2025 agrees at 5,19,720", async () => {
    const sheet = await balanceSheet("2025-03-31", "2024-25");
    // Liabilities: capital 5,00,000; P&L A/c −2,500 (this year's loss); Mehta 15,000 + 23,600
    // − 20,000 + 2,000 = 20,600; GST: output 1,890 + 1,890 + 1,800 less input 1,980 + 1,980 = 1,620
    expect(summarise(sheet.liabilities)).toEqual({
      groups: { Capital: 500_000, Reserves: -2_500, Creditors: 20_600, GST: 1_620 },
      accounts: {
        "Capital A/c": 500_000,
        "Profit & Loss A/c": -2_500,
        "Mehta Supplies": 20_600,
        "Output CGST": 1_890,
        "Output SGST": 1_890,
        "Output IGST": 1_800,
        "Input CGST": -1_980,
        "Input SGST": -1_980,
      },
    });
    // Assets: furniture 1,00,000; stock 35,000; Ravi 20,000 + 17,700 − 17,700 + 7,080 = 27,080;
    // Sharma 14,160 − 2,360 − 5,000 = 6,800; cash 50,000 − 6,000 + 5,000 − 2,360 = 46,640;
    // HDFC 3,00,000 + 17,700 − 20,000 + 1,500 = 2,99,200; difference in openings 5,000
    expect(summarise(sheet.assets)).toEqual({
      groups: {
        "Fixed Asset": 100_000,
        Stock: 35_000,
        Debtors: 33_880,
        Cash: 46_640,
        Bank: 299_200,
        "Difference in opening balances": 5_000,
      },
      accounts: {
        Furniture: 100_000,
        "Closing Stock": 35_000,
        "Ravi Stores": 27_080,
        "Sharma & Sons": 6_800,
        Cash: 46_640,
        "HDFC Bank": 299_200,
      },
    });
    expect(sheet.totalLiabilities).toBe(519_720);
    expect(sheet.totalAssets).toBe(519_720);
    expect(sheet.differenceInOpeningBalances).toEqual({ amount: 5_000, side: "assets" });
    expect(sheet.profitAndLossAccount).toMatchObject({
      accountId: ids.profitAndLoss,
      openingBalance: 0,
      currentPeriod: -2_500,
    });
    expect(sheet.profitOrLoss).toEqual({ kind: "loss", amount: 2_500, signed: -2_500 });
  });

  test("trial balance as at 31-03-2025 agrees at 5,58,680 with the difference as its own line", async () => {
    const trial = await get(`/api/reports/trialbalance?organisationId=${org}&year=2024-25`);
    // Debit balances: 2,99,200 + 46,640 + 1,00,000 + 40,000 (stock ledger) + 27,080 + 6,800
    // + 22,000 + 1,980 + 1,980 + 6,000 + 2,000 = 5,53,680, and the difference 5,000 = 5,58,680.
    // Credit balances: 5,00,000 + 20,600 + 31,000 + 1,890 + 1,890 + 1,800 + 1,500 = 5,58,680.
    expect(trial.totalDebit).toBe(558_680);
    expect(trial.totalCredit).toBe(558_680);
    expect(trial.differenceInOpeningBalances).toEqual({ amount: 5_000, type: "dr", signed: 5_000 });
    const closing = Object.fromEntries(
      trial.accounts.map((row: { name: string; closing: { signed: number } }) => [
        row.name,
        row.closing.signed,
      ]),
    );
    expect(closing).toMatchObject({
      Sales: -31_000,
      Purchases: 22_000,
      "Output IGST": -1_800,
      "Mehta Supplies": -20_600,
    });
  });

  test("ledger of Ravi Stores for 2024-25", async () => {
    const ledger = await get(
      `/api/ledger/getLedger?organisationId=${org}&accountId=${ids.ravi}&startDate=2024-04-01&endDate=2025-03-31`,
    );
    // Opening 20,000 Dr; S1 +17,700 → 37,700 Dr; R1 −17,700 → 20,000 Dr; S3 +7,080 → 27,080 Dr
    expect(ledger.openingBalance).toEqual({ amount: 20_000, type: "dr", signed: 20_000 });
    expect(
      ledger.entries.map(
        (entry: {
          date: string;
          debit: number;
          credit: number;
          balance: unknown;
          counterAccount: string;
          voucherType: string;
        }) => [
          entry.date,
          entry.voucherType,
          entry.debit,
          entry.credit,
          entry.balance,
          entry.counterAccount,
        ],
      ),
    ).toEqual([
      [
        "2024-05-05",
        "salesInvoice",
        17_700,
        0,
        { amount: 37_700, type: "dr", signed: 37_700 },
        "Sales and others",
      ],
      [
        "2024-07-01",
        "receipts",
        0,
        17_700,
        { amount: 20_000, type: "dr", signed: 20_000 },
        "HDFC Bank",
      ],
      [
        "2025-01-20",
        "salesInvoice",
        7_080,
        0,
        { amount: 27_080, type: "dr", signed: 27_080 },
        "Sales and others",
      ],
    ]);
    expect(ledger.closingBalance).toEqual({ amount: 27_080, type: "dr", signed: 27_080 });
  });

  test("ledger of Cash for 2024-25", async () => {
    const ledger = await get(
      `/api/ledger/getLedger?organisationId=${org}&accountId=${ids.cash}&startDate=2024-04-01&endDate=2025-03-31`,
    );
    // Opening 50,000; PY2 −6,000 → 44,000; R2 +5,000 → 49,000; P2 −2,360 → 46,640
    expect(ledger.openingBalance.signed).toBe(50_000);
    expect(
      ledger.entries.map((entry: { balance: { signed: number } }) => entry.balance.signed),
    ).toEqual([44_000, 49_000, 46_640]);
    expect(ledger.entries.map((entry: { counterAccount: string }) => entry.counterAccount)).toEqual(
      ["Office Rent", "Sharma & Sons", "Purchases and others"],
    );
    expect(ledger.totalDebit).toBe(5_000);
    expect(ledger.totalCredit).toBe(8_360);
    expect(ledger.closingBalance).toEqual({ amount: 46_640, type: "dr", signed: 46_640 });
  });
});

describe("2025-26", () => {
  test("profit and loss: gross loss 5,000, net loss 13,000", async () => {
    const pl = await profitLoss("year=2025-26");
    // Trading Dr: opening stock (March 2025's closing) 35,000 + purchases 10,000 = 45,000
    // Trading Cr: sales 12,000 + closing stock 28,000 = 40,000 → gross loss 5,000
    // P&L: rent 8,000 → net loss 13,000
    expect([pl.startDate, pl.endDate]).toEqual(["2025-04-01", "2026-03-31"]);
    expect(pl.openingStock).toMatchObject({ method: "manual", amount: 35_000 });
    expect(pl.closingStock).toMatchObject({ method: "manual", amount: 28_000 });
    expect(summarise(pl.trading.debit).groups).toEqual({
      "Opening Stock": 35_000,
      Purchases: 10_000,
    });
    expect(summarise(pl.trading.credit).groups).toEqual({ Sales: 12_000, "Closing Stock": 28_000 });
    expect(pl.grossProfit).toBe(-5_000);
    expect(pl.trading.total).toBe(45_000);
    expect(pl.netProfit).toBe(-13_000);
    expect(pl.profitAndLoss.total).toBe(13_000);
  });

  test("balance sheet as at 31-03-2026: last year's loss opens the Profit & Loss A/c", async () => {
    const sheet = await balanceSheet("2026-03-31", "2025-26");
    // P&L A/c: 2024-25's loss 2,500 (income less expense 2,500 Cr, stock down 5,000) plus this
    // year's loss 13,000 = −15,500. Mehta 20,600 + 11,800 = 32,400. GST: 2,970 + 2,970 + 1,800
    // − 2,880 − 2,880 = 1,980.
    expect(summarise(sheet.liabilities).groups).toEqual({
      Capital: 500_000,
      Reserves: -15_500,
      Creditors: 32_400,
      GST: 1_980,
    });
    expect(sheet.profitAndLossAccount).toMatchObject({
      name: "Profit & Loss A/c",
      openingBalance: -2_500,
      currentPeriod: -13_000,
      amount: -15_500,
    });
    // Assets: furniture 1,00,000; stock 28,000; Ravi 27,080 + 14,160 = 41,240, Sharma 6,800;
    // cash 46,640; HDFC 2,99,200 − 8,000 = 2,91,200; difference 5,000
    expect(summarise(sheet.assets).groups).toEqual({
      "Fixed Asset": 100_000,
      Stock: 28_000,
      Debtors: 48_040,
      Cash: 46_640,
      Bank: 291_200,
      "Difference in opening balances": 5_000,
    });
    expect(sheet.totalLiabilities).toBe(518_880);
    expect(sheet.totalAssets).toBe(518_880);
  });

  test("trial balance of 2025-26: the Profit & Loss A/c opens with last year's result", async () => {
    const trial = await get(`/api/reports/trialbalance?organisationId=${org}&year=2025-26`);
    const pl = trial.accounts.find((row: { name: string }) => row.name === "Profit & Loss A/c");
    // Income and expense of 2024-25 net to 2,500 Cr (before stock, which the ledger does not hold).
    expect(pl.opening).toEqual({ amount: 2_500, type: "cr", signed: -2_500 });
    expect(
      trial.accounts.find((row: { name: string }) => row.name === "Sales").opening.signed,
    ).toBe(0);
    // Debits 5,49,640 + difference 5,000 = 5,54,640 = credits 5,54,640
    expect(trial.totalDebit).toBe(554_640);
    expect(trial.totalCredit).toBe(554_640);
  });

  test("ledger of Mehta Supplies for 2025-26 opens with the balance carried forward", async () => {
    const ledger = await get(
      `/api/ledger/getLedger?organisationId=${org}&accountId=${ids.mehta}&startDate=2025-04-01&endDate=2026-03-31`,
    );
    expect(ledger.openingBalance).toEqual({ amount: 20_600, type: "cr", signed: -20_600 });
    expect(ledger.closingBalance).toEqual({ amount: 32_400, type: "cr", signed: -32_400 });
  });
});

describe("a ledger opening on any day", () => {
  test.each([
    ["2024-25", "2024-10-04", "2024-10-05", "2025-03-31"],
    ["2025-26", "2025-06-14", "2025-06-15", "2026-03-31"],
  ])(
    "in %s: every account's ledger opens at its trial-balance closing of the day before",
    async (year, dayBefore, day, yearEnd) => {
      const trial = await get(
        `/api/reports/trialbalance?organisationId=${org}&year=${year}&date=${dayBefore}`,
      );
      const closings = new Map<string, unknown>(
        trial.accounts.map((row: { accountId: string; closing: unknown }) => [
          row.accountId,
          row.closing,
        ]),
      );
      // The Profit & Loss A/c carries the earlier years' result: the case most likely to differ.
      const profitAndLoss = await systemAccountId(context, org, "profitAndLoss");
      if (year === "2025-26") expect(closings.get(profitAndLoss)).toMatchObject({ type: "cr" });
      expect(closings.size).toBeGreaterThan(10);
      for (const accountId of new Set([profitAndLoss, ...closings.keys()])) {
        const ledger = await get(
          `/api/ledger/getLedger?organisationId=${org}&accountId=${accountId}&startDate=${day}&endDate=${yearEnd}`,
        );
        expect(ledger.openingBalance, ledger.account.name).toEqual(
          closings.get(accountId) ?? { amount: 0, type: "dr", signed: 0 },
        );
      }
    },
  );
});

describe("always balanced", () => {
  test("assets equal liabilities at every month end and on odd days of both years", async () => {
    const dates = [
      "2024-04-01",
      "2024-04-10",
      "2024-05-31",
      "2024-06-30",
      "2024-07-15",
      "2024-09-30",
      "2024-10-05",
      "2024-12-31",
      "2025-02-14",
      "2025-03-30",
      "2025-04-01",
      "2025-04-20",
      "2025-06-30",
      "2025-09-30",
      "2026-01-31",
    ];
    for (const date of dates) {
      const year = date >= "2025-04-01" ? "2025-26" : "2024-25";
      const sheet = await balanceSheet(date, year);
      expect(sheet.totalAssets, date).toBe(sheet.totalLiabilities);
    }
  });

  test("the summary form has the same totals and no accounts", async () => {
    const sheet = await balanceSheet("2025-03-31", "2024-25", "&type=summary");
    expect(sheet.totalAssets).toBe(519_720);
    expect(sheet.assets.every((group: Group) => group.accounts.length === 0)).toBe(true);
  });

  test("a date outside the year is refused", async () => {
    const response = await inject({
      method: "GET",
      url: `/api/reports/balancesheet?organisationId=${org}&year=2024-25&date=2025-04-01`,
      headers: as(owner),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Date should be within current financial year.");
  });
});

describe("downloads", () => {
  async function download(url: string) {
    const response = await inject({ method: "GET", url, headers: as(owner) });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response;
  }

  test("the balance sheet in Excel carries the organisation, the date and equal totals", async () => {
    const response = await download(
      `/api/reports/balancesheet?organisationId=${org}&year=2024-25&date=2025-03-31&download=true&format=excel`,
    );
    expect(response.headers["content-disposition"]).toContain("balance-sheet-2025-03-31.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no worksheet");
    const texts: string[] = [];
    let totals: unknown[] = [];
    sheet.eachRow((row) => {
      const first = row.getCell(1).value;
      texts.push(String(first));
      if (first === "Total") totals = [row.getCell(3).value, row.getCell(6).value];
    });
    expect(texts.slice(0, 3)).toEqual(["Fixed Set Traders", "Balance Sheet", "As at 31-03-2025"]);
    expect(totals).toEqual([519_720, 519_720]);
  });

  test("the trial balance and a ledger as tables for their downloads", async () => {
    const trial = tabulateTrialBalance(
      await get(`/api/reports/trialbalance?organisationId=${org}&year=2024-25`),
    );
    expect(trial.rows.at(-1)).toMatchObject({
      name: "Difference in opening balances",
      closingDebit: 500_000,
    });
    expect(trial.totals).toEqual({ closingDebit: 55_868_000, closingCredit: 55_868_000 });
    const file = await renderTableDocument(
      { ...trial, organisationName: "Fixed Set Traders" },
      "excel",
      { organisationId: org },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    let totals: unknown[] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      if (row.getCell(1).value === "Total") totals = [row.getCell(6).value, row.getCell(7).value];
    });
    expect(totals).toEqual([558_680, 558_680]);
    const ledger = tabulateLedger(
      await get(
        `/api/ledger/getLedger?organisationId=${org}&accountId=${ids.ravi}&startDate=2024-04-01&endDate=2025-03-31`,
      ),
    );
    expect(ledger.rows.map((row) => [row.particulars, row.balance, row.side])).toEqual([
      ["Opening Balance", 2_000_000, "Dr"],
      ["Sales and others", 3_770_000, "Dr"],
      ["HDFC Bank", 2_000_000, "Dr"],
      ["Sales and others", 2_708_000, "Dr"],
      ["Closing Balance", 2_708_000, "Dr"],
    ]);
    expect(ledger.totals).toEqual({ debit: 2_478_000, credit: 1_770_000 });
  });

  test("the profit and loss account as a PDF", async () => {
    const response = await download(
      `/api/reports/profitloss?organisationId=${org}&year=2024-25&download=true`,
    );
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
  });
});

describe("postings made straight to a stock account", () => {
  // Openings: Cash 5,000, Capital −5,000. 01-06-2024 journal Dr Closing Stock 1,000, Cr Cash.
  // Closing stock typed for March 2025: 3,000; nothing typed for 2025-26, so March 2025's
  // figure stands. 2024-25: Dr stock entries 1,000; Cr closing stock 3,000 → profit 2,000.
  // Balance sheet: Capital 5,000 + P&L A/c 2,000 = Stock 3,000 + Cash 4,000 = 7,000, and in
  // 2025-26 the 2,000 has moved into the P&L A/c's opening.
  test("count as stock bought in the trading account and keep both years balanced", async () => {
    const { organisationId } = await createOrganisation(context, owner.cookies, {
      startingYear: "2024-25",
      manageInventory: false,
    });
    const db = context.testDatabase.database.db;
    const cash = await systemAccountId(context, organisationId, "cash");
    const stock = await systemAccountId(context, organisationId, "closingStock");
    await db
      .updateTable("accounts")
      .set({ opening_balance_paise: 500_000 })
      .where("organisation_id", "=", organisationId)
      .where("id", "=", cash)
      .execute();
    await insertAccount(context, organisationId, {
      name: "Owner's Capital",
      nature: "Capital",
      openingBalancePaise: -500_000,
    });
    const journal = await inject({
      method: "POST",
      url: "/api/journalentry/add",
      headers: as(owner),
      payload: {
        organisationId,
        year: "2024-25",
        date: "2024-06-01",
        entries: [
          { accountId: stock, debitAmount: 1000, creditAmount: 0 },
          { accountId: cash, debitAmount: 0, creditAmount: 1000 },
        ],
      },
    });
    expect(journal.statusCode, journal.body).toBe(200);
    const typed = await inject({
      method: "POST",
      url: "/api/misc/editclosingstock",
      headers: as(owner),
      payload: { organisationId, accountId: stock, data: [{ month: "2025-03", value: 3000 }] },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const pl = await get(`/api/reports/profitloss?organisationId=${organisationId}&year=2024-25`);
    expect(summarise(pl.trading.debit).groups).toEqual({
      "Opening Stock": 0,
      "Stock Account Entries": 1000,
    });
    expect(pl.netProfit).toBe(2000);
    const first = await get(
      `/api/reports/balancesheet?organisationId=${organisationId}&year=2024-25&date=2025-03-31`,
    );
    expect(summarise(first.assets).groups).toEqual({ Stock: 3000, Cash: 4000 });
    expect([first.totalAssets, first.totalLiabilities]).toEqual([7000, 7000]);
    const second = await get(
      `/api/reports/balancesheet?organisationId=${organisationId}&year=2025-26&date=2026-03-31`,
    );
    expect(second.profitAndLossAccount).toMatchObject({ openingBalance: 2000, currentPeriod: 0 });
    expect([second.totalAssets, second.totalLiabilities]).toEqual([7000, 7000]);
  });
});
