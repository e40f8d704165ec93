import { buildListColumn, type ListColumn } from "./list-columns.ts";
import {
  buildFilterField,
  DEFAULT_ACCOUNT_FILTER,
  EXCEPT_CASH_AND_BANK,
  type ListFilterFieldSpec,
  ONLY_CASH_AND_BANK,
} from "./list-filter-fields.ts";
import { buildRowAction, buildRowActions } from "./row-actions.ts";
import type {
  PartySide,
  SummaryType,
  VoucherConversion,
  VoucherEmptyStates,
  VoucherTitles,
  VoucherTypeDefinition,
} from "./voucher-definition.ts";
import { VOUCHER_TYPES, type VoucherType } from "./voucher-type.ts";

function describeTitles(singular: string, plural: string, list: string = plural): VoucherTitles {
  return { singular, plural, list };
}

// spec 2.5 gives the headings' pattern ('No Sales Invoices Present', 'Get started by adding a new ...',
// 'No ... match your filter criteria'); the words after the pattern are ours.
function describeEmptyStates(titles: VoucherTitles): VoucherEmptyStates {
  return {
    empty: {
      heading: `No ${titles.plural} Present`,
      description: `Get started by adding a new ${titles.singular.toLowerCase()}.`,
    },
    noMatch: {
      heading: `No ${titles.plural} match your filter criteria`,
      description: `Try adjusting your filters or clear them to see all ${titles.plural.toLowerCase()}.`,
    },
  };
}

const PARTY_LABELS: Readonly<Record<PartySide, string>> = {
  customer: "Customer",
  supplier: "Supplier",
};

const NARRATION_COLUMN = buildListColumn("string", "narration", "Narration");

function buildDocumentColumns(options: {
  numberLabel: string;
  side: PartySide;
  dueDate: boolean;
  billWise: boolean;
}): readonly ListColumn[] {
  const head = [
    buildListColumn("date", "date", "Date"),
    buildListColumn("invoiceNumber", "invoiceNumber", options.numberLabel),
    buildListColumn("party", "partyName", PARTY_LABELS[options.side]),
    ...(options.dueDate ? [buildListColumn("date", "dueDate", "Due Date")] : []),
    buildListColumn("amount", "totalAmount", "Amount"),
  ];
  if (options.billWise) {
    // Invoices and bills carry a pending amount and a status only under bill-wise entry (spec 4).
    return [
      ...head,
      buildListColumn("amount", "pendingAmt", "Pending", { requiresBillWise: true }),
      buildListColumn("invoiceStatus", "status", "Status", { requiresBillWise: true }),
    ];
  }
  return [...head, NARRATION_COLUMN];
}

function buildAccountColumns(
  first: [key: string, label: string],
  second: [key: string, label: string],
  amountKey: string,
): readonly ListColumn[] {
  return [
    buildListColumn("date", "date", "Date"),
    buildListColumn("account", first[0], first[1]),
    buildListColumn("account", second[0], second[1]),
    buildListColumn("amount", amountKey, "Amount"),
    NARRATION_COLUMN,
  ];
}

const COMMON_HEAD_FILTERS = [
  buildFilterField("dateFrom", "Date From"),
  buildFilterField("dateTo", "Date To"),
  buildFilterField("amountFrom", "Amount From"),
  buildFilterField("amountTo", "Amount To"),
];

const COMMON_TAIL_FILTERS = [
  buildFilterField("narration", "Narration"),
  buildFilterField("customFields", "Custom Fields"),
];

function buildDocumentFilters(options: {
  side: PartySide;
  notes: boolean;
  status: boolean;
}): readonly ListFilterFieldSpec[] {
  return [
    ...COMMON_HEAD_FILTERS,
    buildFilterField("invoiceNumber", "Invoice Number"),
    // spec 5 names customer-name for sales-like and supplier-name for purchases and purchase
    // orders; a debit note (purchase return) is purchase-like, so it asks for the supplier too.
    buildFilterField("partyName", options.side === "customer" ? "Customer Name" : "Supplier Name"),
    buildFilterField("account", "Account", { natures: DEFAULT_ACCOUNT_FILTER }),
    buildFilterField("gstin", "GSTIN", { requires: "gstRegular" }),
    buildFilterField("placeOfSupply", "Place of Supply"),
    buildFilterField("rcmApplicable", "RCM", { requires: "gstRegular" }),
    ...(options.notes ? [buildFilterField("notes", "Notes")] : []),
    ...(options.status
      ? [buildFilterField("statusFilters", "Status", { requires: "billWise" })]
      : []),
    ...COMMON_TAIL_FILTERS,
  ];
}

