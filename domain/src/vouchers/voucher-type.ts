/**
 * The 13 voucher types. The identifiers are the spec's `applicableFor` values for custom fields
 * (spec/product.md 3, "Custom field"), the one place the spec names every type in one vocabulary;
 * `salesDebitNote` (a debit note to a customer, issue 19, decision 066) is ours.
 */
export const VOUCHER_TYPES = [
  "salesInvoice",
  "purchases",
  "creditNote",
  "debitNote",
  "salesDebitNote",
  "receipts",
  "payments",
  "fundTransfer",
  "journalEntry",
  "quotation",
  "salesOrder",
  "purchaseOrder",
  "deliveryChallan",
] as const;

export type VoucherType = (typeof VOUCHER_TYPES)[number];

/** Types that write ledger postings; the other four (orders, quotation, challan) post nothing. */
export const POSTING_VOUCHER_TYPES = [
  "salesInvoice",
  "purchases",
  "creditNote",
  "debitNote",
  "salesDebitNote",
  "receipts",
  "payments",
  "fundTransfer",
  "journalEntry",
] as const satisfies readonly VoucherType[];

export type PostingVoucherType = (typeof POSTING_VOUCHER_TYPES)[number];

export function isVoucherType(value: string): value is VoucherType {
  return (VOUCHER_TYPES as readonly string[]).includes(value);
}
