import type { InvoiceStatus } from "./invoice-status.ts";
import type { ListColumn } from "./list-columns.ts";
import type { ListFilterFieldSpec } from "./list-filter-fields.ts";
import type { RowAction, RowActionId } from "./row-actions.ts";
import type { VoucherType } from "./voucher-type.ts";

/**
 * The four payload families (domain/src/schemas): item-line documents (sales, purchases, notes,
 * quotation, orders, challan), receipt and payment, fund transfer, journal. The engine prepares,
 * and the screen edits, a type by its family.
 */
export const VOUCHER_FAMILIES = ["document", "settlement", "transfer", "journal"] as const;

export type VoucherFamily = (typeof VOUCHER_FAMILIES)[number];

/** The types other vouchers are set against bill-wise: invoices and bills (DESIGN.md 4). */
export type BillableType = "salesInvoice" | "purchases";

export type StockDirection = "in" | "out";

export type PartySide = "customer" | "supplier";

/** The `type` of a last-ten-transactions row (spec 3, "Transaction summary row"). */
export const SUMMARY_TYPES = [
  "sales",
  "purchases",
  "creditnote",
  "debitnote",
  "salesdebitnote",
  "receipt",
  "payment",
  "journal",
  "fundtransfer",
] as const;

export type SummaryType = (typeof SUMMARY_TYPES)[number];

/** Per-family calls beyond the common set (api.md 7, "Extras"). */
export const ENTRY_EXTRA_CALLS = ["getreceipts", "getpayments", "lastinvoicenumber"] as const;

export type EntryExtraCall = (typeof ENTRY_EXTRA_CALLS)[number];

/** Query parameters that carry a source document into sales/add or purchases/add (spec 2.6). */
export const CONVERSION_QUERY_PARAMS = [
  "quotationId",
  "salesOrderId",
  "deliveryChallanId",
  "purchaseOrderId",
] as const;

export type ConversionQueryParam = (typeof CONVERSION_QUERY_PARAMS)[number];

export interface VoucherConversion {
  readonly into: VoucherType;
  readonly queryParam: ConversionQueryParam;
  readonly action: RowActionId;
}

/**
 * Create Receipt / Create Payment (spec 2.6, spec 4): opens the add screen of `into` prefilled with
 * the account, the amount (pendingAmt, else totalAmount) and the invoice number, only while the
 * status is one of `allowedStatuses`; otherwise the refusal toast (api.md 8) is shown.
 */
export interface VoucherSettlement {
  readonly into: VoucherType;
  readonly action: RowActionId;
  readonly allowedStatuses: readonly InvoiceStatus[];
  readonly refusal: { readonly title: string; readonly message: string };
}

/**
 * A type's place in the GST returns (DESIGN.md 10): an outward supply (GSTR-1 b2b/b2cl/b2cs/exp),
 * a note on outward supplies (cdnr/cdnur; `ntty` C or D), the inward side (GSTR-2/3B), or none.
 */
export type GstReturnRole =
  | "outwardSupply"
  | "outwardNote"
  | "inwardSupply"
  | "inwardNote"
  | "none";

export interface GstReturnFacts {
  readonly role: GstReturnRole;
  /** GSTR-1 `ntty` of a note: C lowers the supply, D raises it; null for a supply or none. */
  readonly noteType: "C" | "D" | null;
  /** GSTR-1 Table 13 nature of document (1 outward invoices, 4 debit notes, 5 credit notes). */
  readonly table13Nature: number | null;
}

/** +1 adds to the side's sales or purchases, -1 takes away from them. */
export type TradeSign = 1 | -1;

export interface VoucherTitles {
  /** The start-menu and quick-create name (spec 2.4). */
  readonly singular: string;
  readonly plural: string;
  /** The list screen title (spec 2.5); 'Sales Invoice' is singular there, as the spec shows it. */
  readonly list: string;
}

export interface VoucherEmptyStates {
  readonly empty: { readonly heading: string; readonly description: string };
  readonly noMatch: { readonly heading: string; readonly description: string };
}

/** Per-document settings (api.md 7 "Settings"; product 2.3 settings/ routes). */
export interface VoucherSettingsCalls {
  /** POST /settings/{callName} */
  readonly callName: string;
  /** GET /settings/{getCallName}; credit note keeps the spec's capitalised 'getCreditNotesettings'. */
  readonly getCallName: string;
  /** The web route settings/{routeWord}. */
  readonly routeWord: string;
}

/**
 * What a printed document is in law (returns-reference 5.1): a tax invoice (rule 46, a bill of
 * supply under rule 49 when it carries no tax), a credit or debit note (rule 53), a delivery
 * challan (rule 55), an offer or order (no tax-invoice wording), or a money voucher.
 */
export type PrintForm = "taxInvoice" | "note" | "challan" | "offer" | "voucher";

