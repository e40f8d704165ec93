export { LedgerError, UnbalancedJournalError, UnbalancedPostingsError } from "./ledger-error.ts";
export {
  type DocumentVoucher,
  postCreditNote,
  postDebitNote,
  postPurchase,
  postSalesDebitNote,
  postSalesInvoice,
} from "./post-document.ts";
export { type FundTransferVoucher, postFundTransfer } from "./post-fund-transfer.ts";
export {
  type JournalEntryVoucher,
  type JournalLine,
  postJournalEntry,
} from "./post-journal-entry.ts";
export {
  type CashEntry,
  type PaymentVoucher,
  postPayment,
  postReceipt,
  type ReceiptVoucher,
} from "./post-receipt-payment.ts";
export { type PostableVoucher, postVoucher } from "./post-voucher.ts";
export {
  assertBalanced,
  mergePostings,
  type Posting,
  reversePostings,
  sumPostings,
} from "./posting.ts";
export * from "./sales-figures.ts";
export type { SystemAccounts } from "./system-accounts.ts";
