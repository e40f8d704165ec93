import {
  type AccountNature,
  getVoucherDefinition,
  listTradeTypes,
  type PartySide,
  type VoucherType,
} from "@bahi/domain";

// Every table report of the product (spec 2.3: the sales and purchase reports and
// cash-payments-over-10k) is one row here, read by one screen (TabularReportPage). The server
// answers every one of them in the same shape (docs/api/reports.md "Sales and purchase reports"):
// title, period, columns, rows and totals. So a row here says only what the screen cannot learn
// from the answer: where it lives, which call it makes, which filters it offers, who may see it
// and whether a chart reads better than the table.

export type ReportGroup = "sales" | "purchases" | "other";

/** The filters a report offers, each a query parameter (or two) of its call. */
export type ReportFilter =
  /** startDate and endDate, inside the open year. */
  | "dateRange"
  /** date: as at one day (overdue bills). */
  | "asAt"
  /** accountId: one party. */
  | "party"
  /** b2bOrB2c: parties with a GSTIN or without (GST-registered organisations only). */
  | "b2bOrB2c"
  /** rcmOrNonRcm: reverse-charge documents or not (GST-registered organisations only). */
  | "rcmOrNonRcm"
  /** periodType: month or quarter. */
  | "periodType"
  /** transactionType: the invoice type or the note type. */
  | "transactionType"
  /** limit: how many rows. */
  | "limit"
  /** itemId: one item (required). */
  | "item";

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

/**
 * A bar chart beside the table: "rows" draws one bar group per row, labelled by the column `x`;
 * "totals" draws one bar per series from the totals (the ageing buckets of overdue bills).
 */
export type ReportChart =
  | { source: "rows"; x: string; series: readonly ChartSeries[]; stacked?: boolean }
  | { source: "totals"; series: readonly ChartSeries[] };

export interface TabularReportDefinition {
  /** The route under /{organisationId}/{year}/, which is also the report's id. */
  route: string;
  title: string;
  /** The call, under /api (docs/api/reports.md). */
  apiPath: string;
  group: ReportGroup;
  filters: readonly ReportFilter[];
  /** Filters without which the report cannot be made (the screen asks for them first). */
  required: readonly ReportFilter[];
  /** spec 2.3: state and GST-rate reports exist only for GST-registered organisations. */
  gstOnly: boolean;
  chart: ReportChart | null;
  /** The voucher type of rows that carry a voucherId but no voucherType (overdue, history). */
  rowVoucherType: VoucherType | null;
  /** false for routes spec 2.3 does not name (the item history reports). */
  specRoute: boolean;
  /** One line for the reports index. */
  description: string;
  /** The party filter's label and the natures it offers. */
  partyLabel: string;
  partyNatures: readonly AccountNature[];
  /** The transactionType filter's choices: the invoices, the notes of the side, and the notes that raise them. */
  documents: SideDocuments | null;
}

/** The Documents filter's choices (the wrong-GST-rate report). */
export interface SideDocuments {
  invoice: string;
  return: string;
  /** Notes that raise the side's invoices (the debit note to a customer), by registry type. */
  raises: { type: VoucherType; label: string }[];
}

/** The registry's notes that add to a side's invoices (tradeSign +1, other than the invoice). */
function raisingNotes(partySide: PartySide, invoiceType: VoucherType) {
  return listTradeTypes(partySide)
    .filter(({ type, sign }) => sign > 0 && type !== invoiceType)
    .map(({ type }) => ({ type, label: getVoucherDefinition(type).titles.plural }));
}

interface Side {
  group: "sales" | "purchases";
  /** 'Sales', 'Purchase': the server's titles use these words. */
  word: string;
  party: string;
  parties: string;
  invoices: string;
  notes: string;
  documents: SideDocuments;
  apiFamily: string;
  invoiceType: VoucherType;
}

