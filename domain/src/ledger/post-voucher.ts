import type { PostingVoucherType } from "../vouchers/voucher-type.ts";
import {
  postCreditNote,
  postDebitNote,
  postPurchase,
  postSalesDebitNote,
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

// The posting rule of each posting type, keyed by PostingVoucherType: a type added to the registry
// without its rule here fails type-checking (STYLE: one engine, a registry of types). A voucher's
// fields are what its rule takes.
const POSTING_RULES = {
  salesInvoice: postSalesInvoice,
  purchases: postPurchase,
  creditNote: postCreditNote,
  debitNote: postDebitNote,
  salesDebitNote: postSalesDebitNote,
  receipts: (voucher: ReceiptVoucher) => postReceipt(voucher),
  payments: (voucher: PaymentVoucher) => postPayment(voucher),
  fundTransfer: (voucher: FundTransferVoucher) => postFundTransfer(voucher),
  journalEntry: (voucher: JournalEntryVoucher) => postJournalEntry(voucher),
} satisfies { [T in PostingVoucherType]: (voucher: never, accounts: SystemAccounts) => Posting[] };

type PostingRules = typeof POSTING_RULES;

/** Any voucher that writes postings, told apart by its type (voucher-type.ts). */
export type PostableVoucher = {
  [T in PostingVoucherType]: { type: T } & Parameters<PostingRules[T]>[0];
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

function listPostings<T extends PostingVoucherType>(
  voucher: PostableVoucher & { type: T },
  accounts: SystemAccounts,
): Posting[] {
  // TypeScript cannot correlate the union's type with its rule's parameter; the table's
  // `satisfies` and PostableVoucher's definition from it make the pairing safe.
  const rule = POSTING_RULES[voucher.type] as (
    voucher: unknown,
    accounts: SystemAccounts,
  ) => Posting[];
  return rule(voucher, accounts);
}
