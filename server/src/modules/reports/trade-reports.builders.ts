import {
  addDays,
  BILLABLE_TYPES,
  type BillableType,
  daysBetween,
  describeGstRate,
  financialYearOf,
  findAccountGroup,
  findNoteTypeFor,
  findPlaceOfSupply,
  formatMonthLabel,
  getVoucherDefinition,
  isCashOrBankNature,
  listTradeTypes,
  milliToQuantity,
  monthOf,
  type PartySide,
  quarterOfMonth,
  storedQuantityToMilli,
  type VoucherType,
} from "@bahi/domain";
import type { OrganisationsTable } from "../../db/schema.ts";
import type { ExportCell, ExportColumn } from "../exports/export-table.ts";
import { describeAsAt, describeRange, type TabularReport } from "../exports/report-files.ts";
import type { ReportAccount, ReportItem, VoucherDocumentRow } from "./reports.repository.ts";
import {
  movesGoods,
  readTradeDocument,
  type TradeDocument,
  type TradeLine,
} from "./trade-documents.ts";

// The pure half of the trade reports: the catalogue (sides, kinds, routes, titles) and the
// builders that turn the documents read into a report. No database here: the service reads and
// hands over a scope (the organisation, its accounts and items, the query) and the rows.

// The sales reports and the purchase reports are one family (spec 2.3, api.md 7), written once
// and read from the side. Which types make a side, and with which sign, is the registry's
// `tradeSign` (decision 067): sales are sales invoices less credit notes plus debit notes to
// customers, purchases are purchase bills less debit notes. A report about value (by month, item,
// day, state, party, rate, item type, month with GST) is net of the notes: each note's amounts
// count with its sign in its own period, state, party and rate, and its quantities count only when
// it moved goods (note type 'return', not a price 'adjustment'; a debit note to a customer never).

export type TradeSideKey = "sales" | "purchase";

export interface TradeSide {
  key: TradeSideKey;
  invoiceType: BillableType;
  /** The note that lowers the side's invoices or bills (the registry's). */
  returnType: VoucherType;
  /** The notes that raise them (the debit note to a customer); empty on the purchase side. */
  raiseTypes: readonly VoucherType[];
  /** Every type of the side, the invoice first (the registry's trade types). */
  types: readonly VoucherType[];
  /** Sales, Purchase */
  word: string;
  /** Customer, Supplier */
  party: string;
  invoices: string;
  returns: string;
  /** The raising notes' column heading (their registry title), or null when the side has none. */
  raises: string | null;
}

function describeSide(
  key: TradeSideKey,
  partySide: PartySide,
  words: Pick<TradeSide, "word" | "party" | "invoices" | "returns">,
): TradeSide {
  const invoiceType = BILLABLE_TYPES.find(
    (type) => getVoucherDefinition(type).partySide === partySide,
  ) as BillableType;
  const returnType = findNoteTypeFor(invoiceType);
  const trade = listTradeTypes(partySide);
  const raiseTypes = trade
    .filter(({ type, sign }) => sign > 0 && type !== invoiceType)
    .map(({ type }) => type);
  return {
    key,
    invoiceType,
    returnType,
    raiseTypes,
    types: trade.map(({ type }) => type),
    ...words,
    raises: raiseTypes.length
      ? raiseTypes.map((type) => getVoucherDefinition(type).titles.plural).join(", ")
      : null,
  };
}

export const TRADE_SIDES: Record<TradeSideKey, TradeSide> = {
  sales: describeSide("sales", "customer", {
    word: "Sales",
    party: "Customer",
    invoices: "Invoices",
    returns: "Credit Notes",
  }),
  purchase: describeSide("purchase", "supplier", {
    word: "Purchase",
    party: "Supplier",
    invoices: "Bills",
    returns: "Debit Notes",
  }),
};

export const TRADE_REPORT_KINDS = [
  "byMonthQuarter",
  "byItem",
  "byDay",
  "byState",
  "byParty",
  "byGstRate",
  "wrongGstRate",
  "mostReturnedItems",
  "partiesReturningMost",
  "overdue",
  "byItemType",
  "byMonthWithGst",
  "itemHistory",
  "itemHistoryAllParties",
] as const;
export type TradeReportKind = (typeof TRADE_REPORT_KINDS)[number];

