// Private to calendar/ (not exported from index.ts): the year a user means when the year is
// short or missing, shared by the date field, period text and the months of a financial year.

/** spec 5: a two-digit year gets 20 prefixed ('24' → 2024); any other length is read as typed. */
export function expandTypedYear(text: string): number {
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

/**
 * The calendar year of `month` (1-12) in the financial year starting in `startYear`: April to
 * December fall in the start year, January to March in the next (spec 5).
 */
export function calendarYearOfMonth(startYear: number, month: number): number {
  return month >= 4 ? startYear : startYear + 1;
}
