import { addDays, endOfMonth, monthOf } from "@bahi/domain";

/**
 * A date range as the monthly tables can answer it (DESIGN.md §4 "Balances"): the whole months
 * inside it, read from account_balances or item_stock_balances, and the partial months at its
 * ends, read from the rows themselves through their (organisation, date) indexes.
 */
export interface MonthSplit {
  /** First and last whole month ('YYYY-MM'), or null when no month lies wholly inside. */
  wholeMonths: { from: string; to: string } | null;
  /** Date ranges, both ends inclusive, outside the whole months. */
  partialRanges: [string, string][];
}

/** Splits [fromDate, toDate], both inclusive; an empty range gives nothing to read. */
export function splitIntoMonths(fromDate: string, toDate: string): MonthSplit {
  if (fromDate > toDate) return { wholeMonths: null, partialRanges: [] };
  const fromMonth = monthOf(fromDate);
  const toMonth = monthOf(toDate);
  const wholeFrom = fromDate.endsWith("-01")
    ? fromMonth
    : monthOf(addDays(endOfMonth(fromDate), 1));
  const wholeTo = endOfMonth(toDate) === toDate ? toMonth : monthOf(addDays(`${toMonth}-01`, -1));
  if (wholeFrom > wholeTo) return { wholeMonths: null, partialRanges: [[fromDate, toDate]] };
  const partialRanges: [string, string][] = [];
  if (wholeFrom !== fromMonth) partialRanges.push([fromDate, endOfMonth(fromDate)]);
  if (wholeTo !== toMonth) partialRanges.push([`${toMonth}-01`, toDate]);
  return { wholeMonths: { from: wholeFrom, to: wholeTo }, partialRanges };
}