/** Route names (api.md 7) and titles of each report on each side. */
export const TRADE_REPORTS: Record<
  TradeReportKind,
  { route: Record<TradeSideKey, string>; title: (side: TradeSide) => string; gstOnly?: true }
> = {
  byMonthQuarter: {
    route: { sales: "salesByMonthQuarter", purchase: "purchaseByMonthQuarter" },
    title: (side) => `${side.word} by Month or Quarter`,
  },
  byItem: {
    route: { sales: "salesbyitem", purchase: "purchasebyitem" },
    title: (side) => `${side.word} by Item`,
  },
  byDay: {
    route: { sales: "salesbyday", purchase: "purchasebyday" },
    title: (side) => `${side.word} by Day`,
  },
  byState: {
    route: { sales: "salesbypos", purchase: "purchasebypos" },
    title: (side) => `${side.word} by State`,
    gstOnly: true,
  },
  byParty: {
    route: { sales: "salesbycustomer", purchase: "purchasebysupplier" },
    title: (side) => `${side.word} by ${side.party}`,
  },
  byGstRate: {
    route: { sales: "salesbygstrate", purchase: "purchasebygstrate" },
    title: (side) => `${side.word} by GST Rate`,
    gstOnly: true,
  },
  wrongGstRate: {
    route: { sales: "saleswithwronggstrate", purchase: "purchasewithwronggstrate" },
    title: (side) => `${side.word} with Wrong GST Rate`,
  },
  mostReturnedItems: {
    route: { sales: "salesbymostreturneditems", purchase: "purchasebymostreturneditems" },
    title: () => "Most Returned Items",
  },
  partiesReturningMost: {
    route: {
      sales: "mostitemsreturningsalescustomers",
      purchase: "mostitemsreturningpurchasesuppliers",
    },
    title: (side) =>
      side.key === "sales" ? "Customers Returning Most Items" : "Suppliers Returned Most Items",
  },
  overdue: {
    route: { sales: "overduesalesreport", purchase: "overduepurchasereport" },
    title: (side) => (side.key === "sales" ? "Overdue Sales Invoices" : "Overdue Purchase Bills"),
  },
  byItemType: {
    route: { sales: "salesbyitemtype", purchase: "purchasebyitemtype" },
    title: (side) => `${side.word} by Item Type`,
  },
  byMonthWithGst: {
    route: { sales: "salesbymonthwithgst", purchase: "purchasebymonthwithgst" },
    title: (side) => `${side.word} by Month with GST`,
  },
  itemHistory: {
    route: { sales: "item-sales-history", purchase: "item-purchase-history" },
    title: (side) => `Item ${side.word} History`,
  },
  itemHistoryAllParties: {
    route: { sales: "item-sales-history-all-parties", purchase: "item-all-purchase-history" },
    title: (side) => `Item ${side.word} History (All ${side.party}s)`,
  },
};

export interface TradeReportQuery {
  organisationId: string;
  year: string;
  startDate?: string | undefined;
  endDate?: string | undefined;
  /** Party filter; required by the per-party item history. */
  accountId?: string | undefined;
  b2bOrB2c?: "all" | "b2b" | "b2c" | undefined;
  rcmOrNonRcm?: "all" | "rcm" | "nonRcm" | undefined;
  periodType?: "month" | "quarter" | undefined;
  transactionType?: string | undefined;
  /** Overdue: as at this date. */
  date?: string | undefined;
  itemId?: string | undefined;
  limit?: number | undefined;
  excludeId?: string | undefined;
}

/** What a builder is given besides the documents: who, which report, the query and range. */
export interface TradeReportScope {
  side: TradeSide;
  kind: TradeReportKind;
  title: string;
  organisation: OrganisationsTable;
  accounts: Map<string, ReportAccount>;
  items: Map<string, ReportItem>;
  query: TradeReportQuery;
  startDate: string;
  endDate: string;
}

function gstinOf(scope: TradeReportScope, document: TradeDocument): string | null {
  if (document.gstin) return document.gstin;
  return document.partyAccountId
    ? (scope.accounts.get(document.partyAccountId)?.gstin ?? null)
    : null;
}

