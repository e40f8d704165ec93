import type { z } from "zod";
import type { VoucherType } from "../vouchers/voucher-type.ts";
import {
  FundTransferEditInput,
  FundTransferInput,
  JournalEntryEditInput,
  JournalEntryInput,
  PaymentEditInput,
  PaymentInput,
  ReceiptEditInput,
  ReceiptInput,
} from "./account-entries.ts";
import {
  CreditNoteEditInput,
  CreditNoteInput,
  DebitNoteEditInput,
  DebitNoteInput,
  DeliveryChallanEditInput,
  DeliveryChallanInput,
  PurchaseEditInput,
  PurchaseInput,
  PurchaseOrderEditInput,
  PurchaseOrderInput,
  QuotationEditInput,
  QuotationInput,
  SalesDebitNoteEditInput,
  SalesDebitNoteInput,
  SalesInvoiceEditInput,
  SalesInvoiceInput,
  SalesOrderEditInput,
  SalesOrderInput,
} from "./document-entries.ts";

export interface EntryInputSchemaPair {
  readonly add: z.ZodType;
  readonly edit: z.ZodType;
}

/** The add and edit payload schema of each entry family, for the server's one route loop. */
export const ENTRY_INPUT_SCHEMAS = {
  salesInvoice: { add: SalesInvoiceInput, edit: SalesInvoiceEditInput },
  purchases: { add: PurchaseInput, edit: PurchaseEditInput },
  creditNote: { add: CreditNoteInput, edit: CreditNoteEditInput },
  debitNote: { add: DebitNoteInput, edit: DebitNoteEditInput },
  salesDebitNote: { add: SalesDebitNoteInput, edit: SalesDebitNoteEditInput },
  receipts: { add: ReceiptInput, edit: ReceiptEditInput },
  payments: { add: PaymentInput, edit: PaymentEditInput },
  fundTransfer: { add: FundTransferInput, edit: FundTransferEditInput },
  journalEntry: { add: JournalEntryInput, edit: JournalEntryEditInput },
  quotation: { add: QuotationInput, edit: QuotationEditInput },
  salesOrder: { add: SalesOrderInput, edit: SalesOrderEditInput },
  purchaseOrder: { add: PurchaseOrderInput, edit: PurchaseOrderEditInput },
  deliveryChallan: { add: DeliveryChallanInput, edit: DeliveryChallanEditInput },
} as const satisfies Record<VoucherType, EntryInputSchemaPair>;
