import type { PostingVoucherType } from "../vouchers/voucher-type.ts";
import {
  type DocumentVoucher,
  postCreditNote,
  postDebitNote,
  postPurchase,
  postSalesInvoice,
} from "./post-document.ts";
import { type FundTransferVoucher, postFundTransfer } from "./post-fund-transfer.ts";
import { type JournalEntryVoucher, postJournalEntry } from "./post-journal-entry.ts";
import {
  type PaymentVoucher,
  postPayment,
  postReceipt,
  type ReceiptVoucher,
} from "./post-receipt-payment.ts";
import { assertBalanced, mergePostings, type Posting } from "./posting.ts";
import type { SystemAccounts } from "./system-accounts.ts";

// Keyed by PostingVoucherType, so a posting type added there without its fields here fails
// type-checking (STYLE: one engine, a registry of types).
type VoucherFieldsByType = {
  salesInvoice: DocumentVoucher;
  purchases: DocumentVoucher;
  creditNote: DocumentVoucher;
  debitNote: DocumentVoucher;
  receipts: ReceiptVoucher;
  payments: PaymentVoucher;
  fundTransfer: FundTransferVoucher;
  journalEntry: JournalEntryVoucher;
};

/** Any voucher that writes postings, told apart by its type (voucher-type.ts). */
export type PostableVoucher = {
  [T in PostingVoucherType]: { type: T } & VoucherFieldsByType[T];
}[PostingVoucherType];

/**
 * The voucher's postings, one per account in first-seen order, without zero lines; throws
 * LedgerError on an invalid voucher and UnbalancedPostingsError if they fail to sum to zero.
 */
export function postVoucher(voucher: PostableVoucher, accounts: SystemAccounts): Posting[] {
  const postings = mergePostings(listPostings(voucher, accounts));
  assertBalanced(postings);
  return postings;
}

function listPostings(voucher: PostableVoucher, accounts: SystemAccounts): Posting[] {
  switch (voucher.type) {
    case "salesInvoice":
      return postSalesInvoice(voucher, accounts);
    case "purchases":
      return postPurchase(voucher, accounts);
    case "creditNote":
      return postCreditNote(voucher, accounts);
    case "debitNote":
      return postDebitNote(voucher, accounts);
    case "receipts":
      return postReceipt(voucher);
    case "payments":
      return postPayment(voucher);
    case "fundTransfer":
      return postFundTransfer(voucher);
    case "journalEntry":
      return postJournalEntry(voucher);
  }
}