const SIDES: Record<"sales" | "purchases", Side> = {
  sales: {
    group: "sales",
    word: "Sales",
    party: "Customer",
    parties: "customers",
    invoices: "sales invoices",
    notes: "credit notes",
    documents: {
      invoice: "Sales Invoices",
      return: "Credit Notes",
      raises: raisingNotes("customer", "salesInvoice"),
    },
    apiFamily: "/salesreports",
    invoiceType: "salesInvoice",
  },
  purchases: {
    group: "purchases",
    word: "Purchase",
    party: "Supplier",
    parties: "suppliers",
    invoices: "purchase bills",
    notes: "debit notes",
    documents: {
      invoice: "Purchase Bills",
      return: "Debit Notes",
      raises: raisingNotes("supplier", "purchases"),
    },
    apiFamily: "/purchasereports",
    invoiceType: "purchases",
  },
};

const TREND = { key: "total", label: "Net Total", color: "blue.6" } as const;

const COMMON: readonly ReportFilter[] = ["dateRange", "party", "b2bOrB2c", "rcmOrNonRcm"];

interface TradeReportKind {
  /** spec 2.3's route on each side. */
  routes: { sales: string; purchases: string };
  /** The call's last segment on each side (api.md 7). */
  calls: { sales: string; purchases: string };
  title: (side: Side) => string;
  describe: (side: Side) => string;
  filters: readonly ReportFilter[];
  required?: readonly ReportFilter[];
  gstOnly?: true;
  chart?: ReportChart;
  rowsAreInvoices?: true;
  specRoute?: false;
}