/** The common filters: B2B (the party has a GSTIN) or B2C, and reverse charge or not. */
export function filterTradeDocuments(
  scope: TradeReportScope,
  rows: readonly VoucherDocumentRow[],
): TradeDocument[] {
  const { b2bOrB2c = "all", rcmOrNonRcm = "all" } = scope.query;
  return rows
    .map((row) => readTradeDocument(row))
    .filter((document) => {
      if (b2bOrB2c !== "all" && (gstinOf(scope, document) !== null) !== (b2bOrB2c === "b2b"))
        return false;
      if (rcmOrNonRcm !== "all" && document.reverseCharge !== (rcmOrNonRcm === "rcm")) return false;
      return true;
    });
}

// ---------------------------------------------------------------------------------------------
// Building blocks

const sign = (document: TradeDocument) => document.sign;
const taxOfLine = (line: TradeLine) =>
  line.cgstPaise + line.sgstPaise + line.igstPaise + line.cessPaise;

const amount = (key: string, label: string): ExportColumn => ({ key, label, kind: "amount" });
const number = (key: string, label: string): ExportColumn => ({ key, label, kind: "number" });
const textColumn = (key: string, label: string): ExportColumn => ({ key, label, kind: "text" });
const dateColumn = (key: string, label: string): ExportColumn => ({ key, label, kind: "date" });

/**
 * Σ of the given columns over the rows (paise for amounts, plain numbers for quantities). A
 * quantity column is added in whole thousandths, so 0.1 + 0.2 is 0.3, not 0.30000000000000004.
 */
function sumColumns(rows: readonly Record<string, ExportCell>[], keys: readonly string[]) {
  const totals: Record<string, number> = {};
  for (const key of keys) {
    const quantity = key.toLowerCase().includes("quantity");
    let total = 0;
    for (const row of rows) {
      const value = row[key];
      if (typeof value === "number") total += quantity ? storedQuantityToMilli(value) : value;
    }
    totals[key] = quantity ? milliToQuantity(total) : total;
  }
  return totals;
}

const units = milliToQuantity;

function finish(
  scope: TradeReportScope,
  columns: ExportColumn[],
  rows: Record<string, ExportCell>[],
  totalKeys: readonly string[],
  period = describeRange(scope.startDate, scope.endDate),
): TabularReport {
  return {
    report: TRADE_REPORTS[scope.kind].route[scope.side.key],
    title: scope.title,
    period,
    startDate: scope.startDate,
    endDate: scope.endDate,
    columns,
    rows,
    totals: sumColumns(rows, totalKeys),
  };
}

function partyNameOf(scope: TradeReportScope, document: TradeDocument): string {
  const account = document.partyAccountId ? scope.accounts.get(document.partyAccountId) : undefined;
  return document.partyName ?? account?.name ?? "";
}

function rateLabel(rate: number): string {
  try {
    return describeGstRate(rate);
  } catch {
    return String(rate);
  }
}

interface Totals {
  count: number;
  returnCount: number;
  raiseCount: number;
  invoicePaise: number;
  returnPaise: number;
  raisePaise: number;
  quantityMilli: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  totalPaise: number;
}

const emptyTotals = (): Totals => ({
  count: 0,
  returnCount: 0,
  raiseCount: 0,
  invoicePaise: 0,
  returnPaise: 0,
  raisePaise: 0,
  quantityMilli: 0,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  cessPaise: 0,
  totalPaise: 0,
});

/** Adds a whole document, net: a note's amounts count negative. */
function addDocument(totals: Totals, document: TradeDocument) {
  const s = sign(document);
  if (document.isReturn) {
    totals.returnCount += 1;
    totals.returnPaise += document.taxablePaise;
  } else if (document.isRaise) {
    totals.raiseCount += 1;
    totals.raisePaise += document.taxablePaise;
  } else {
    totals.count += 1;
    totals.invoicePaise += document.taxablePaise;
  }
  totals.taxablePaise += s * document.taxablePaise;
  totals.cgstPaise += s * document.cgstPaise;
  totals.sgstPaise += s * document.sgstPaise;
  totals.igstPaise += s * document.igstPaise;
  totals.cessPaise += s * document.cessPaise;
  totals.totalPaise += s * document.totalPaise;
}

/** Adds one line, net; quantities only when the goods moved. */
function addLine(totals: Totals, document: TradeDocument, line: TradeLine) {
  const s = sign(document);
  if (movesGoods(document)) totals.quantityMilli += s * line.quantityMilli;
  totals.taxablePaise += s * line.taxablePaise;
  totals.cgstPaise += s * line.cgstPaise;
  totals.sgstPaise += s * line.sgstPaise;
  totals.igstPaise += s * line.igstPaise;
  totals.cessPaise += s * line.cessPaise;
  totals.totalPaise += s * (line.taxablePaise + taxOfLine(line));
}

