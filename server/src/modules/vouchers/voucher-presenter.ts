import {
  getVoucherDefinition,
  paiseToRupees,
  type VoucherFamily,
  type VoucherType,
} from "@bahi/domain";
import type { VoucherRow } from "./vouchers.repository.ts";

type DocumentEntry = { accountId: string; debitAmount?: number; creditAmount?: number };

type Document = Record<string, unknown> & {
  entries?: DocumentEntry[];
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
  return LIST_ONLY_FIELDS[getVoucherDefinition(type).family](document, amount);
}

type ListOnlyFields = (document: Document, amount: number) => Record<string, unknown>;

const accountIdsOf = (document: Document, keep: (entry: DocumentEntry) => boolean = () => true) =>
  (document.entries ?? []).filter(keep).map((entry) => entry.accountId);

// Keyed by the registry's payload families: a family added without its fields fails type-checking.
const LIST_ONLY_FIELDS: Readonly<Record<VoucherFamily, ListOnlyFields>> = {
  document: () => ({}),
  settlement: (document, amount) =>
    document.receivedAccountId !== undefined
      ? { amountToShow: amount, receivedFromAccountIds: accountIdsOf(document) }
      : {
          paidAmountToShow: amount,
          amountToShow: amount,
          paymentForAccountIds: accountIdsOf(document),
        },
  transfer: (_document, amount) => ({ amountToShow: amount }),
  journal: (document, amount) => ({
    amountToShow: amount,
    debitAccountIds: accountIdsOf(document, (entry) => (entry.debitAmount ?? 0) > 0),
    creditAccountIds: accountIdsOf(document, (entry) => (entry.creditAmount ?? 0) > 0),
  }),
};
