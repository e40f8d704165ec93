import { z } from "zod";
import { FINANCIAL_YEARS, financialYearRange, isValidFinancialYear } from "../calendar/index.ts";

export const DATE_RANGE_MESSAGES = {
  century: "Date must be between 1900 and 2099.",
  books:
    "Date must be within the financial years Bahi keeps, 2021-22 to 2029-30 (01-04-2021 to 31-03-2030).",
} as const;

/**
 * A civil date 'YYYY-MM-DD' that exists on the Gregorian calendar (2025-02-30 is refused), from
 * 1900 to 2099: a year like 9999 overflowed the date arithmetic of reports into a 500 (issue 26).
 */
export const CivilDateText = z.iso
  .date({
    error: "Date must be a real date in the form YYYY-MM-DD.",
    // Aborts, so payload refinements (calendar's date arithmetic, which throws) see only real dates.
    abort: true,
  })
  .refine((text) => text >= "1900-01-01" && text <= "2099-12-31", {
    error: DATE_RANGE_MESSAGES.century,
    abort: true,
  });

const FIRST_BOOKS_DATE = financialYearRange(FINANCIAL_YEARS[0]).startDate;
export const LAST_BOOKS_DATE = financialYearRange(
  FINANCIAL_YEARS[FINANCIAL_YEARS.length - 1] ?? "2029-30",
).endDate;

/**
 * A date of the books: a report's, ledger's or list's date, within the financial years the product
 * keeps (spec 3: 2021-22 to 2029-30; an organisation's starting year is one of them).
 */
export const BooksDateText = z.iso
  .date({ error: "Date must be a real date in the form YYYY-MM-DD.", abort: true })
  .refine((text) => text >= FIRST_BOOKS_DATE && text <= LAST_BOOKS_DATE, {
    error: DATE_RANGE_MESSAGES.books,
    abort: true,
  });

/** Whether a real date 'YYYY-MM-DD' falls in the financial years the product keeps (spec 3). */
export function isBooksDate(date: string): boolean {
  return date >= FIRST_BOOKS_DATE && date <= LAST_BOOKS_DATE;
}

/**
 * A date read from an imported file (a sheet, a statement, a day book, a GSTR-2B, an IRP or e-way
 * bill list) outside the books' years: the row's message, naming the date as the file wrote it.
 */
export function booksDateProblem(date: string, asWritten: string = date): string | null {
  return isBooksDate(date)
    ? null
    : `The date ${JSON.stringify(asWritten)} is outside the financial years Bahi keeps, 2021-22 to 2029-30 (01-04-2021 to 31-03-2030).`;
}

/** A financial year '2024-25' (1 April 2024 to 31 March 2025); the second part is the next year. */
export const FinancialYearText = z
  .string({ error: "Year must be a financial year like 2024-25." })
  .regex(/^\d{4}-\d{2}$/, { error: "Year must be a financial year like 2024-25.", abort: true })
  .refine(isValidFinancialYear, {
    error: "The second part of the year must be the next year, like 2024-25.",
    abort: true,
  });