function groupBy<K>(entries: Iterable<[K, (totals: Totals) => void]>): Map<K, Totals> {
  const map = new Map<K, Totals>();
  for (const [key, apply] of entries) {
    const totals = map.get(key) ?? emptyTotals();
    apply(totals);
    map.set(key, totals);
  }
  return map;
}

/** Each document's totals added under its key (a day, a place, a party, a month). */
function totalDocumentsBy<K>(
  documents: readonly TradeDocument[],
  keyOf: (document: TradeDocument) => K,
): Map<K, Totals> {
  return groupBy(
    documents.map((document): [K, (t: Totals) => void] => [
      keyOf(document),
      (totals) => addDocument(totals, document),
    ]),
  );
}

/** The raising notes' column and value, on a side that has such notes (the sales side). */
function ifRaises<T>(side: TradeSide, value: T): T[] {
  return side.raises === null ? [] : [value];
}

function raiseCells(side: TradeSide, key: string, value: number): Record<string, number> {
  return side.raises === null ? {} : { [key]: value };
}

const taxOf = (totals: Totals) =>
  totals.cgstPaise + totals.sgstPaise + totals.igstPaise + totals.cessPaise;

/** A group's documents, notes (and raising notes), net taxable, tax and net total: by day, party. */
const countFigures = (side: TradeSide, totals: Totals) => ({
  count: totals.count,
  returnCount: totals.returnCount,
  ...raiseCells(side, "raiseCount", totals.raiseCount),
  taxable: totals.taxablePaise,
  tax: taxOf(totals),
  total: totals.totalPaise,
});
const countColumns = (side: TradeSide): ExportColumn[] => [
  number("count", side.invoices),
  number("returnCount", side.returns),
  ...ifRaises(side, number("raiseCount", side.raises ?? "")),
  amount("taxable", "Net Taxable"),
  amount("tax", "Tax"),
  amount("total", "Net Total"),
];
const countTotalKeys = (side: TradeSide) => [
  "count",
  "returnCount",
  ...ifRaises(side, "raiseCount"),
  "taxable",
  "tax",
  "total",
];

/** A group's net taxable, each tax and net total: the by-state and by-month-with-GST rows. */
const gstSplitFigures = (totals: Totals) => ({
  taxable: totals.taxablePaise,
  cgst: totals.cgstPaise,
  sgst: totals.sgstPaise,
  igst: totals.igstPaise,
  cess: totals.cessPaise,
  total: totals.totalPaise,
});
const GST_SPLIT_COLUMNS: readonly ExportColumn[] = [
  amount("taxable", "Net Taxable"),
  amount("cgst", "CGST"),
  amount("sgst", "SGST"),
  amount("igst", "IGST"),
  amount("cess", "Cess"),
  amount("total", "Net Total"),
];
const GST_SPLIT_TOTALS = ["taxable", "cgst", "sgst", "igst", "cess", "total"] as const;

// ---------------------------------------------------------------------------------------------
// The reports

type Builder = (scope: TradeReportScope, documents: TradeDocument[]) => TabularReport;

