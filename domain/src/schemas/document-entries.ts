import { z } from "zod";
import { DATE_INPUT_MESSAGES, isDateInFinancialYear } from "../calendar/index.ts";
import { TRANSPORT_FIELDS } from "../gst/eway/transport.ts";
import { rupeesToPaise } from "../money/index.ts";
import {
  EXPORT_SEZ_VALUES,
  IMPORT_TYPE_VALUES,
  NOTE_TYPE_VALUES,
  type NoteType,
  RCM_GST_TYPE_VALUES,
} from "../vouchers/engine/document-options.ts";
import { BILL_WISE_OVER_TOTAL } from "../vouchers/engine/voucher-error.ts";
import { NonNegativeRupeeAmount, RupeeAmount } from "./amounts.ts";
import { BooksDateText, CivilDateText, FinancialYearText } from "./dates.ts";
import {
  AccountDetailLine,
  type BillWiseAllocation,
  BillWiseAllocations,
  CustomFieldValues,
  ItemDetailLine,
  sumBillWiseInPaise,
} from "./entry-lines.ts";
import { GstinText, StateCode } from "./identity-fields.ts";
import { EntryTdsInput } from "./tds-input.ts";
import { boundedText, EntityId, optionalText, RequiredId } from "./text-fields.ts";

export const DOCUMENT_LINES_MAX = 1000;
export const INVOICE_NUMBER_MAX = 50;
export const PARTY_NAME_MAX = 100;
export const ADDRESS_MAX = 300;
export const NOTES_MAX = 2000;
export const NARRATION_MAX = 1000;

export const ENTRY_MESSAGES = {
  noLines: "Add at least one item or account line.",
  dueBeforeDate: "Due date cannot be before the date.",
  oneSource: "Give at most one of quotationId, salesOrderId and deliveryChallanId.",
  billWiseOverTotal: BILL_WISE_OVER_TOTAL,
  exportOrSez: "Choose how the export or SEZ supply is made.",
  rcmGstType: "Choose why reverse charge applies: notified supplies or an unregistered supplier.",
  importType: "Choose whether goods or services are imported.",
  noteType: "Choose whether the note is for goods returned or a price adjustment.",
  exportUnderReverseCharge: "An export or SEZ supply cannot be under reverse charge.",
  salesDebitNoteType: "A debit note to a customer raises a price: its type can only be adjustment.",
} as const;

/** A credit or debit note is a return of goods unless it says it only adjusts the price. */
export const DEFAULT_NOTE_TYPE: NoteType = "return";

/** Fields of every item-line document (api.md 3; spec 3 "Sales invoice, purchase, …"). */
const DOCUMENT_FIELDS = {
  organisationId: EntityId,
  year: FinancialYearText,
  // A document date lies within the years Bahi keeps (issue 26), like every report date.
  date: BooksDateText,
  rcmApplicable: z.boolean().default(false),
  rcmGstType: optionalText(z.enum(RCM_GST_TYPE_VALUES, { error: ENTRY_MESSAGES.rcmGstType })),
  /** Blank on add lets the server take the next number in the series. */
  invoiceNumber: optionalText(
    boundedText(
      INVOICE_NUMBER_MAX,
      `Invoice number cannot be more than ${INVOICE_NUMBER_MAX} characters.`,
    ),
  ),
  cashOrDebtorAccountId: EntityId,
  partyName: optionalText(
    boundedText(PARTY_NAME_MAX, `Party name cannot be more than ${PARTY_NAME_MAX} characters.`),
  ),
  billingAddress: optionalText(
    boundedText(ADDRESS_MAX, `Billing address cannot be more than ${ADDRESS_MAX} characters.`),
  ),
  shippingAddress: optionalText(
    boundedText(ADDRESS_MAX, `Shipping address cannot be more than ${ADDRESS_MAX} characters.`),
  ),
  gstin: optionalText(GstinText),
  pos: optionalText(StateCode),
  gstPaymentTypeInExportOrSez: optionalText(
    z.enum(EXPORT_SEZ_VALUES, { error: ENTRY_MESSAGES.exportOrSez }),
  ),
  /**
   * true (the default): the total is rounded to the rupee and the difference booked on a separate
   * round-off line; false keeps the paise in the total.
   */
  roundOff: z.boolean({ error: "Round off must be true or false." }).default(true),
  itemDetails: z
    .array(ItemDetailLine)
    .max(DOCUMENT_LINES_MAX, `At most ${DOCUMENT_LINES_MAX} item lines.`)
    .default([]),
  accountDetails: z
    .array(AccountDetailLine)
    .max(DOCUMENT_LINES_MAX, `At most ${DOCUMENT_LINES_MAX} account lines.`)
    .default([]),
  notes: optionalText(boundedText(NOTES_MAX, `Notes cannot be more than ${NOTES_MAX} characters.`)),
  narration: optionalText(
    boundedText(NARRATION_MAX, `Narration cannot be more than ${NARRATION_MAX} characters.`),
  ),
  // The client's totals, each checked against the server's to the paisa when sent; a client may
  // leave them out and take the server's figures from the response (docs/api/vouchers.md).
  grossAmount: NonNegativeRupeeAmount.optional(),
  cgstAmount: NonNegativeRupeeAmount.optional(),
  sgstAmount: NonNegativeRupeeAmount.optional(),
  igstAmount: NonNegativeRupeeAmount.optional(),
  roundOffAmount: RupeeAmount.optional(),
  totalAmount: NonNegativeRupeeAmount.optional(),
  customFieldValues: CustomFieldValues.optional(),
};

