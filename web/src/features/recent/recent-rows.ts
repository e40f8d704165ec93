import {
  buildVoucherScreenPath,
  findVoucherTypeBySummaryType,
  isVoucherType,
  type OrganisationYear,
  VOUCHER_REGISTRY,
} from "@bahi/domain";
import { formatCivilDate, formatInstant, formatRupeeValue } from "../lists/format-values.ts";
import type { TransactionSummary } from "./recent.api.ts";

export interface RecentRow {
  id: string;
  date: string;
  type: string;
  amount: string;
  addEditDate: string;
  addOrEdit: string;
  /** The entry's edit route (spec 2.7: rows link to the edit route by type). */
  path: string | null;
}

/** spec 2.7 columns: Date, Type, Amount, Add/Edit Date, Add/Edit. */
export function describeRecentRows(
  transactions: readonly TransactionSummary[],
  scope: OrganisationYear,
): RecentRow[] {
  return transactions.map((transaction) => {
    const type =
      transaction.voucherType && isVoucherType(transaction.voucherType)
        ? transaction.voucherType
        : findVoucherTypeBySummaryType(transaction.type);
    return {
      id: transaction._id,
      date: formatCivilDate(transaction.date),
      type: type ? VOUCHER_REGISTRY[type].titles.singular : transaction.type,
      amount: formatRupeeValue(transaction.amount),
      addEditDate: formatInstant(transaction.updatedAt),
      addOrEdit: transaction.addOrEdit,
      path: type
        ? buildVoucherScreenPath(scope, type, { screen: "edit", id: transaction._id })
        : null,
    };
  });
}

/** Up and Down within the rows, staying at the ends. */
export function moveHighlight(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return 0;
  return Math.min(count - 1, Math.max(0, current + step));
}
