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
  BillableType,
  GstReturnFacts,
  PartySide,
  SummaryType,
  TradeSign,
  TransportFacts,
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
  | "id"
  | "listCallName"
  | "emptyStates"
  | "customFieldKey"
  | "gstReturn"
  | "eInvoice"
  | "transport"
  | "tradeSign"
>;

/** The IRP document type of a type's GST-return facts: outward invoices and notes only. */
function eInvoiceDocTypeOf(facts: GstReturnFacts): VoucherTypeDefinition["eInvoice"] {
  if (facts.role === "outwardSupply") return "INV";
  if (facts.role !== "outwardNote") return null;
  return facts.noteType === "C" ? "CRN" : "DBN";
}

const NOT_IN_RETURNS: GstReturnFacts = { role: "none", noteType: null, table13Nature: null };

/**
 * Each type's GST-return facts, in one table (gst-reference §4 "Nature-of-document codes"). Bahi's
 * debit note is the purchase-side note (a return to a supplier), so it belongs to the inward side;
 * the debit note to a customer is its own type, salesDebitNote (docs/decisions/066).
 */
const GST_RETURN_FACTS: Readonly<Record<VoucherType, GstReturnFacts>> = {
  salesInvoice: { role: "outwardSupply", noteType: null, table13Nature: 1 },
  creditNote: { role: "outwardNote", noteType: "C", table13Nature: 5 },
  purchases: { role: "inwardSupply", noteType: null, table13Nature: null },
  debitNote: { role: "inwardNote", noteType: "D", table13Nature: null },
  // A debit note to a customer raises an outward supply: GSTR-1 cdnr/cdnur with ntty D, Table 13
  // nature 4 (decision 066).
  salesDebitNote: { role: "outwardNote", noteType: "D", table13Nature: 4 },
  receipts: NOT_IN_RETURNS,
  payments: NOT_IN_RETURNS,
  fundTransfer: NOT_IN_RETURNS,
  journalEntry: NOT_IN_RETURNS,
  quotation: NOT_IN_RETURNS,
  salesOrder: NOT_IN_RETURNS,
  purchaseOrder: NOT_IN_RETURNS,
  deliveryChallan: NOT_IN_RETURNS,
};

/**
 * Each type's effect on its side's sales or purchases (decision 067): invoices and bills add, the
 * return notes take away, and the debit note to a customer adds (it raises a sale's value,
 * decision 066). The side is the type's `partySide`.
 */
const TRADE_SIGNS: Readonly<Record<VoucherType, TradeSign | null>> = {
  salesInvoice: 1,
  creditNote: -1,
  salesDebitNote: 1,
  purchases: 1,
  debitNote: -1,
  receipts: null,
  payments: null,
  fundTransfer: null,
  journalEntry: null,
  quotation: null,
  salesOrder: null,
  purchaseOrder: null,
  deliveryChallan: null,
};

/**
 * The types that move goods with a document of their own (issue 24): a sales invoice sends goods,
 * a purchase brings them in, and a delivery challan moves them before (or without) a sale.
 */
const TRANSPORT_FACTS: Readonly<Record<VoucherType, TransportFacts | null>> = {
  salesInvoice: { supplyType: "O", docType: "INV", subSupplyType: 1, subSupplyDesc: "" },
  purchases: { supplyType: "I", docType: "INV", subSupplyType: 1, subSupplyDesc: "" },
  deliveryChallan: {
    supplyType: "O",
    docType: "CHL",
    subSupplyType: 8,
    subSupplyDesc: "Delivery challan",
  },
  creditNote: null,
  debitNote: null,
  salesDebitNote: null,
  receipts: null,
  payments: null,
  fundTransfer: null,
  journalEntry: null,
  quotation: null,
  salesOrder: null,
  purchaseOrder: null,
};

function defineVoucherType(id: VoucherType, parts: DefinitionParts): VoucherTypeDefinition {
  const lastSegment = parts.apiFamily.slice(parts.apiFamily.lastIndexOf("/") + 1);
  return {
    id,
    ...parts,
    listCallName: `${lastSegment}list`,
    emptyStates: describeEmptyStates(parts.titles),
    customFieldKey: id,
    gstReturn: GST_RETURN_FACTS[id],
    eInvoice: eInvoiceDocTypeOf(GST_RETURN_FACTS[id]),
    transport: TRANSPORT_FACTS[id],
    tradeSign: TRADE_SIGNS[id],
  };
}

