import { addDays, type CivilDate, daysBetween } from "../calendar/civil-date.ts";

// Issue 40: a statement line the bookkeeper already entered by hand (a receipt, a payment, a
// transfer through this bank) is "already in books", so accepting every suggestion does not book
// it twice. Bank dates and book dates differ by clearing (a cheque deposited on Friday is credited
// on Monday), so a line matches a voucher of the same amount, in the same direction, on this
// account, within a few days; each voucher explains one line at most, the nearest date first.

/** How many days a book entry may be before or after its statement line. */
export const BOOKS_MATCH_DAYS = 3;

/** A voucher's posting to the statement's account: money in positive, out negative. */
export interface BookEntry {
  voucherId: string;
  voucherType: string;
  number: string;
  date: CivilDate;
  amountPaise: number;
}

/** The window of book dates worth reading for lines dated `first` to `last`. */
export function booksMatchWindow(first: CivilDate, last: CivilDate): { from: string; to: string } {
  return { from: addDays(first, -BOOKS_MATCH_DAYS), to: addDays(last, BOOKS_MATCH_DAYS) };
}

/**
 * The book entry each line is already booked as, by the line's index. Lines are taken in order
 * of how near their nearest candidate is, so a voucher goes to the line it fits best.
 */
export function matchLinesToBooks(
  lines: readonly { date: CivilDate; amountPaise: number }[],
  books: readonly BookEntry[],
): Map<number, BookEntry> {
  const pairs: { line: number; entry: BookEntry; distance: number }[] = [];
  const byAmount = new Map<number, BookEntry[]>();
  for (const entry of books) {
    byAmount.set(entry.amountPaise, [...(byAmount.get(entry.amountPaise) ?? []), entry]);
  }
  lines.forEach((line, index) => {
    if (line.amountPaise === 0) return;
    for (const entry of byAmount.get(line.amountPaise) ?? []) {
      const distance = Math.abs(daysBetween(line.date, entry.date));
      if (distance <= BOOKS_MATCH_DAYS) pairs.push({ line: index, entry, distance });
    }
  });
  pairs.sort(
    (a, b) =>
      a.distance - b.distance ||
      a.line - b.line ||
      (a.entry.date < b.entry.date ? -1 : a.entry.date > b.entry.date ? 1 : 0),
  );
  const matched = new Map<number, BookEntry>();
  const used = new Set<string>();
  for (const pair of pairs) {
    if (matched.has(pair.line) || used.has(pair.entry.voucherId)) continue;
    matched.set(pair.line, pair.entry);
    used.add(pair.entry.voucherId);
  }
  return matched;
}
