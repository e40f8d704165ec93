import { findAccountGroup } from "@bahi/domain";
import { describe, expect, test } from "vitest";
import type { OrganisationsTable } from "../../db/schema.ts";
import type { ReportAccount, ReportItem, VoucherDocumentRow } from "./reports.repository.ts";
import type { TradeDocument, TradeLine } from "./trade-documents.ts";
import {
  buildItemHistoryReport,
  buildOverdueReport,
  filterTradeDocuments,
  isCashOrBankAccount,
  readItemHistoryLines,
  TRADE_REPORT_BUILDERS,
  TRADE_REPORTS,
  TRADE_SIDES,
  type TradeReportKind,
  type TradeReportQuery,
  type TradeReportScope,
  type TradeSideKey,
} from "./trade-reports.builders.ts";

// The builders on documents made here: no database, every figure worked out by hand.

const CASH_GROUP = findAccountGroup("Cash")?.id as number;
const DEBTORS_GROUP = findAccountGroup("Debtors")?.id as number;

function account(id: string, name: string, extra: Partial<ReportAccount> = {}): ReportAccount {
  return {
    id,
    name,
    groupId: DEBTORS_GROUP,
    systemKey: null,
    openingBalancePaise: 0,
    gstin: null,
    stateCode: null,
    ...extra,
  };
}

function item(id: string, name: string, extra: Partial<ReportItem> = {}): ReportItem {
  return {
    id,
    name,
    type: "goods",
    uom: "PCS",
    gstRate: "18",
    openingQuantityMilli: 0,
    openingValuePaise: 0,
    purchasePricePaise: 0,
    ...extra,
  };
}

const ACCOUNTS = [
  account("a-ravi", "Ravi Traders", { gstin: "27AAPFU0939F1ZV" }),
  account("a-meena", "Meena Stores"),
  account("a-cash", "Cash", { groupId: CASH_GROUP }),
];
const ITEMS = [
  item("i-pen", "Pen"),
  item("i-ink", "Ink", { gstRate: "12" }),
  item("i-fix", "Repair", { type: "services", uom: null }),
];

function scopeOf(
  kind: TradeReportKind,
  query: Partial<TradeReportQuery> = {},
  sideKey: TradeSideKey = "sales",
): TradeReportScope {
  const side = TRADE_SIDES[sideKey];
  return {
    side,
    kind,
    title: TRADE_REPORTS[kind].title(side),
    organisation: { id: "org", state_code: "27", manage_inventory: 1 } as OrganisationsTable,
    accounts: new Map(ACCOUNTS.map((a) => [a.id, a])),
    items: new Map(ITEMS.map((i) => [i.id, i])),
    query: { organisationId: "org", year: "2026-27", ...query },
    startDate: query.startDate ?? "2026-04-01",
    endDate: query.endDate ?? "2026-06-30",
  };
}

function line(extra: Partial<TradeLine>): TradeLine {
  return {
    kind: "item",
    lineNo: 1,
    itemId: "i-pen",
    accountId: null,
    quantityMilli: 0,
    ratePaise: 0,
    discountType: "percent",
    discount: 0,
    gstRate: 18,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    cessPaise: 0,
    ...extra,
  };
}

/** A document whose header figures are the sum of its lines. */
function doc(extra: Partial<TradeDocument> & { lines: TradeLine[] }): TradeDocument {
  const sum = (key: "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise" | "cessPaise") =>
    extra.lines.reduce((total, l) => total + l[key], 0);
  const taxable = sum("taxablePaise");
  const tax = sum("cgstPaise") + sum("sgstPaise") + sum("igstPaise") + sum("cessPaise");
  return {
    id: "v",
    type: "salesInvoice",
    year: "2026-27",
    date: "2026-04-10",
    number: "1",
    partyAccountId: "a-ravi",
    partyName: null,
    totalPaise: taxable + tax,
    pendingPaise: null,
    dueDate: null,
    isReturn: false,
    noteType: null,
    pos: "27",
    supplierStateCode: null,
    gstin: null,
    reverseCharge: false,
    taxablePaise: taxable,
    cgstPaise: sum("cgstPaise"),
    sgstPaise: sum("sgstPaise"),
    igstPaise: sum("igstPaise"),
    cessPaise: sum("cessPaise"),
    isRaise: false,
    typeMovesStock: true,
    ...extra,
    sign: extra.sign ?? (extra.isReturn ? -1 : 1),
  };
}