/** Months (or quarters) of the range, each with invoices, notes and the net. */
const buildByMonthQuarter: Builder = (scope, documents) => {
  const quarterly = scope.query.periodType === "quarter";
  const keyOf = (date: string) => {
    if (!quarterly) return monthOf(date);
    const quarter = quarterOfMonth(Number(date.slice(5, 7)));
    return `${financialYearOf(date)} Q${quarter}`;
  };
  const labelOf = (key: string) => {
    if (!quarterly) return formatMonthLabel(Number(key.slice(0, 4)), Number(key.slice(5, 7)));
    const [year, quarter] = key.split(" ");
    return `${quarter} ${year}`;
  };
  const buckets = new Map<string, Totals>();
  // Every month or quarter of the range has its row, even an empty one.
  for (let date = scope.startDate; date <= scope.endDate; date = addDays(date, 1)) {
    if (!buckets.has(keyOf(date))) buckets.set(keyOf(date), emptyTotals());
    if (buckets.size > 400) break;
  }
  for (const document of documents) {
    const totals = buckets.get(keyOf(document.date)) ?? emptyTotals();
    addDocument(totals, document);
    buckets.set(keyOf(document.date), totals);
  }
  const rows = [...buckets].map(([key, totals]) => ({
    period: labelOf(key),
    count: totals.count,
    invoiceAmount: totals.invoicePaise,
    returnAmount: totals.returnPaise,
    ...raiseCells(scope.side, "raiseAmount", totals.raisePaise),
    taxable: totals.taxablePaise,
    tax: taxOf(totals),
    total: totals.totalPaise,
  }));
  const { side } = scope;
  return finish(
    scope,
    [
      textColumn("period", quarterly ? "Quarter" : "Month"),
      number("count", side.invoices),
      amount("invoiceAmount", side.word),
      amount("returnAmount", side.returns),
      ...ifRaises(side, amount("raiseAmount", side.raises ?? "")),
      amount("taxable", "Net Taxable"),
      amount("tax", "Tax"),
      amount("total", "Net Total"),
    ],
    rows,
    [
      "count",
      "invoiceAmount",
      "returnAmount",
      ...ifRaises(side, "raiseAmount"),
      "taxable",
      "tax",
      "total",
    ],
  );
};

const buildByItem: Builder = (scope, documents) => {
  const grouped = groupBy(
    documents.flatMap((document) =>
      document.lines
        .filter((line) => line.kind === "item" && line.itemId)
        .map((line): [string, (t: Totals) => void] => [
          line.itemId as string,
          (totals) => addLine(totals, document, line),
        ]),
    ),
  );
  const rows = [...grouped]
    .map(([itemId, totals]) => {
      const item = scope.items.get(itemId);
      return {
        itemId,
        item: item?.name ?? "",
        uom: item?.uom ?? "",
        quantity: units(totals.quantityMilli),
        taxable: totals.taxablePaise,
        tax: taxOf(totals),
        total: totals.totalPaise,
      };
    })
    .sort((a, b) => b.taxable - a.taxable || a.item.localeCompare(b.item));
  return finish(
    scope,
    [
      textColumn("item", "Item"),
      textColumn("uom", "Unit"),
      number("quantity", "Quantity"),
      amount("taxable", "Taxable"),
      amount("tax", "Tax"),
      amount("total", "Total"),
    ],
    rows,
    ["quantity", "taxable", "tax", "total"],
  );
};

const buildByDay: Builder = (scope, documents) => {
  const grouped = totalDocumentsBy(documents, (document) => document.date);
  const rows = [...grouped]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, totals]) => ({ date, ...countFigures(scope.side, totals) }));
  return finish(
    scope,
    [dateColumn("date", "Date"), ...countColumns(scope.side)],
    rows,
    countTotalKeys(scope.side),
  );
};

const buildByState: Builder = (scope, documents) => {
  const home = scope.organisation.state_code ?? "";
  const grouped = totalDocumentsBy(
    documents,
    (document) =>
      // The other party's state: where a sale is supplied to, where a purchase came from. No place
      // of supply on the document means the organisation's own state (domain's rule).
      (scope.side.key === "purchase" ? document.supplierStateCode : null) ?? document.pos ?? home,
  );
  const rows = [...grouped]
    .map(([code, totals]) => ({
      stateCode: code,
      state: findPlaceOfSupply(code)?.name ?? code,
      ...gstSplitFigures(totals),
    }))
    .sort((a, b) => a.stateCode.localeCompare(b.stateCode));
  return finish(
    scope,
    [textColumn("stateCode", "Code"), textColumn("state", "State"), ...GST_SPLIT_COLUMNS],
    rows,
    GST_SPLIT_TOTALS,
  );
};

const buildByParty: Builder = (scope, documents) => {
  const grouped = totalDocumentsBy(documents, (document) => document.partyAccountId ?? "");
  const rows = [...grouped]
    .map(([accountId, totals]) => {
      const account = scope.accounts.get(accountId);
      return {
        accountId,
        party: account?.name ?? "",
        gstin: account?.gstin ?? "",
        ...countFigures(scope.side, totals),
      };
    })
    .sort((a, b) => b.total - a.total || a.party.localeCompare(b.party));
  return finish(
    scope,
    [
      textColumn("party", scope.side.party),
      textColumn("gstin", "GSTIN"),
      ...countColumns(scope.side),
    ],
    rows,
    countTotalKeys(scope.side),
  );
};