function buildAccountFilters(...middle: ListFilterFieldSpec[]): readonly ListFilterFieldSpec[] {
  return [...COMMON_HEAD_FILTERS, ...middle, ...COMMON_TAIL_FILTERS];
}

function convertInto(
  into: VoucherType,
  queryParam: VoucherConversion["queryParam"],
  action: VoucherConversion["action"],
): VoucherConversion {
  return { into, queryParam, action };
}

const CREATE_INVOICE = buildRowAction("createInvoice", { opens: "salesInvoice" });

type DefinitionParts = Omit<
  VoucherTypeDefinition,
  "id" | "listCallName" | "emptyStates" | "customFieldKey"
>;

function defineVoucherType(id: VoucherType, parts: DefinitionParts): VoucherTypeDefinition {
  const lastSegment = parts.apiFamily.slice(parts.apiFamily.lastIndexOf("/") + 1);
  return {
    id,
    ...parts,
    listCallName: `${lastSegment}list`,
    emptyStates: describeEmptyStates(parts.titles),
    customFieldKey: id,
  };
}

/**
 * THE voucher-type registry (DESIGN.md 4): server routes and web screens read every per-type fact
 * from here. A Record, so leaving a type out is a type error.
 */
export const VOUCHER_REGISTRY: Readonly<Record<VoucherType, VoucherTypeDefinition>> = {
  salesInvoice: defineVoucherType("salesInvoice", {
    routeWord: "sales",
    apiFamily: "/salesinvoice",
    listKey: "salesInvoices",
    titles: describeTitles("Sales Invoice", "Sales Invoices", "Sales Invoice"),
    shape: "items",
    posts: true,
    movesStock: "out",
    partySide: "customer",
    hasDueDate: true,
    summaryType: "sales",
    listColumns: buildDocumentColumns({
      numberLabel: "Invoice No.",
      side: "customer",
      dueDate: true,
      billWise: true,
    }),
    rowActions: buildRowActions({
      printable: true,
      extras: [buildRowAction("createReceipt", { kind: "action", opens: "receipts" })],
    }),
    conversions: [],
    settlement: {
      into: "receipts",
      action: "createReceipt",
      allowedStatuses: ["pending", "partial"],
      refusal: {
        title: "Receipt cannot be created",
        message: "Sales already has status of received.",
      },
    },
    filterFields: buildDocumentFilters({ side: "customer", notes: true, status: true }),
    supportsTemplates: true,
    extraCalls: ["getreceipts"],
    settings: {
      callName: "salesinvoice",
      getCallName: "getsalesinvoicesettings",
      routeWord: "sales-invoice",
    },
  }),
  purchases: defineVoucherType("purchases", {
    routeWord: "purchases",
    apiFamily: "/purchases",
    listKey: "purchases",
    titles: describeTitles("Purchase", "Purchases"),
    shape: "items",
    posts: true,
    movesStock: "in",
    partySide: "supplier",
    hasDueDate: true,
    summaryType: "purchases",
    listColumns: buildDocumentColumns({
      numberLabel: "Bill No.",
      side: "supplier",
      dueDate: true,
      billWise: true,
    }),
    rowActions: buildRowActions({
      printable: false,
      extras: [buildRowAction("createPayment", { kind: "action", opens: "payments" })],
    }),
    conversions: [],
    settlement: {
      into: "payments",
      action: "createPayment",
      allowedStatuses: ["pending", "partial"],
      refusal: {
        title: "Payment cannot be created",
        message: "Purchase already has status of paid.",
      },
    },
    filterFields: buildDocumentFilters({ side: "supplier", notes: false, status: true }),
    supportsTemplates: true,
    extraCalls: ["getpayments"],
    settings: {
      callName: "purchases",
      getCallName: "getpurchasessettings",
      routeWord: "purchases",
    },
  }),
  creditNote: defineVoucherType("creditNote", {
    routeWord: "credit-note",
    apiFamily: "/creditnote",
    listKey: "creditNote",
    titles: describeTitles("Credit Note", "Credit Notes"),
    shape: "items",
    posts: true,
    // A credit note is a sales return: goods come back in. Service and account lines move nothing.
    movesStock: "in",
    partySide: "customer",
    hasDueDate: true,
    summaryType: "creditnote",
    listColumns: buildDocumentColumns({
      numberLabel: "Note No.",
      side: "customer",
      dueDate: false,
      billWise: false,
    }),
    rowActions: buildRowActions({ printable: true }),
    conversions: [],
    settlement: null,
    filterFields: buildDocumentFilters({ side: "customer", notes: true, status: false }),
    supportsTemplates: true,
    extraCalls: [],
    settings: {
      callName: "creditnote",
      getCallName: "getCreditNotesettings",
      routeWord: "credit-note",
    },
  }),
  debitNote: defineVoucherType("debitNote", {
    routeWord: "debit-note",
    apiFamily: "/debitnote",
    listKey: "debitnotes",
    titles: describeTitles("Debit Note", "Debit Notes"),
    shape: "items",
    posts: true,
    // A debit note is a purchase return: goods go back out to the supplier.
    movesStock: "out",
    partySide: "supplier",
    hasDueDate: true,
    summaryType: "debitnote",
    listColumns: buildDocumentColumns({
      numberLabel: "Note No.",
      side: "supplier",
      dueDate: false,
      billWise: false,
    }),
    rowActions: buildRowActions({ printable: true }),
    conversions: [],
    settlement: null,
    filterFields: buildDocumentFilters({ side: "supplier", notes: true, status: false }),
    supportsTemplates: true,
    extraCalls: [],
    settings: {
      callName: "debitnote",
      getCallName: "getdebitnotesettings",
      routeWord: "debit-note",
    },
  }),
  receipts: defineVoucherType("receipts", {
    routeWord: "receipt",
    apiFamily: "/receipts",
    listKey: "receiptEntries",
    titles: describeTitles("Receipt", "Receipts"),
    shape: "accounts",
    posts: true,
    movesStock: null,
    partySide: null,
    hasDueDate: false,
    summaryType: "receipt",
    bankStatementLine: "moneyIn",
    listColumns: buildAccountColumns(
      ["receivedAccountId", "Received In"],
      ["receivedFromAccountIds", "Received From"],
      "amountToShow",
    ),
    rowActions: buildRowActions({ printable: false }),
    conversions: [],
    settlement: null,
    filterFields: buildAccountFilters(
      buildFilterField("receivedAccountId", "Received In", { natures: ONLY_CASH_AND_BANK }),
      buildFilterField("receivedFromAccountIds", "Received From", {
        natures: DEFAULT_ACCOUNT_FILTER,
      }),
    ),
    supportsTemplates: true,
    extraCalls: [],
    settings: null,
  }),
  payments: defineVoucherType("payments", {
    routeWord: "payment",
    apiFamily: "/payments",
    listKey: "paymentEntries",
    titles: describeTitles("Payment", "Payments"),
    shape: "accounts",
    posts: true,
    movesStock: null,
    partySide: null,
    hasDueDate: false,
    summaryType: "payment",
    bankStatementLine: "moneyOut",
    listColumns: buildAccountColumns(
      ["paidAccountId", "Paid From"],
      ["paymentForAccountIds", "Paid To"],
      "paidAmountToShow",
    ),
    rowActions: buildRowActions({ printable: false }),
    conversions: [],
    settlement: null,
    filterFields: buildAccountFilters(
      buildFilterField("paidAccountId", "Paid From", { natures: ONLY_CASH_AND_BANK }),
      buildFilterField("paymentForAccountIds", "Paid To", { natures: DEFAULT_ACCOUNT_FILTER }),
    ),
    supportsTemplates: true,
    extraCalls: [],
    settings: null,
  }),
  fundTransfer: defineVoucherType("fundTransfer", {
    routeWord: "fundtransfer",
    apiFamily: "/fundtransfer",
    listKey: "fundtransferEntries",
    titles: describeTitles("Fund Transfer", "Fund Transfers"),
    shape: "accounts",
    posts: true,
    movesStock: null,
    partySide: null,
    hasDueDate: false,
    summaryType: "fundtransfer",
    bankStatementLine: "transfer",
    listColumns: buildAccountColumns(
      ["paidAccountId", "Transfer From"],
      ["receivedAccountId", "Transfer To"],
      "paidAmount",
    ),
    rowActions: buildRowActions({ printable: false }),
    conversions: [],
    settlement: null,
    filterFields: buildAccountFilters(
      buildFilterField("transferFrom", "Transfer From", { natures: ONLY_CASH_AND_BANK }),
      buildFilterField("transferTo", "Transfer To", { natures: ONLY_CASH_AND_BANK }),
    ),
    // api.md 7 lists templates for seven families; fund transfer only "reuses the receipt
    // template delete", so it gets no template calls of its own.
    supportsTemplates: false,
    extraCalls: [],
    settings: null,
  }),
  journalEntry: defineVoucherType("journalEntry", {
    routeWord: "journal",
    apiFamily: "/journalentry",
    listKey: "journalEntries",
    titles: describeTitles("Journal Entry", "Journal Entries"),
    shape: "accounts",
    posts: true,
    movesStock: null,
    partySide: null,
    hasDueDate: false,
    summaryType: "journal",
    listColumns: buildAccountColumns(
      ["debitAccountIds", "Debit"],
      ["creditAccountIds", "Credit"],
      "amountToShow",
    ),
    rowActions: buildRowActions({ printable: false }),
    conversions: [],
    settlement: null,
    filterFields: buildAccountFilters(
      buildFilterField("debitAccountIds", "Debit Accounts", { natures: EXCEPT_CASH_AND_BANK }),
      buildFilterField("creditAccountIds", "Credit Accounts", { natures: EXCEPT_CASH_AND_BANK }),
    ),
    supportsTemplates: true,
    extraCalls: [],
    settings: null,
  }),
  quotation: defineVoucherType("quotation", {
    routeWord: "quotation",
    apiFamily: "/otherentries/quotation",
    listKey: "quotation",
    titles: describeTitles("Quotation", "Quotations"),
    shape: "items",
    posts: false,
    movesStock: null,
    partySide: "customer",
    hasDueDate: false,
    summaryType: null,
    listColumns: buildDocumentColumns({
      numberLabel: "Quotation No.",
      side: "customer",
      dueDate: false,
      billWise: false,
    }),
    rowActions: buildRowActions({ printable: true, extras: [CREATE_INVOICE] }),
    conversions: [convertInto("salesInvoice", "quotationId", "createInvoice")],
    settlement: null,
    filterFields: buildDocumentFilters({ side: "customer", notes: true, status: false }),
    supportsTemplates: false,
    extraCalls: ["getreceipts", "lastinvoicenumber"],
    settings: {
      callName: "quotation",
      getCallName: "getquotationsettings",
      routeWord: "quotation",
    },
  }),
  salesOrder: defineVoucherType("salesOrder", {
    routeWord: "sales-order",
    apiFamily: "/otherentries/salesorder",
    listKey: "salesOrder",
    titles: describeTitles("Sales Order", "Sales Orders"),
    shape: "items",
    posts: false,
    movesStock: null,
    partySide: "customer",
    hasDueDate: false,
    summaryType: null,
    listColumns: buildDocumentColumns({
      numberLabel: "Order No.",
      side: "customer",
      dueDate: false,
      billWise: false,
    }),
    rowActions: buildRowActions({ printable: true, extras: [CREATE_INVOICE] }),
    conversions: [convertInto("salesInvoice", "salesOrderId", "createInvoice")],
    settlement: null,
    filterFields: buildDocumentFilters({ side: "customer", notes: true, status: false }),
    supportsTemplates: false,
    extraCalls: ["getreceipts", "lastinvoicenumber"],
    settings: {
      callName: "salesorder",
      getCallName: "getsalesordersettings",
      routeWord: "sales-order",
    },
  }),
  purchaseOrder: defineVoucherType("purchaseOrder", {
    routeWord: "purchase-order",
    apiFamily: "/otherentries/purchaseorder",
    listKey: "purchaseOrder",
    titles: describeTitles("Purchase Order", "Purchase Orders"),
    shape: "items",
    posts: false,
    movesStock: null,
    partySide: "supplier",
    hasDueDate: true,
    summaryType: null,
    listColumns: buildDocumentColumns({
      numberLabel: "Order No.",
      side: "supplier",
      dueDate: true,
      billWise: false,
    }),
    rowActions: buildRowActions({
      printable: true,
      extras: [buildRowAction("createPurchase", { opens: "purchases" })],
    }),
    conversions: [convertInto("purchases", "purchaseOrderId", "createPurchase")],
    settlement: null,
    filterFields: buildDocumentFilters({ side: "supplier", notes: false, status: false }),
    supportsTemplates: false,
    extraCalls: ["getpayments"],
    settings: {
      callName: "purchaseorder",
      getCallName: "getpurchaseordersettings",
      routeWord: "purchase-order",
    },
  }),
  deliveryChallan: defineVoucherType("deliveryChallan", {
    routeWord: "delivery-challan",
    apiFamily: "/otherentries/deliverychallan",
    listKey: "deliveryChallan",
    titles: describeTitles("Delivery Challan", "Delivery Challans"),
    shape: "items",
    posts: false,
    // The invoice made from a challan (Create Invoice, deliveryChallanId) moves the stock; moving
    // it on the challan too would count the goods out twice.
    movesStock: null,
    partySide: "customer",
    hasDueDate: false,
    summaryType: null,
    listColumns: buildDocumentColumns({
      numberLabel: "Challan No.",
      side: "customer",
      dueDate: false,
      billWise: false,
    }),
    rowActions: buildRowActions({ printable: true, extras: [CREATE_INVOICE] }),
    conversions: [convertInto("salesInvoice", "deliveryChallanId", "createInvoice")],
    settlement: null,
    filterFields: buildDocumentFilters({ side: "customer", notes: true, status: false }),
    supportsTemplates: false,
    extraCalls: ["getreceipts"],
    settings: {
      callName: "deliverychallan",
      getCallName: "getdeliverychallansettings",
      routeWord: "delivery-challan",
    },
  }),
};