/**
 * THE voucher-type registry (DESIGN.md 4): server routes and web screens read every per-type fact
 * from here. A Record, so leaving a type out is a type error.
 */
export const VOUCHER_REGISTRY: Readonly<Record<VoucherType, VoucherTypeDefinition>> = {
  salesInvoice: defineVoucherType("salesInvoice", {
    tallyVoucherType: "Sales",
    routeWord: "sales",
    apiFamily: "/salesinvoice",
    listKey: "salesInvoices",
    titles: describeTitles("Sales Invoice", "Sales Invoices", "Sales Invoice"),
    family: "document",
    posts: true,
    movesStock: "out",
    partySide: "customer",
    settles: null,
    acceptsImports: false,
    customFieldsPrintable: true,
    paysCash: false,
    arrowKeysPage: true,
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
    print: { heading: "Tax Invoice", form: "taxInvoice", partyLabel: "Bill To", parentType: null },
  }),
  purchases: defineVoucherType("purchases", {
    tallyVoucherType: "Purchase",
    routeWord: "purchases",
    apiFamily: "/purchases",
    listKey: "purchases",
    titles: describeTitles("Purchase", "Purchases"),
    family: "document",
    posts: true,
    movesStock: "in",
    partySide: "supplier",
    settles: null,
    acceptsImports: true,
    customFieldsPrintable: false,
    paysCash: true,
    arrowKeysPage: false,
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
    print: null,
  }),
  creditNote: defineVoucherType("creditNote", {
    tallyVoucherType: "Credit Note",
    routeWord: "credit-note",
    apiFamily: "/creditnote",
    listKey: "creditNote",
    titles: describeTitles("Credit Note", "Credit Notes"),
    family: "document",
    posts: true,
    // A credit note is a sales return: goods come back in. Service and account lines move nothing.
    movesStock: "in",
    partySide: "customer",
    settles: "salesInvoice",
    acceptsImports: false,
    customFieldsPrintable: true,
    paysCash: false,
    arrowKeysPage: false,
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
    print: { heading: "Credit Note", form: "note", partyLabel: "Bill To", parentType: null },
  }),
  debitNote: defineVoucherType("debitNote", {
    tallyVoucherType: "Debit Note",
    routeWord: "debit-note",
    apiFamily: "/debitnote",
    listKey: "debitnotes",
    titles: describeTitles("Debit Note", "Debit Notes"),
    family: "document",
    posts: true,
    // A debit note is a purchase return: goods go back out to the supplier.
    movesStock: "out",
    partySide: "supplier",
    settles: "purchases",
    acceptsImports: false,
    customFieldsPrintable: true,
    paysCash: false,
    arrowKeysPage: false,
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
    print: { heading: "Debit Note", form: "note", partyLabel: "Supplier", parentType: null },
  }),
  salesDebitNote: defineVoucherType("salesDebitNote", {
    // Tally has one Debit Note type; a debtor's debit note that credits sales becomes this one
    // (decision 067), the rest the purchase-side debit note.
    tallyVoucherType: "Debit Note",
    routeWord: "sales-debit-note",
    apiFamily: "/salesdebitnote",
    listKey: "salesDebitNotes",
    titles: describeTitles("Debit Note (Sales)", "Debit Notes (Sales)"),
    family: "document",
    posts: true,
    // A debit note to a customer raises the value of a supply already invoiced (a price rise, an
    // undercharged rate): no goods move (decision 066).
    movesStock: null,
    partySide: "customer",
    settles: "salesInvoice",
    raisesBills: true,
    acceptsImports: false,
    customFieldsPrintable: true,
    paysCash: false,
    arrowKeysPage: false,
    hasDueDate: true,
    summaryType: "salesdebitnote",
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
      callName: "salesdebitnote",
      getCallName: "getsalesdebitnotesettings",
      routeWord: "sales-debit-note",
    },
    print: { heading: "Debit Note", form: "note", partyLabel: "Bill To", parentType: null },
  }),
  receipts: defineVoucherType("receipts", {
    tallyVoucherType: "Receipt",
    routeWord: "receipt",
    apiFamily: "/receipts",
    listKey: "receiptEntries",
    titles: describeTitles("Receipt", "Receipts"),
    family: "settlement",
    posts: true,
    movesStock: null,
    partySide: null,
    settles: "salesInvoice",
    acceptsImports: false,
    customFieldsPrintable: true,
    paysCash: false,
    arrowKeysPage: false,
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
    print: {
      heading: "Receipt Voucher",
      form: "voucher",
      partyLabel: "Received From",
      parentType: "salesInvoice",
    },
  }),
  payments: defineVoucherType("payments", {
    tallyVoucherType: "Payment",
    routeWord: "payment",
    apiFamily: "/payments",
    listKey: "paymentEntries",
    titles: describeTitles("Payment", "Payments"),
    family: "settlement",
    posts: true,
    movesStock: null,
    partySide: null,
    settles: "purchases",
    acceptsImports: false,
    customFieldsPrintable: false,
    paysCash: true,
    arrowKeysPage: false,
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
    print: {
      heading: "Payment Voucher",
      form: "voucher",
      partyLabel: "Paid To",
      parentType: "purchases",
    },
  }),
  fundTransfer: defineVoucherType("fundTransfer", {
    tallyVoucherType: "Contra",
    routeWord: "fundtransfer",
    apiFamily: "/fundtransfer",
    listKey: "fundtransferEntries",
    titles: describeTitles("Fund Transfer", "Fund Transfers"),
    family: "transfer",
    posts: true,
    movesStock: null,
    partySide: null,
    settles: null,
    acceptsImports: false,
    customFieldsPrintable: false,
    paysCash: false,
    arrowKeysPage: false,
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
    print: null,
  }),
  journalEntry: defineVoucherType("journalEntry", {
    tallyVoucherType: "Journal",
    routeWord: "journal",
    apiFamily: "/journalentry",
    listKey: "journalEntries",
    titles: describeTitles("Journal Entry", "Journal Entries"),
    family: "journal",
    posts: true,
    movesStock: null,
    partySide: null,
    settles: null,
    acceptsImports: false,
    customFieldsPrintable: false,
    paysCash: true,
    arrowKeysPage: false,
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
    print: null,
  }),
  quotation: defineVoucherType("quotation", {
    routeWord: "quotation",
    apiFamily: "/otherentries/quotation",
    listKey: "quotation",
    titles: describeTitles("Quotation", "Quotations"),
    family: "document",
    posts: false,
    movesStock: null,
    partySide: "customer",
    settles: null,
    acceptsImports: false,
    customFieldsPrintable: true,
    paysCash: false,
    arrowKeysPage: false,
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
    print: { heading: "Quotation", form: "offer", partyLabel: "Quotation For", parentType: null },
  }),
  salesOrder: defineVoucherType("salesOrder", {
    routeWord: "sales-order",
    apiFamily: "/otherentries/salesorder",
    listKey: "salesOrder",
    titles: describeTitles("Sales Order", "Sales Orders"),
    family: "document",
    posts: false,
    movesStock: null,
    partySide: "customer",
    settles: null,
    acceptsImports: false,
    customFieldsPrintable: true,
    paysCash: false,
    arrowKeysPage: false,
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
    print: { heading: "Sales Order", form: "offer", partyLabel: "Customer", parentType: null },
  }),
  purchaseOrder: defineVoucherType("purchaseOrder", {
    routeWord: "purchase-order",
    apiFamily: "/otherentries/purchaseorder",
    listKey: "purchaseOrder",
    titles: describeTitles("Purchase Order", "Purchase Orders"),
    family: "document",
    posts: false,
    movesStock: null,
    partySide: "supplier",
    settles: null,
    acceptsImports: true,
    customFieldsPrintable: true,
    paysCash: false,
    arrowKeysPage: false,
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
    print: { heading: "Purchase Order", form: "offer", partyLabel: "Supplier", parentType: null },
  }),
  deliveryChallan: defineVoucherType("deliveryChallan", {
    routeWord: "delivery-challan",
    apiFamily: "/otherentries/deliverychallan",
    listKey: "deliveryChallan",
    titles: describeTitles("Delivery Challan", "Delivery Challans"),
    family: "document",
    posts: false,
    // The invoice made from a challan (Create Invoice, deliveryChallanId) moves the stock; moving
    // it on the challan too would count the goods out twice.
    movesStock: null,
    partySide: "customer",
    settles: null,
    acceptsImports: false,
    customFieldsPrintable: true,
    paysCash: false,
    arrowKeysPage: false,
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
    print: {
      heading: "Delivery Challan",
      form: "challan",
      partyLabel: "Consignee",
      parentType: null,
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
  "salesDebitNote",
  "quotation",
  "salesOrder",
  "deliveryChallan",
  "purchaseOrder",
];

export function getVoucherDefinition(type: VoucherType): VoucherTypeDefinition {
  return VOUCHER_REGISTRY[type];
}

/** Invoices and bills: the types some other type settles (their pending amount and status). */
export const BILLABLE_TYPES: readonly BillableType[] = [
  ...new Set(VOUCHER_TYPES.flatMap((type) => VOUCHER_REGISTRY[type].settles ?? [])),
];

export function isBillableType(type: string): type is BillableType {
  return (BILLABLE_TYPES as readonly string[]).includes(type);
}

/** The purchase bill: the billable type on the supplier's side, which sets items' costs (decision 010). */
export const PURCHASE_BILL_TYPE: BillableType = BILLABLE_TYPES.find(
  (type) => VOUCHER_REGISTRY[type].partySide === "supplier",
) as BillableType;

/**
 * The documents the organisation issues in its sales series (misc/lastInvoiceNumber, spec 4): its
 * own item documents to customers, notes aside.
 */
export const SALES_SERIES_TYPES: readonly VoucherType[] = voucherTypesWhere(
  (definition) =>
    definition.family === "document" &&
    definition.partySide === "customer" &&
    definition.settles === null,
);

/** Credit and debit notes (either side): item documents set against an invoice or bill. */
export function isNoteType(type: VoucherType): boolean {
  const definition = VOUCHER_REGISTRY[type];
  return definition.family === "document" && definition.settles !== null;
}

/**
 * The return note (credit or debit) that lowers invoices or bills of this type; a note that
 * raises them (the debit note to a customer) is not a return.
 */
export function findNoteTypeFor(billable: BillableType): VoucherType {
  const note = VOUCHER_TYPES.find(
    (type) =>
      isNoteType(type) &&
      VOUCHER_REGISTRY[type].settles === billable &&
      VOUCHER_REGISTRY[type].raisesBills !== true,
  );
  if (!note) throw new Error(`no note settles ${billable}`);
  return note;
}

/** The document a payload was converted from (spec 2.6: ?quotationId=… and the like). */
export function findConversionSource(
  payload: Readonly<Record<string, unknown>>,
): { type: VoucherType; id: string } | null {
  for (const type of VOUCHER_TYPES) {
    for (const conversion of VOUCHER_REGISTRY[type].conversions) {
      const id = payload[conversion.queryParam];
      if (typeof id === "string" && id !== "") return { type, id };
    }
  }
  return null;
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

/** The types with a printed form (issue 21), from the registry's `print` facts. */
export function listPrintableVoucherTypes(): VoucherType[] {
  return voucherTypesWhere((definition) => definition.print !== null);
}

/**
 * A note may be a return of goods or a price adjustment (its `type`, decision 006) when it moves
 * stock; a note that moves none (the debit note to a customer) is always an adjustment.
 */
export function offersNoteKind(type: VoucherType): boolean {
  return isNoteType(type) && VOUCHER_REGISTRY[type].movesStock !== null;
}

/**
 * The types that make up a side's sales (customer) or purchases (supplier), the invoice or bill
 * first, each with its sign (decision 067).
 */
export function listTradeTypes(side: PartySide): { type: VoucherType; sign: TradeSign }[] {
  return voucherTypesWhere(
    (definition) => definition.partySide === side && definition.tradeSign !== null,
  )
    .map((type) => ({ type, sign: VOUCHER_REGISTRY[type].tradeSign as TradeSign }))
    .sort((a, b) => Number(isNoteType(a.type)) - Number(isNoteType(b.type)));
}