const buildByGstRate: Builder = (scope, documents) => {
  const grouped = groupBy(
    documents.flatMap((document) =>
      document.lines.map((line): [number, (t: Totals) => void] => [
        line.gstRate,
        (totals) => addLine(totals, document, line),
      ]),
    ),
  );
  const rows = [...grouped]
    .sort(([a], [b]) => a - b)
    .map(([rate, totals]) => ({
      gstRate: rate,
      rate: rateLabel(rate),
      taxable: totals.taxablePaise,
      cgst: totals.cgstPaise,
      sgst: totals.sgstPaise,
      igst: totals.igstPaise,
      cess: totals.cessPaise,
      tax: taxOf(totals),
    }));
  return finish(
    scope,
    [
      textColumn("rate", "GST Rate"),
      amount("taxable", "Net Taxable"),
      amount("cgst", "CGST"),
      amount("sgst", "SGST"),
      amount("igst", "IGST"),
      amount("cess", "Cess"),
      amount("tax", "Total Tax"),
    ],
    rows,
    ["taxable", "cgst", "sgst", "igst", "cess", "tax"],
  );
};

/** Item lines charged at a rate other than the item's own (the item master's GST rate). */
const buildWrongGstRate: Builder = (scope, documents) => {
  const rows: Record<string, ExportCell>[] = [];
  for (const document of documents) {
    for (const line of document.lines) {
      if (line.kind !== "item" || !line.itemId) continue;
      const item = scope.items.get(line.itemId);
      if (!item || item.gstRate === null || item.gstRate === "") continue;
      const masterRate = Number(item.gstRate);
      if (!Number.isFinite(masterRate) || masterRate === line.gstRate) continue;
      rows.push({
        voucherId: document.id,
        voucherType: document.type,
        date: document.date,
        number: document.number,
        party: partyNameOf(scope, document),
        itemId: line.itemId,
        item: item.name,
        itemRate: rateLabel(masterRate),
        chargedRate: rateLabel(line.gstRate),
        taxable: line.taxablePaise,
        tax: taxOfLine(line),
      });
    }
  }
  return finish(
    scope,
    [
      dateColumn("date", "Date"),
      textColumn("number", "Number"),
      textColumn("party", scope.side.party),
      textColumn("item", "Item"),
      textColumn("itemRate", "Item's Rate"),
      textColumn("chargedRate", "Charged Rate"),
      amount("taxable", "Taxable"),
      amount("tax", "Tax"),
    ],
    rows,
    ["taxable", "tax"],
  );
};

/** Returned goods (notes of type 'return') per item, most first. */
const buildMostReturnedItems: Builder = (scope, documents) => {
  const counts = new Map<string, Set<string>>();
  const grouped = groupBy(
    documents
      .filter((document) => document.isReturn && movesGoods(document))
      .flatMap((document) =>
        document.lines
          .filter((line) => line.kind === "item" && line.itemId)
          .map((line): [string, (t: Totals) => void] => [
            line.itemId as string,
            (totals) => {
              totals.quantityMilli += line.quantityMilli;
              totals.taxablePaise += line.taxablePaise;
              const set = counts.get(line.itemId as string) ?? new Set<string>();
              set.add(document.id);
              counts.set(line.itemId as string, set);
            },
          ]),
      ),
  );
  const rows = [...grouped]
    .map(([itemId, totals]) => {
      const item = scope.items.get(itemId);
      return {
        itemId,
        item: item?.name ?? "",
        uom: item?.uom ?? "",
        notes: counts.get(itemId)?.size ?? 0,
        quantity: units(totals.quantityMilli),
        value: totals.taxablePaise,
      };
    })
    .sort((a, b) => b.quantity - a.quantity || a.item.localeCompare(b.item))
    .slice(0, scope.query.limit ?? undefined);
  return finish(
    scope,
    [
      textColumn("item", "Item"),
      textColumn("uom", "Unit"),
      number("notes", scope.side.returns),
      number("quantity", "Quantity Returned"),
      amount("value", "Value Returned"),
    ],
    rows,
    ["notes", "quantity", "value"],
  );
};