/** The order of the start menu's New Entry and Entries List submenus (spec 2.4). */
export const START_MENU_VOUCHER_ORDER: readonly VoucherType[] = [
  "salesInvoice",
  "purchases",
  "receipts",
  "payments",
  "fundTransfer",
  "journalEntry",
  "debitNote",
  "creditNote",
  "quotation",
  "salesOrder",
  "deliveryChallan",
  "purchaseOrder",
];

export function getVoucherDefinition(type: VoucherType): VoucherTypeDefinition {
  return VOUCHER_REGISTRY[type];
}

export function voucherTypesWhere(
  predicate: (definition: VoucherTypeDefinition) => boolean,
): VoucherType[] {
  return VOUCHER_TYPES.filter((type) => predicate(VOUCHER_REGISTRY[type]));
}

function findVoucherType(
  predicate: (definition: VoucherTypeDefinition) => boolean,
): VoucherType | undefined {
  return VOUCHER_TYPES.find((type) => predicate(VOUCHER_REGISTRY[type]));
}

export function findVoucherTypeByRouteWord(routeWord: string): VoucherType | undefined {
  return findVoucherType((definition) => definition.routeWord === routeWord);
}

/** Accepts the family with or without the /api prefix and a trailing slash. */
export function findVoucherTypeByApiFamily(apiFamily: string): VoucherType | undefined {
  const family = apiFamily.replace(/^\/api(?=\/)/, "").replace(/\/+$/, "");
  return findVoucherType((definition) => definition.apiFamily === family);
}

export function findVoucherTypeBySummaryType(
  summaryType: SummaryType | string,
): VoucherType | undefined {
  return findVoucherType((definition) => definition.summaryType === summaryType);
}

export function findVoucherTypeByListKey(listKey: string): VoucherType | undefined {
  return findVoucherType((definition) => definition.listKey === listKey);
}
