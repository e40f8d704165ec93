import {
  paiseToRupees,
  readStoredVoucher,
  type StoredVoucher,
  type VoucherType,
} from "@bahi/domain";
import type { VoucherRow } from "./vouchers.repository.ts";

/** A voucher as the API answers it: the stored document plus the server's own fields. */
export function presentVoucher(row: VoucherRow) {
  const voucher = readStoredVoucher(row.type as VoucherType, row.document);
  const amount = paiseToRupees(row.amount_paise);
  return {
    ...voucher.json,
    ...listOnlyFields(voucher, amount),
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
function listOnlyFields(voucher: StoredVoucher, amount: number): Record<string, unknown> {
  switch (voucher.family) {
    case "document":
      return {};
    case "settlement": {
      const accountIds = voucher.entries.map((entry) => entry.accountId);
      return voucher.type === "receipts"
        ? { amountToShow: amount, receivedFromAccountIds: accountIds }
        : { paidAmountToShow: amount, amountToShow: amount, paymentForAccountIds: accountIds };
    }
    case "transfer":
      return { amountToShow: amount };
    case "journal":
      return {
        amountToShow: amount,
        debitAccountIds: voucher.entries.filter((e) => e.debitPaise > 0).map((e) => e.accountId),
        creditAccountIds: voucher.entries.filter((e) => e.creditPaise > 0).map((e) => e.accountId),
      };
  }
}