/** Parties by the quantity of goods their notes sent back, most first. */
const buildPartiesReturningMost: Builder = (scope, documents) => {
  const grouped = groupBy(
    documents
      .filter((document) => document.isReturn && movesGoods(document))
      .map((document): [string, (t: Totals) => void] => [
        document.partyAccountId ?? "",
        (totals) => {
          totals.returnCount += 1;
          for (const line of document.lines)
            if (line.kind === "item") totals.quantityMilli += line.quantityMilli;
          totals.taxablePaise += document.taxablePaise;
          totals.totalPaise += document.totalPaise;
        },
      ]),
  );
  const rows = [...grouped]
    .map(([accountId, totals]) => ({
      accountId,
      party: scope.accounts.get(accountId)?.name ?? "",
      notes: totals.returnCount,
      quantity: units(totals.quantityMilli),
      value: totals.taxablePaise,
      total: totals.totalPaise,
    }))
    .sort((a, b) => b.quantity - a.quantity || a.party.localeCompare(b.party))
    .slice(0, scope.query.limit ?? undefined);
  return finish(
    scope,
    [
      textColumn("party", scope.side.party),
      number("notes", scope.side.returns),
      number("quantity", "Quantity Returned"),
      amount("value", "Taxable Returned"),
      amount("total", "Total Returned"),
    ],
    rows,
    ["notes", "quantity", "value", "total"],
  );
};

const buildByItemType: Builder = (scope, documents) => {
  const grouped = groupBy(
    documents.flatMap((document) =>
      document.lines
        .filter((line) => line.kind === "item" && line.itemId)
        .map((line): [string, (t: Totals) => void] => [
          scope.items.get(line.itemId as string)?.type ?? "goods",
          (totals) => addLine(totals, document, line),
        ]),
    ),
  );
  const rows = (["goods", "services"] as const)
    .filter((type) => grouped.has(type))
    .map((type) => {
      const totals = grouped.get(type) ?? emptyTotals();
      return {
        itemType: type,
        type: type === "goods" ? "Goods" : "Services",
        quantity: units(totals.quantityMilli),
        taxable: totals.taxablePaise,
        tax: taxOf(totals),
        total: totals.totalPaise,
      };
    });
  return finish(
    scope,
    [
      textColumn("type", "Item Type"),
      number("quantity", "Quantity"),
      amount("taxable", "Net Taxable"),
      amount("tax", "Tax"),
      amount("total", "Net Total"),
    ],
    rows,
    ["quantity", "taxable", "tax", "total"],
  );
};

const buildByMonthWithGst: Builder = (scope, documents) => {
  const grouped = totalDocumentsBy(documents, (document) => monthOf(document.date));
  const rows = [...grouped]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, totals]) => ({
      month: formatMonthLabel(Number(month.slice(0, 4)), Number(month.slice(5, 7))),
      ...gstSplitFigures(totals),
    }));
  return finish(
    scope,
    [textColumn("month", "Month"), ...GST_SPLIT_COLUMNS],
    rows,
    GST_SPLIT_TOTALS,
  );
};

/** The reports built from the side's documents in the range (the others read more). */
export type TradeRowsReportKind = Exclude<
  TradeReportKind,
  "overdue" | "itemHistory" | "itemHistoryAllParties"
>;

export const TRADE_REPORT_BUILDERS: Record<TradeRowsReportKind, Builder> = {
  byMonthQuarter: buildByMonthQuarter,
  byItem: buildByItem,
  byDay: buildByDay,
  byState: buildByState,
  byParty: buildByParty,
  byGstRate: buildByGstRate,
  wrongGstRate: buildWrongGstRate,
  mostReturnedItems: buildMostReturnedItems,
  partiesReturningMost: buildPartiesReturningMost,
  byItemType: buildByItemType,
  byMonthWithGst: buildByMonthWithGst,
};

export function isCashOrBankAccount(account: { groupId: number } | undefined): boolean {
  return account !== undefined && isCashOrBankNature(findAccountGroup(account.groupId)?.name ?? "");
}

export const AGEING_BUCKETS = [
  { key: "days0to30", label: "0-30 Days", from: 0, to: 30 },
  { key: "days31to60", label: "31-60 Days", from: 31, to: 60 },
  { key: "days61to90", label: "61-90 Days", from: 61, to: 90 },
  { key: "days90plus", label: "Over 90 Days", from: 91, to: Number.POSITIVE_INFINITY },
] as const;

