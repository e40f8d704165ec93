import { paiseToRupees, type VoucherType } from "@bahi/domain";
import type { VoucherRow } from "./vouchers.repository.ts";

type Document = Record<string, unknown> & {
  entries?: { accountId: string; debitAmount?: number; creditAmount?: number }[];
  receivedAccountId?: string;
  paidAccountId?: string;
};

/** A voucher as the API answers it: the stored document plus the server's own fields. */
export function presentVoucher(row: VoucherRow) {
  const document = JSON.parse(row.document) as Document;
  const amount = paiseToRupees(row.amount_paise);
  return {
    ...document,
    ...listOnlyFields(row.type as VoucherType, document, amount),
    _id: row.id,
    entryId: row.id,
    voucherType: row.type,
    version: row.version,
    number: row.number,
    date: row.date,
    year: row.year,
    partyName: row.party_name,
    amount,
    status: row.status,
    pendingAmt: row.pending_paise === null ? null : paiseToRupees(row.pending_paise),
    sourceType: row.source_type,
    sourceId: row.source_id,
    convertedToType: row.converted_to_type,
    convertedToId: row.converted_to_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
  };
}

/** spec 3 "Receipt and payment": list-only fields amountToShow, paidAmountToShow, …AccountIds. */
function listOnlyFields(type: VoucherType, document: Document, amount: number) {
  const accountIds = (document.entries ?? []).map((entry) => entry.accountId);
  switch (type) {
    case "receipts":
      return { amountToShow: amount, receivedFromAccountIds: accountIds };
    case "payments":
      return { paidAmountToShow: amount, amountToShow: amount, paymentForAccountIds: accountIds };
    case "fundTransfer":
      return { amountToShow: amount };
    case "journalEntry":
      return {
        amountToShow: amount,
        debitAccountIds: (document.entries ?? [])
          .filter((e) => (e.debitAmount ?? 0) > 0)
          .map((e) => e.accountId),
        creditAccountIds: (document.entries ?? [])
          .filter((e) => (e.creditAmount ?? 0) > 0)
          .map((e) => e.accountId),
      };
    default:
      return {};
  }
}