// Sold: 10 pens for ₹1,000 + 18 % intra-state in April; 2 ink at ₹200 + 12 % IGST to Gujarat
// in May. Back: 3 pens (₹300 + 18 %) returned in May; a ₹50 price adjustment on pens in June.
const INVOICE_1 = doc({
  id: "inv-1",
  lines: [
    line({ quantityMilli: 10_000, taxablePaise: 100_000, cgstPaise: 9_000, sgstPaise: 9_000 }),
  ],
});
const INVOICE_2 = doc({
  id: "inv-2",
  number: "2",
  date: "2026-05-05",
  partyAccountId: "a-meena",
  pos: "24",
  lines: [
    line({
      itemId: "i-ink",
      gstRate: 12,
      quantityMilli: 2_000,
      taxablePaise: 20_000,
      igstPaise: 2_400,
    }),
  ],
});
const RETURN = doc({
  id: "cn-1",
  type: "creditNote",
  number: "CN1",
  date: "2026-05-20",
  isReturn: true,
  noteType: "return",
  lines: [line({ quantityMilli: 3_000, taxablePaise: 30_000, cgstPaise: 2_700, sgstPaise: 2_700 })],
});
const ADJUSTMENT = doc({
  id: "cn-2",
  type: "creditNote",
  number: "CN2",
  date: "2026-06-15",
  isReturn: true,
  noteType: "adjustment",
  lines: [line({ quantityMilli: 10_000, taxablePaise: 5_000, cgstPaise: 450, sgstPaise: 450 })],
});
const DOCUMENTS = [INVOICE_1, INVOICE_2, RETURN, ADJUSTMENT];