// One row per report of the family; both sides are made from it. Purchase routes take the
// purchase names of spec 2.3 ("purchases-by-…", purchases-by-overdue-bills for overdue).
const TRADE_REPORT_KINDS: readonly TradeReportKind[] = [
  {
    routes: { sales: "sales-by-month-quarter", purchases: "purchases-by-month-quarter" },
    calls: { sales: "salesByMonthQuarter", purchases: "purchaseByMonthQuarter" },
    title: (side) => `${side.word} by Month or Quarter`,
    describe: (side) => `Each month or quarter: ${side.invoices}, ${side.notes}, tax and total.`,
    filters: ["periodType", ...COMMON],
    chart: { source: "rows", x: "period", series: [TREND] },
  },
  {
    routes: { sales: "sales-by-item", purchases: "purchases-by-item" },
    calls: { sales: "salesbyitem", purchases: "purchasebyitem" },
    title: (side) => `${side.word} by Item`,
    describe: () => "Each item's net quantity, taxable value, tax and total, largest first.",
    filters: COMMON,
  },
  {
    routes: { sales: "sales-by-day", purchases: "purchases-by-day" },
    calls: { sales: "salesbyday", purchases: "purchasebyday" },
    title: (side) => `${side.word} by Day`,
    describe: () => "Every day with entries, with its counts and totals.",
    filters: COMMON,
    chart: { source: "rows", x: "date", series: [TREND] },
  },
  {
    routes: { sales: "sales-by-customer", purchases: "purchases-by-supplier" },
    calls: { sales: "salesbycustomer", purchases: "purchasebysupplier" },
    title: (side) => `${side.word} by ${side.party}`,
    describe: (side) => `Each of the ${side.parties}, largest first.`,
    filters: COMMON,
  },
  {
    routes: { sales: "sales-by-state", purchases: "purchases-by-state" },
    calls: { sales: "salesbypos", purchases: "purchasebypos" },
    title: (side) => `${side.word} by State`,
    describe: () => "Each place of supply: taxable value, CGST, SGST, IGST and cess.",
    filters: COMMON,
    gstOnly: true,
  },
  {
    routes: { sales: "sales-by-gst-rate", purchases: "purchases-by-gst-rate" },
    calls: { sales: "salesbygstrate", purchases: "purchasebygstrate" },
    title: (side) => `${side.word} by GST Rate`,
    describe: () => "Each GST rate: taxable value and the tax charged.",
    filters: COMMON,
    gstOnly: true,
  },
  {
    routes: { sales: "sales-wrong-gst-rate", purchases: "purchases-wrong-gst-rate" },
    calls: { sales: "saleswithwronggstrate", purchases: "purchasewithwronggstrate" },
    title: (side) => `${side.word} with Wrong GST Rate`,
    describe: () => "Item lines charged at a rate other than the item's own.",
    filters: [...COMMON, "transactionType"],
  },
  {
    routes: { sales: "most-returned-items", purchases: "purchases-by-most-returned-items" },
    calls: { sales: "salesbymostreturneditems", purchases: "purchasebymostreturneditems" },
    title: () => "Most Returned Items",
    describe: (side) => `Items sent back on ${side.notes}, most first.`,
    filters: [...COMMON, "limit"],
  },
  {
    routes: {
      sales: "most-items-returning-customers",
      purchases: "purchases-by-most-items-returning-suppliers",
    },
    calls: {
      sales: "mostitemsreturningsalescustomers",
      purchases: "mostitemsreturningpurchasesuppliers",
    },
    title: (side) =>
      side.group === "sales" ? "Customers Returning Most Items" : "Suppliers Returned Most Items",
    describe: (side) => `The ${side.parties} with the most goods returned on ${side.notes}.`,
    filters: [...COMMON, "limit"],
  },
  {
    routes: { sales: "overdue-bills", purchases: "purchases-by-overdue-bills" },
    calls: { sales: "overduesalesreport", purchases: "overduepurchasereport" },
    title: (side) => (side.group === "sales" ? "Overdue Sales Invoices" : "Overdue Purchase Bills"),
    describe: (side) => `Open ${side.invoices} past their due date, with ageing.`,
    filters: ["asAt", "party", "b2bOrB2c", "rcmOrNonRcm"],
    rowsAreInvoices: true,
    chart: {
      source: "totals",
      series: [
        { key: "days0to30", label: "0-30 Days", color: "green.6" },
        { key: "days31to60", label: "31-60 Days", color: "blue.6" },
        { key: "days61to90", label: "61-90 Days", color: "orange.6" },
        { key: "days90plus", label: "Over 90 Days", color: "red.6" },
      ],
    },
  },
  {
    routes: { sales: "month-with-gst", purchases: "purchases-by-month-with-gst" },
    calls: { sales: "salesbymonthwithgst", purchases: "purchasebymonthwithgst" },
    title: (side) => `${side.word} by Month with GST`,
    describe: () => "Each month: taxable value, CGST, SGST, IGST, cess and total.",
    filters: COMMON,
    chart: {
      source: "rows",
      x: "month",
      stacked: true,
      series: [
        { key: "cgst", label: "CGST", color: "blue.6" },
        { key: "sgst", label: "SGST", color: "green.6" },
        { key: "igst", label: "IGST", color: "orange.6" },
      ],
    },
  },
  {
    routes: { sales: "item-type", purchases: "purchases-by-item-type" },
    calls: { sales: "salesbyitemtype", purchases: "purchasebyitemtype" },
    title: (side) => `${side.word} by Item Type`,
    describe: () => "Goods and services apart.",
    filters: COMMON,
    chart: { source: "rows", x: "type", series: [TREND] },
  },
  {
    routes: { sales: "item-sales-history", purchases: "item-purchase-history" },
    calls: { sales: "item-sales-history", purchases: "item-purchase-history" },
    title: (side) => `Item ${side.word} History`,
    describe: (side) => `An item's latest lines to one of the ${side.parties}, newest first.`,
    filters: ["item", "party", "limit"],
    required: ["item", "party"],
    rowsAreInvoices: true,
    specRoute: false,
  },
  {
    routes: {
      sales: "item-sales-history-all-parties",
      purchases: "item-purchase-history-all-parties",
    },
    calls: { sales: "item-sales-history-all-parties", purchases: "item-all-purchase-history" },
    title: (side) => `Item ${side.word} History (All ${side.party}s)`,
    describe: (side) => `An item's latest lines to all ${side.parties}, newest first.`,
    filters: ["item", "limit"],
    required: ["item"],
    rowsAreInvoices: true,
    specRoute: false,
  },
];