/**
 * Open invoices (bills) past their due date as at `asAt`, of every year, with the pending amount
 * in its ageing bucket by days overdue. An invoice with no due date is due on its own date.
 * Pending amounts are today's (after every receipt set against them).

/**
 * Open invoices (bills) past their due date as at `asAt`, with the pending amount in its ageing
 * bucket by days overdue. An invoice with no due date is due on its own date. `rows` are the open
 * bills as read (pending amounts are today's, after every receipt set against them).
 */
export function buildOverdueReport(
  scope: TradeReportScope,
  rows: readonly VoucherDocumentRow[],
  asAt: string,
): TabularReport {
  // A bill whose party is the cash or a bank account was paid when it was made.
  const documents = filterTradeDocuments(scope, rows).filter(
    (document) => !isCashOrBankAccount(scope.accounts.get(document.partyAccountId ?? "")),
  );
  const report: Record<string, ExportCell>[] = [];
  for (const document of documents) {
    const dueDate = document.dueDate ?? document.date;
    if (dueDate >= asAt) continue;
    const days = daysBetween(dueDate, asAt);
    const pending = document.pendingPaise ?? 0;
    const row: Record<string, ExportCell> = {
      voucherId: document.id,
      accountId: document.partyAccountId,
      date: document.date,
      number: document.number,
      party: partyNameOf(scope, document),
      dueDate,
      total: document.totalPaise,
      pending,
      daysOverdue: days,
    };
    for (const bucket of AGEING_BUCKETS)
      row[bucket.key] = days >= bucket.from && days <= bucket.to ? pending : null;
    report.push(row);
  }
  return {
    ...finish(
      scope,
      [
        dateColumn("date", "Date"),
        textColumn("number", "Number"),
        textColumn("party", scope.side.party),
        dateColumn("dueDate", "Due Date"),
        amount("total", "Amount"),
        amount("pending", "Pending"),
        number("daysOverdue", "Days Overdue"),
        ...AGEING_BUCKETS.map((bucket) => amount(bucket.key, bucket.label)),
      ],
      report,
      ["total", "pending", ...AGEING_BUCKETS.map((bucket) => bucket.key)],
      describeAsAt(asAt),
    ),
    startDate: asAt,
    endDate: asAt,
    extra: { date: asAt },
  };
}

/**
 * The item's lines on the given vouchers, in their order, as rows of the item history (the rate
 * and discount given, which the entry form shows while a line is typed). `excludeId` leaves out
 * the voucher being edited.
 */
export function readItemHistoryLines(
  scope: TradeReportScope,
  vouchers: readonly VoucherDocumentRow[],
  itemId: string,
  excludeId: string | undefined,
): Record<string, ExportCell>[] {
  const rows: Record<string, ExportCell>[] = [];
  for (const row of vouchers) {
    if (row.id === excludeId) continue;
    const document = readTradeDocument(row);
    for (const line of document.lines) {
      if (line.kind !== "item" || line.itemId !== itemId) continue;
      rows.push({
        voucherId: document.id,
        accountId: document.partyAccountId,
        date: document.date,
        number: document.number,
        party: partyNameOf(scope, document),
        quantity: units(line.quantityMilli),
        rate: line.ratePaise,
        discountType: line.discountType,
        discount: line.discount,
        gstRate: line.gstRate,
        taxable: line.taxablePaise,
      });
    }
  }
  return rows;
}

/** The item history report over the rows found, to one party (`perParty`) or all. */
export function buildItemHistoryReport(
  scope: TradeReportScope,
  itemId: string,
  perParty: boolean,
  rows: Record<string, ExportCell>[],
): TabularReport {
  const { query, side } = scope;
  const item = scope.items.get(itemId);
  return {
    report: TRADE_REPORTS[scope.kind].route[side.key],
    title: scope.title,
    period: item ? item.name : "",
    columns: [
      dateColumn("date", "Date"),
      textColumn("number", "Number"),
      textColumn("party", side.party),
      number("quantity", "Quantity"),
      amount("rate", "Rate"),
      number("discount", "Discount"),
      textColumn("discountType", "Discount Type"),
      number("gstRate", "GST Rate"),
      amount("taxable", "Taxable"),
    ],
    rows,
    totals: sumColumns(rows, ["quantity", "taxable"]),
    extra: { itemId, ...(perParty ? { accountId: query.accountId } : {}) },
  };
}