describe("trade report builders", () => {
  test("by month: every month of the range, notes netted in their own month", () => {
    const report = TRADE_REPORT_BUILDERS.byMonthQuarter(scopeOf("byMonthQuarter"), DOCUMENTS);
    expect(report.report).toBe("salesByMonthQuarter");
    expect(report.title).toBe("Sales by Month or Quarter");
    expect(report.period).toBe("From 01-04-2026 to 30-06-2026");
    expect(
      report.rows.map((row) => [
        row.count,
        row.invoiceAmount,
        row.returnAmount,
        row.taxable,
        row.tax,
        row.total,
      ]),
    ).toEqual([
      [1, 100_000, 0, 100_000, 18_000, 118_000],
      [1, 20_000, 30_000, -10_000, 2_400 - 5_400, 22_400 - 35_400],
      [0, 0, 5_000, -5_000, -900, -5_900],
    ]);
    expect(report.totals).toEqual({
      count: 2,
      invoiceAmount: 120_000,
      returnAmount: 35_000,
      // The sales side has a column for debit notes to customers (decision 067); none here.
      raiseAmount: 0,
      taxable: 85_000,
      tax: 14_100,
      total: 99_100,
    });
  });

  test("by quarter: one row for the quarter, labelled with the year", () => {
    const report = TRADE_REPORT_BUILDERS.byMonthQuarter(
      scopeOf("byMonthQuarter", { periodType: "quarter" }),
      DOCUMENTS,
    );
    expect(report.columns[0]?.label).toBe("Quarter");
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]?.period).toMatch(/^Q1 2026/);
    expect(report.rows[0]?.taxable).toBe(85_000);
  });

  test("by item: a returned quantity counts back, a price adjustment only in value", () => {
    const report = TRADE_REPORT_BUILDERS.byItem(scopeOf("byItem"), DOCUMENTS);
    expect(report.rows).toEqual([
      {
        itemId: "i-pen",
        item: "Pen",
        uom: "PCS",
        quantity: 7,
        taxable: 65_000,
        tax: 11_700,
        total: 76_700,
      },
      {
        itemId: "i-ink",
        item: "Ink",
        uom: "PCS",
        quantity: 2,
        taxable: 20_000,
        tax: 2_400,
        total: 22_400,
      },
    ]);
    expect(report.totals).toEqual({ quantity: 9, taxable: 85_000, tax: 14_100, total: 99_100 });
  });

  test("by day, by party, by GST rate, by month with GST, by item type", () => {
    const byDay = TRADE_REPORT_BUILDERS.byDay(scopeOf("byDay"), DOCUMENTS);
    expect(byDay.rows.map((row) => [row.date, row.count, row.returnCount, row.total])).toEqual([
      ["2026-04-10", 1, 0, 118_000],
      ["2026-05-05", 1, 0, 22_400],
      ["2026-05-20", 0, 1, -35_400],
      ["2026-06-15", 0, 1, -5_900],
    ]);
    const byParty = TRADE_REPORT_BUILDERS.byParty(scopeOf("byParty"), DOCUMENTS);
    expect(
      byParty.rows.map((row) => [row.party, row.gstin, row.count, row.returnCount, row.total]),
    ).toEqual([
      ["Ravi Traders", "27AAPFU0939F1ZV", 1, 2, 76_700],
      ["Meena Stores", "", 1, 0, 22_400],
    ]);
    expect(byParty.columns[0]?.label).toBe("Customer");
    const byRate = TRADE_REPORT_BUILDERS.byGstRate(scopeOf("byGstRate"), DOCUMENTS);
    expect(byRate.rows.map((row) => [row.rate, row.taxable, row.cgst, row.igst, row.tax])).toEqual([
      ["12%", 20_000, 0, 2_400, 2_400],
      ["18%", 65_000, 5_850, 0, 11_700],
    ]);
    const byMonth = TRADE_REPORT_BUILDERS.byMonthWithGst(scopeOf("byMonthWithGst"), DOCUMENTS);
    expect(byMonth.rows.map((row) => [row.cgst, row.sgst, row.igst, row.total])).toEqual([
      [9_000, 9_000, 0, 118_000],
      [-2_700, -2_700, 2_400, -13_000],
      [-450, -450, 0, -5_900],
    ]);
    expect(byMonth.totals?.total).toBe(99_100);
    const service = doc({
      id: "inv-3",
      lines: [
        line({ itemId: "i-fix", quantityMilli: 1_000, taxablePaise: 10_000, igstPaise: 1_800 }),
      ],
    });
    const byType = TRADE_REPORT_BUILDERS.byItemType(scopeOf("byItemType"), [...DOCUMENTS, service]);
    expect(byType.rows.map((row) => [row.type, row.quantity, row.taxable, row.total])).toEqual([
      ["Goods", 9, 85_000, 99_100],
      ["Services", 1, 10_000, 11_800],
    ]);
  });

  test("by state: the place of supply of a sale, the supplier's state of a purchase", () => {
    const sales = TRADE_REPORT_BUILDERS.byState(scopeOf("byState"), [
      INVOICE_1,
      INVOICE_2,
      doc({ id: "inv-4", pos: null, lines: [line({ taxablePaise: 1_000 })] }),
    ]);
    expect(sales.rows.map((row) => [row.stateCode, row.taxable])).toEqual([
      ["24", 20_000],
      ["27", 101_000],
    ]);
    expect(sales.rows[0]?.state).toBe("Gujarat");
    const bill = doc({
      id: "bill-1",
      type: "purchases",
      pos: "27",
      supplierStateCode: "24",
      lines: [line({ taxablePaise: 5_000, igstPaise: 900 })],
    });
    const purchases = TRADE_REPORT_BUILDERS.byState(scopeOf("byState", {}, "purchase"), [bill]);
    expect(purchases.report).toBe("purchasebypos");
    expect(purchases.rows.map((row) => [row.stateCode, row.igst])).toEqual([["24", 900]]);
  });

  test("wrong GST rate: item lines charged at a rate other than the item's own", () => {
    const wrong = doc({
      id: "inv-5",
      number: "5",
      partyAccountId: null,
      partyName: "Walk-in",
      lines: [
        line({ itemId: "i-ink", gstRate: 18, taxablePaise: 1_000, igstPaise: 180 }),
        line({ itemId: "i-pen", gstRate: 18, taxablePaise: 1_000 }),
        line({ kind: "account", itemId: null, accountId: "a-x", gstRate: 5 }),
      ],
    });
    const report = TRADE_REPORT_BUILDERS.wrongGstRate(scopeOf("wrongGstRate"), [wrong]);
    expect(report.rows).toEqual([
      {
        voucherId: "inv-5",
        voucherType: "salesInvoice",
        date: "2026-04-10",
        number: "5",
        party: "Walk-in",
        itemId: "i-ink",
        item: "Ink",
        itemRate: "12%",
        chargedRate: "18%",
        taxable: 1_000,
        tax: 180,
      },
    ]);
  });

  test("most returned items and parties returning most: goods sent back only, up to the limit", () => {
    const secondReturn = doc({
      id: "cn-3",
      date: "2026-06-01",
      isReturn: true,
      noteType: "return",
      partyAccountId: "a-meena",
      lines: [
        line({ itemId: "i-ink", gstRate: 12, quantityMilli: 1_000, taxablePaise: 10_000 }),
        line({ itemId: "i-pen", quantityMilli: 500, taxablePaise: 5_000 }),
      ],
    });
    const documents = [...DOCUMENTS, secondReturn];
    const items = TRADE_REPORT_BUILDERS.mostReturnedItems(scopeOf("mostReturnedItems"), documents);
    expect(items.rows.map((row) => [row.item, row.notes, row.quantity, row.value])).toEqual([
      ["Pen", 2, 3.5, 35_000],
      ["Ink", 1, 1, 10_000],
    ]);
    const limited = TRADE_REPORT_BUILDERS.mostReturnedItems(
      scopeOf("mostReturnedItems", { limit: 1 }),
      documents,
    );
    expect(limited.rows.map((row) => row.item)).toEqual(["Pen"]);
    const parties = TRADE_REPORT_BUILDERS.partiesReturningMost(
      scopeOf("partiesReturningMost"),
      documents,
    );
    expect(parties.title).toBe("Customers Returning Most Items");
    expect(
      parties.rows.map((row) => [row.party, row.notes, row.quantity, row.value, row.total]),
    ).toEqual([
      ["Ravi Traders", 1, 3, 30_000, 35_400],
      ["Meena Stores", 1, 1.5, 15_000, 15_000],
    ]);
  });
});