const PARTY_NATURES: readonly AccountNature[] = ["Debtors", "Creditors"];

function defineTradeReport(kind: TradeReportKind, side: Side): TabularReportDefinition {
  return {
    route: kind.routes[side.group],
    title: kind.title(side),
    apiPath: `${side.apiFamily}/${kind.calls[side.group]}`,
    group: side.group,
    filters: kind.filters,
    required: kind.required ?? [],
    gstOnly: kind.gstOnly === true,
    chart: kind.chart ?? null,
    rowVoucherType: kind.rowsAreInvoices ? side.invoiceType : null,
    specRoute: kind.specRoute !== false,
    description: kind.describe(side),
    partyLabel: side.party,
    partyNatures: PARTY_NATURES,
    documents: side.documents,
  };
}

export const CASH_PAYMENTS_REPORT: TabularReportDefinition = {
  route: "cash-payments-over-10k",
  title: "Cash Payments over 10K",
  apiPath: "/reports/cashpaymentsover10k",
  group: "other",
  filters: ["dateRange"],
  required: [],
  gstOnly: false,
  chart: null,
  rowVoucherType: null,
  specRoute: true,
  description:
    "Cash paid to one payee in one day over ₹10,000, listed per payee and day (s.40A(3) disallowance risk).",
  partyLabel: "Payee",
  partyNatures: [],
  documents: null,
};

export const TABULAR_REPORTS: readonly TabularReportDefinition[] = [
  ...TRADE_REPORT_KINDS.map((kind) => defineTradeReport(kind, SIDES.sales)),
  ...TRADE_REPORT_KINDS.map((kind) => defineTradeReport(kind, SIDES.purchases)),
  CASH_PAYMENTS_REPORT,
];

/** The reports of the books themselves, each its own screen under reports/. */
export interface StatementReport {
  route: string;
  title: string;
  description: string;
  specRoute: boolean;
}

export const STATEMENT_REPORTS: readonly StatementReport[] = [
  {
    route: "reports/balance-sheet",
    title: "Balance Sheet",
    description: "Liabilities and assets as at a date, by account group, down to each account.",
    specRoute: true,
  },
  {
    route: "reports/profit-or-loss",
    title: "Profit & Loss",
    description: "Trading and profit and loss accounts for a period, by account group.",
    specRoute: true,
  },
  {
    route: "reports/trial-balance",
    title: "Trial Balance",
    description: "Every account's opening, debits, credits and closing as at a date.",
    specRoute: false,
  },
  {
    route: "reports/day-book",
    title: "Day Book",
    description: "Every voucher of a day or a range of days, with its postings.",
    specRoute: false,
  },
];

export interface OrganisationFacts {
  gstRegistered: boolean;
}

/** spec 2.3: state and GST-rate reports only for GST-registered organisations. */
export function isReportVisible(
  definition: Pick<TabularReportDefinition, "gstOnly">,
  organisation: OrganisationFacts,
): boolean {
  return !definition.gstOnly || organisation.gstRegistered;
}

export function visibleReports(
  organisation: OrganisationFacts,
  group?: ReportGroup,
): TabularReportDefinition[] {
  return TABULAR_REPORTS.filter(
    (definition) =>
      isReportVisible(definition, organisation) &&
      (group === undefined || definition.group === group),
  );
}

export function findTabularReport(route: string): TabularReportDefinition | undefined {
  return TABULAR_REPORTS.find((definition) => definition.route === route);
}

/** B2B/B2C and RCM filters read GST facts; an organisation outside GST does not see them. */
export function visibleFilters(
  definition: Pick<TabularReportDefinition, "filters">,
  organisation: OrganisationFacts,
): ReportFilter[] {
  return definition.filters.filter(
    (filter) => organisation.gstRegistered || (filter !== "b2bOrB2c" && filter !== "rcmOrNonRcm"),
  );
}