const DUE_DATE_FIELDS = { dueDate: optionalText(CivilDateText) };

/** Credit and debit notes: the note type and the invoices it settles. */
const NOTE_FIELDS = {
  type: optionalText(z.enum(NOTE_TYPE_VALUES, { error: ENTRY_MESSAGES.noteType })).transform(
    (type) => type ?? DEFAULT_NOTE_TYPE,
  ),
  billWiseEntries: BillWiseAllocations,
};

const IMPORT_FIELDS = {
  importType: optionalText(z.enum(IMPORT_TYPE_VALUES, { error: ENTRY_MESSAGES.importType })),
};

/** spec 2.6: the document an invoice is created from. */
const SALES_SOURCE_FIELDS = {
  quotationId: optionalText(EntityId),
  salesOrderId: optionalText(EntityId),
  deliveryChallanId: optionalText(EntityId),
};

// The party picker's label on the entry screen names the side (DocumentHeader): so does its refusal.
const CUSTOMER_FIELDS = { cashOrDebtorAccountId: RequiredId("Customer") };
const SUPPLIER_FIELDS = { cashOrDebtorAccountId: RequiredId("Supplier") };

/** spec 2.6 opens purchases/add?purchaseOrderId=…; the payload carries it so the link is kept. */
const PURCHASE_SOURCE_FIELDS = { purchaseOrderId: optionalText(EntityId) };

export const VERSION_REQUIRED_MESSAGE =
  "The version this edit started from is required. Please reload and edit again.";

/**
 * Keys an edit adds. `version` is the version the edit started from (DESIGN.md 4 "Concurrency"):
 * a stale edit is refused with 409, and an edit without it with 400 (issue 26: no silent
 * last-write-wins).
 */
export const EDIT_FIELDS = {
  entryId: EntityId,
  version: z
    .number({
      error: (issue) =>
        issue.input === undefined ? VERSION_REQUIRED_MESSAGE : "Version must be a number.",
    })
    .int()
    .positive(),
};

interface DocumentRefinable {
  readonly date: string;
  readonly year: string;
  readonly dueDate?: string | undefined;
  readonly itemDetails: readonly unknown[];
  readonly accountDetails: readonly unknown[];
  readonly totalAmount?: number | undefined;
  readonly billWiseEntries?: readonly BillWiseAllocation[];
  readonly quotationId?: string | undefined;
  readonly salesOrderId?: string | undefined;
  readonly deliveryChallanId?: string | undefined;
}

export function refineEntryDate(
  value: { readonly date: string; readonly year: string },
  ctx: z.RefinementCtx,
): void {
  if (!isDateInFinancialYear(value.date, value.year)) {
    ctx.addIssue({
      code: "custom",
      path: ["date"],
      message: DATE_INPUT_MESSAGES.outsideFinancialYear,
    });
  }
}