function row(
  id: string,
  document: Record<string, unknown>,
  extra: Partial<VoucherDocumentRow> = {},
): VoucherDocumentRow {
  return {
    id,
    type: "salesInvoice",
    year: "2026-27",
    date: "2026-04-10",
    number: id,
    partyAccountId: "a-ravi",
    partyName: null,
    amountPaise: 11_800,
    pendingPaise: 11_800,
    narration: null,
    createdAt: "2026-04-10T10:00:00.000Z",
    document: JSON.stringify(document),
    ...extra,
  };
}

describe("trade report filters, overdue and item history", () => {
  test("B2B is a party with a GSTIN (on the document or the account); RCM filters by the flag", () => {
    const rows = [
      row("r-1", { rcmApplicable: true }),
      row("r-2", {}, { partyAccountId: "a-meena" }),
      row("r-3", { gstin: "24AAACB2894G1ZH" }, { partyAccountId: null }),
    ];
    const ids = (query: Partial<TradeReportQuery>) =>
      filterTradeDocuments(scopeOf("byDay", query), rows).map((document) => document.id);
    expect(ids({})).toEqual(["r-1", "r-2", "r-3"]);
    expect(ids({ b2bOrB2c: "b2b" })).toEqual(["r-1", "r-3"]);
    expect(ids({ b2bOrB2c: "b2c" })).toEqual(["r-2"]);
    expect(ids({ rcmOrNonRcm: "rcm" })).toEqual(["r-1"]);
    expect(ids({ rcmOrNonRcm: "nonRcm", b2bOrB2c: "b2b" })).toEqual(["r-3"]);
  });

  test("overdue: past due bills in their ageing bucket; not yet due and cash sales left out", () => {
    const rows = [
      row("due-soon", { dueDate: "2026-07-01" }),
      row("late-40", { dueDate: "2026-05-22" }, { pendingPaise: 5_000 }),
      row("late-100", {}, { date: "2026-03-23", year: "2025-26" }),
      row("cash", {}, { date: "2026-01-01", partyAccountId: "a-cash" }),
    ];
    const report = buildOverdueReport(scopeOf("overdue"), rows, "2026-07-01");
    expect(report.report).toBe("overduesalesreport");
    expect(report.period).toBe("As at 01-07-2026");
    expect([report.startDate, report.endDate, report.extra]).toEqual([
      "2026-07-01",
      "2026-07-01",
      { date: "2026-07-01" },
    ]);
    expect(
      report.rows.map((r) => [r.voucherId, r.daysOverdue, r.pending, r.days31to60, r.days90plus]),
    ).toEqual([
      ["late-40", 40, 5_000, 5_000, null],
      ["late-100", 100, 11_800, null, 11_800],
    ]);
    expect(report.totals).toEqual({
      total: 23_600,
      pending: 16_800,
      days0to30: 0,
      days31to60: 5_000,
      days61to90: 0,
      days90plus: 11_800,
    });
    expect(isCashOrBankAccount(ACCOUNTS[2])).toBe(true);
    expect(isCashOrBankAccount(ACCOUNTS[0])).toBe(false);
    expect(isCashOrBankAccount(undefined)).toBe(false);
  });

  test("item history: the item's lines in order, the edited voucher left out, quantities summed", () => {
    const penLine = (quantity: number, rate: number) => ({
      itemId: "i-pen",
      quantity,
      rate,
      discountType: "amount",
      discount: 5,
      gstRate: 18,
      amount: quantity * rate - 5,
    });
    const vouchers = [
      row("v-3", { itemDetails: [penLine(2, 10), { itemId: "i-ink", quantity: 1, amount: 4 }] }),
      row(
        "v-2",
        { itemDetails: [penLine(1.5, 12)] },
        { partyAccountId: null, partyName: "Walk-in" },
      ),
      row("v-1", { itemDetails: [penLine(4, 9)] }),
    ];
    const scope = scopeOf("itemHistoryAllParties", { itemId: "i-pen" });
    const lines = readItemHistoryLines(scope, vouchers, "i-pen", "v-1");
    expect(
      lines.map((l) => [
        l.voucherId,
        l.party,
        l.quantity,
        l.rate,
        l.discountType,
        l.discount,
        l.taxable,
      ]),
    ).toEqual([
      ["v-3", "Ravi Traders", 2, 1_000, "amount", 5, 1_500],
      ["v-2", "Walk-in", 1.5, 1_200, "amount", 5, 1_300],
    ]);
    const report = buildItemHistoryReport(scope, "i-pen", false, lines);
    expect(report.report).toBe("item-sales-history-all-parties");
    expect([report.title, report.period, report.extra]).toEqual([
      "Item Sales History (All Customers)",
      "Pen",
      { itemId: "i-pen" },
    ]);
    expect(report.totals).toEqual({ quantity: 3.5, taxable: 2_800 });
    const perParty = buildItemHistoryReport(
      scopeOf("itemHistory", { itemId: "i-pen", accountId: "a-ravi" }, "purchase"),
      "i-pen",
      true,
      [],
    );
    expect([perParty.report, perParty.extra, perParty.totals]).toEqual([
      "item-purchase-history",
      { itemId: "i-pen", accountId: "a-ravi" },
      { quantity: 0, taxable: 0 },
    ]);
  });
});
