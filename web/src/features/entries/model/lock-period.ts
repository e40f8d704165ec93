import { formatMonthLabel, getVoucherDefinition, type VoucherType } from "@bahi/domain";

/** A row of GET /settings/getLockPeriod. */
export interface LockPeriodRow {
  monthKey: string;
  transactionType: string;
  locked: boolean;
}

/**
 * Why an entry of this type dated on `date` cannot be saved, or null: the server refuses a locked
 * (month, type) or a locked whole month with 423 and these words (lock-periods.service), so the
 * screen says it next to the date before a whole invoice is typed.
 */
export function describeDateLock(
  rows: readonly LockPeriodRow[],
  type: VoucherType,
  date: string,
): string | null {
  const month = date.slice(0, 7);
  const lock = rows.find(
    (row) =>
      row.locked &&
      row.monthKey === month &&
      (row.transactionType === "all" || row.transactionType === type),
  );
  if (!lock) return null;
  const label = formatMonthLabel(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  return `${getVoucherDefinition(type).titles.singular} entries dated in ${label} are locked. Unlock the period in Settings → Lock Period to change them.`;
}