function refineDocument(value: DocumentRefinable, ctx: z.RefinementCtx): void {
  refineEntryDate(value, ctx);
  if (value.dueDate !== undefined && value.dueDate < value.date) {
    ctx.addIssue({ code: "custom", path: ["dueDate"], message: ENTRY_MESSAGES.dueBeforeDate });
  }
  if (value.itemDetails.length + value.accountDetails.length === 0) {
    ctx.addIssue({ code: "custom", path: ["itemDetails"], message: ENTRY_MESSAGES.noLines });
  }
  const sources = [value.quotationId, value.salesOrderId, value.deliveryChallanId];
  if (sources.filter((source) => source !== undefined).length > 1) {
    ctx.addIssue({ code: "custom", path: ["quotationId"], message: ENTRY_MESSAGES.oneSource });
  }
  // Without a total sent, the engine checks the allocations against its own.
  if (
    value.billWiseEntries !== undefined &&
    value.totalAmount !== undefined &&
    sumBillWiseInPaise(value.billWiseEntries) > rupeesToPaise(value.totalAmount)
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["billWiseEntries"],
      message: ENTRY_MESSAGES.billWiseOverTotal,
    });
  }
}

/**
 * Shipping details of an export (GSTR-1 exp: sbpcode, sbnum, sbdt), optional until the shipping
 * bill is known. The port code is the 6-character customs location code (INNSA1 for Nhava Sheva).
 */
const EXPORT_FIELDS = {
  portCode: optionalText(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{6}$/, "Port code must be 6 letters or digits."),
  ),
  shippingBillNumber: optionalText(
    z
      .string()
      .trim()
      .regex(/^\d{1,7}$/, "Shipping bill number must be up to 7 digits."),
  ),
  shippingBillDate: optionalText(CivilDateText),
  /** The destination country, ISO 3166 alpha-2 (the e-invoice's ExpDtls.CntCode, issue 35). */
  countryCode: optionalText(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Country code must be 2 letters (ISO 3166, such as US or AE)."),
  ),
};

const SalesInvoiceFields = z.object({
  ...DOCUMENT_FIELDS,
  ...CUSTOMER_FIELDS,
  ...DUE_DATE_FIELDS,
  ...SALES_SOURCE_FIELDS,
  ...EXPORT_FIELDS,
  ...TRANSPORT_FIELDS,
});

/** An export or SEZ supply is made by the supplier, with IGST or under LUT: never reverse charge. */
function refineSalesInvoice(
  value: DocumentRefinable & {
    readonly rcmApplicable: boolean;
    readonly gstPaymentTypeInExportOrSez?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  refineDocument(value, ctx);
  if (value.rcmApplicable && value.gstPaymentTypeInExportOrSez !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["rcmApplicable"],
      message: ENTRY_MESSAGES.exportUnderReverseCharge,
    });
  }
}

export const SalesInvoiceInput = SalesInvoiceFields.superRefine(refineSalesInvoice);
export type SalesInvoiceInput = z.infer<typeof SalesInvoiceInput>;
export const SalesInvoiceEditInput =
  SalesInvoiceFields.extend(EDIT_FIELDS).superRefine(refineSalesInvoice);
export type SalesInvoiceEditInput = z.infer<typeof SalesInvoiceEditInput>;

const PurchaseFields = z.object({
  ...DOCUMENT_FIELDS,
  ...SUPPLIER_FIELDS,
  ...DUE_DATE_FIELDS,
  ...IMPORT_FIELDS,
  ...PURCHASE_SOURCE_FIELDS,
  ...TRANSPORT_FIELDS,
  /** Issue 39: the TDS deducted on the bill (decision 300). */
  tds: EntryTdsInput.optional(),
});
export const PurchaseInput = PurchaseFields.superRefine(refineDocument);
export type PurchaseInput = z.infer<typeof PurchaseInput>;
export const PurchaseEditInput = PurchaseFields.extend(EDIT_FIELDS).superRefine(refineDocument);
export type PurchaseEditInput = z.infer<typeof PurchaseEditInput>;