/** How a type prints (issue 21); null on the types that have no printed form. */
export interface VoucherPrint {
  /** The heading when the document settings give none. */
  readonly heading: string;
  readonly form: PrintForm;
  /** The caption over the party's name and address. */
  readonly partyLabel: string;
  /**
   * The invoice type a receipt or payment is printed from ({parentType}/{type}/print/{id},
   * spec 2.3); null when the type prints from its own list.
   */
  readonly parentType: VoucherType | null;
}

/**
 * What a bank-statement line becomes (imports/bank): money in, money out, or money moved between
 * the organisation's own cash and bank accounts.
 */
export type BankStatementLineRole = "moneyIn" | "moneyOut" | "transfer";

/**
 * A type that moves goods carries transport details and may need an e-way bill (issue 24,
 * returns-reference §4.4): the portal's supply direction, document type and sub-supply type.
 */
export interface TransportFacts {
  /** O outward (we send the goods), I inward (we receive them). */
  readonly supplyType: "O" | "I";
  /** INV tax invoice, CHL delivery challan. */
  readonly docType: "INV" | "CHL";
  /** 1 Supply, 8 Others (with `subSupplyDesc`). */
  readonly subSupplyType: number;
  readonly subSupplyDesc: string;
}

export interface VoucherTypeDefinition {
  readonly id: VoucherType;
  /** The route word of spec 2.3: /{org}/{year}/{routeWord}/list, add, edit/{id}... */
  readonly routeWord: string;
  /** The API family path of api.md 7, without the /api prefix. */
  readonly apiFamily: string;
  /** The list GET under the family: always the family's last path segment + 'list'. */
  readonly listCallName: string;
  /** The key of the record array in the list response (spec 3). */
  readonly listKey: string;
  readonly titles: VoucherTitles;
  readonly emptyStates: VoucherEmptyStates;
  readonly family: VoucherFamily;
  /** Writes ledger postings (DESIGN.md 4). */
  readonly posts: boolean;
  /** Which way the item lines move stock, or null when the type moves none. */
  readonly movesStock: StockDirection | null;
  readonly partySide: PartySide | null;
  /**
   * The invoices or bills this type is set against bill-wise: receipts and credit notes settle
   * sales invoices, payments and debit notes purchase bills; null for the rest.
   */
  readonly settles: BillableType | null;
  /**
   * Its bill-wise entries add to what is pending on the invoices they name instead of settling
   * them: a debit note to a customer raises the invoice it is made out against (decision 066).
   * Absent (false) on every type that settles.
   */
  readonly raisesBills?: boolean;
  /** Takes `importType` (import of goods or services): purchases and purchase orders. */
  readonly acceptsImports: boolean;
  /** Its custom fields may be marked Print in PDF (spec 5 "Custom field" lists these types). */
  readonly customFieldsPrintable: boolean;
  /** Can pay a payee from the cash box, for the cash payments over ₹10,000 report (s.40A(3)). */
  readonly paysCash: boolean;
  /** spec 2.5: Left and Right change the list's page (the sales list); elsewhere they go to a row. */
  readonly arrowKeysPage: boolean;
  readonly hasDueDate: boolean;
  readonly summaryType: SummaryType | null;
  readonly listColumns: readonly ListColumn[];
  readonly rowActions: readonly RowAction[];
  /** Types this one converts into (the create-* actions that carry a query parameter). */
  readonly conversions: readonly VoucherConversion[];
  readonly settlement: VoucherSettlement | null;
  readonly filterFields: readonly ListFilterFieldSpec[];
  /** The custom-field applicableFor value of this type; equal to the id. */
  readonly customFieldKey: VoucherType;
  /** Has gettemplates, gettemplatedetails, addtemplate, edittemplatename and template. */
  readonly supportsTemplates: boolean;
  readonly extraCalls: readonly EntryExtraCall[];
  readonly settings: VoucherSettingsCalls | null;
  readonly gstReturn: GstReturnFacts;
  /**
   * What the type does to its side's sales or purchases (the side is `partySide`: customer sales,
   * supplier purchases): +1 an invoice or bill, or a note that raises one (the debit note to a
   * customer); -1 a note that lowers one (credit note, purchase-side debit note); null for the
   * types that are no trade (orders, quotations, challans, money vouchers). The sales and purchase
   * reports and the dashboard's sales read it (decision 067).
   */
  readonly tradeSign: TradeSign | null;
  /**
   * Issue 24: the INV-01 document type when this type goes to the IRP (an outward invoice INV, an
   * outward credit note CRN, an outward debit note DBN); null for every other type.
   */
  readonly eInvoice: "INV" | "CRN" | "DBN" | null;
  readonly print: VoucherPrint | null;
  /** Takes transport details and can need an e-way bill; null for the rest. */
  readonly transport: TransportFacts | null;
  /** The bank-statement lines this type is made from by an import; absent for the others. */
  readonly bankStatementLine?: BankStatementLineRole;
  /**
   * The name of Tally's predefined voucher type this type is made from by a Tally import (Sales,
   * Purchase, Receipt …); absent for the types no Tally voucher becomes.
   */
  readonly tallyVoucherType?: string;
}