const NoteFields = z.object({ ...DOCUMENT_FIELDS, ...DUE_DATE_FIELDS, ...NOTE_FIELDS });
const CreditNoteFields = NoteFields.extend(CUSTOMER_FIELDS);
const DebitNoteFields = NoteFields.extend(SUPPLIER_FIELDS);
export const CreditNoteInput = CreditNoteFields.superRefine(refineDocument);
export type CreditNoteInput = z.infer<typeof CreditNoteInput>;
export const CreditNoteEditInput = CreditNoteFields.extend(EDIT_FIELDS).superRefine(refineDocument);
export type CreditNoteEditInput = z.infer<typeof CreditNoteEditInput>;
export const DebitNoteInput = DebitNoteFields.superRefine(refineDocument);
export type DebitNoteInput = z.infer<typeof DebitNoteInput>;
export const DebitNoteEditInput = DebitNoteFields.extend(EDIT_FIELDS).superRefine(refineDocument);
export type DebitNoteEditInput = z.infer<typeof DebitNoteEditInput>;

/**
 * A debit note to a customer (decision 066): a price rise on invoices already issued. It returns
 * no goods, so its `type` is always "adjustment" (stored so, as returns and reports read it); its
 * billWiseEntries name the sales invoices it raises.
 */
const SalesDebitNoteFields = z.object({
  ...DOCUMENT_FIELDS,
  ...DUE_DATE_FIELDS,
  type: optionalText(
    z.literal("adjustment", { error: ENTRY_MESSAGES.salesDebitNoteType }),
  ).transform((): NoteType => "adjustment"),
  billWiseEntries: NOTE_FIELDS.billWiseEntries,
  ...CUSTOMER_FIELDS,
});
export const SalesDebitNoteInput = SalesDebitNoteFields.superRefine(refineDocument);
export type SalesDebitNoteInput = z.infer<typeof SalesDebitNoteInput>;
export const SalesDebitNoteEditInput =
  SalesDebitNoteFields.extend(EDIT_FIELDS).superRefine(refineDocument);
export type SalesDebitNoteEditInput = z.infer<typeof SalesDebitNoteEditInput>;

/** Quotation, sales order and delivery challan share the plain document fields. */
const PlainDocumentFields = z.object({ ...DOCUMENT_FIELDS, ...CUSTOMER_FIELDS });
export const QuotationInput = PlainDocumentFields.superRefine(refineDocument);
export type QuotationInput = z.infer<typeof QuotationInput>;
export const QuotationEditInput =
  PlainDocumentFields.extend(EDIT_FIELDS).superRefine(refineDocument);
export type QuotationEditInput = z.infer<typeof QuotationEditInput>;
export const SalesOrderInput = QuotationInput;
export type SalesOrderInput = QuotationInput;
export const SalesOrderEditInput = QuotationEditInput;
export type SalesOrderEditInput = QuotationEditInput;
/** A delivery challan moves goods: it carries transport details (the registry's `transport`). */
const DeliveryChallanFields = PlainDocumentFields.extend(TRANSPORT_FIELDS);
export const DeliveryChallanInput = DeliveryChallanFields.superRefine(refineDocument);
export type DeliveryChallanInput = z.infer<typeof DeliveryChallanInput>;
export const DeliveryChallanEditInput =
  DeliveryChallanFields.extend(EDIT_FIELDS).superRefine(refineDocument);
export type DeliveryChallanEditInput = z.infer<typeof DeliveryChallanEditInput>;

const PurchaseOrderFields = z.object({
  ...DOCUMENT_FIELDS,
  ...SUPPLIER_FIELDS,
  ...DUE_DATE_FIELDS,
  ...IMPORT_FIELDS,
});
export const PurchaseOrderInput = PurchaseOrderFields.superRefine(refineDocument);
export type PurchaseOrderInput = z.infer<typeof PurchaseOrderInput>;
export const PurchaseOrderEditInput =
  PurchaseOrderFields.extend(EDIT_FIELDS).superRefine(refineDocument);
export type PurchaseOrderEditInput = z.infer<typeof PurchaseOrderEditInput>;
