import {
  addDays,
  type CivilDate,
  compareDates,
  composeCivilDate,
  daysInMonth,
  formatDateDisplay,
  requireCivilDate,
} from "./civil-date.ts";
import {
  clampDateToFinancialYear,
  type FinancialYear,
  financialYearRange,
  financialYearStartYear,
  isDateInFinancialYear,
} from "./financial-year.ts";
import { calendarYearOfMonth, expandTypedYear } from "./implied-year.ts";

/** Toast titles of spec 5, "Date input (dd-MM-yyyy)", verbatim. */
export const DATE_INPUT_MESSAGES = {
  dayTooLong: "Invalid Date - Date cannot be more than 2 digits. Reverted to old date.",
  monthTooLong: "Invalid Date - Month cannot be more than 2 digits. Reverted to old date.",
  yearTooLong: "Invalid Date - Year cannot be more than 4 digits. Reverted to old date.",
  dayOver31: "Date cannot be more than 31",
  monthOver12: "Month cannot be more than 12",
  dayNotInMonth: "Invalid Date. Reverted to old date.",
  zero: "Date, month or year cannot be 0",
  space: "Do not use space in date",
  invalid: "Invalid Date",
  outsideFinancialYear: "Date should be within current financial year.",
} as const;

export type DateInputMessage = (typeof DATE_INPUT_MESSAGES)[keyof typeof DATE_INPUT_MESSAGES];

export type DateInputResult =
  | { readonly ok: true; readonly date: CivilDate; readonly display: string }
  | { readonly ok: false; readonly message: DateInputMessage };

const SEPARATOR = /[-/.]/;
const TRAILING_SEPARATOR = /[-/.]$/;

/**
 * What the date field keeps while typing (spec 5: "Letters and most symbols are stripped").
 * Spaces are kept on purpose, so that leaving the field can say 'Do not use space in date'.
 */
export function sanitiseDateTyping(text: string): string {
  return text.replace(/[^0-9./ -]/g, "");
}

/**
 * The date typed into a date field, on leaving it (spec 5, "Date input"). The checks run in this
 * order and the first failure wins: space, characters, shape, digit counts (day, month, year),
 * zero, day > 31, month > 12, year digits, 31 in a 30-day month, calendar, financial year.
 */
export function normaliseDateInput(
  text: string,
  financialYear: FinancialYear,
  today: CivilDate,
): DateInputResult {
  financialYearRange(financialYear);
  requireCivilDate(today);

  if (/\s/.test(text)) return fail("space");
  if (/[^0-9./-]/.test(text)) return fail("invalid");
  const withoutTrailing = TRAILING_SEPARATOR.test(text) ? text.slice(0, -1) : text;
  const parts = withoutTrailing.split(SEPARATOR);
  const [dayText = "", monthText, yearText] = parts;
  if (parts.length > 3 || parts.some((part) => part === "")) return fail("invalid");

  if (dayText.length > 2) return fail("dayTooLong");
  if (monthText !== undefined && monthText.length > 2) return fail("monthTooLong");
  if (yearText !== undefined && yearText.length > 4) return fail("yearTooLong");

  const day = Number(dayText);
  const typedMonth = monthText === undefined ? undefined : Number(monthText);
  const typedYear = yearText === undefined ? undefined : Number(yearText);
  if (day === 0 || typedMonth === 0 || typedYear === 0) return fail("zero");
  if (day > 31) return fail("dayOver31");
  if (typedMonth !== undefined && typedMonth > 12) return fail("monthOver12");
  // "A two-digit year gets 20 prefixed": a 1- or 3-digit year cannot become 4 digits.
  if (yearText !== undefined && yearText.length !== 2 && yearText.length !== 4) {
    return fail("invalid");
  }

  const [year, month] =
    typedMonth === undefined
      ? monthForDayOnly(day, financialYear, today)
      : [resolveYear(yearText, typedMonth, financialYear), typedMonth];

  if (day === 31 && daysInMonth(year, month) === 30) return fail("dayNotInMonth");
  // spec 5 names a divisible-by-4 leap rule. The Gregorian rule agrees with it from 1901 to 2099,
  // which covers every supported financial year, and beyond that never yields a day that does
  // not exist.
  if (day > daysInMonth(year, month)) return fail("invalid");

  const date = composeCivilDate(year, month, day);
  if (!isDateInFinancialYear(date, financialYear)) return fail("outsideFinancialYear");
  return { ok: true, date, display: formatDateDisplay(date) };
}

/** Up and Down arrows: one day later or earlier, never leaving the financial year (spec 5). */
export function stepDate(date: CivilDate, step: 1 | -1, financialYear: FinancialYear): CivilDate {
  const inside = clampDateToFinancialYear(date, financialYear);
  return clampDateToFinancialYear(addDays(inside, step), financialYear);
}

/** spec 5: "In add mode the default date is today, clamped to the financial year." */
export function defaultEntryDate(financialYear: FinancialYear, today: CivilDate): CivilDate {
  return clampDateToFinancialYear(today, financialYear);
}

/**
 * spec 5: "Only a day gives the current or previous month of the financial year." Entries are
 * mostly typed on or after their date, so a day up to today's day means this month and a later
 * day means last month; never before April of the year. When today lies outside the financial
 * year, the year's month nearest to today stands in for "this month" (April or March).
 */
function monthForDayOnly(
  day: number,
  financialYear: FinancialYear,
  today: CivilDate,
): [number, number] {
  const startYear = financialYearStartYear(financialYear);
  if (!isDateInFinancialYear(today, financialYear)) {
    const beforeStart = compareDates(today, financialYearRange(financialYear).startDate) < 0;
    return beforeStart ? [startYear, 4] : [startYear + 1, 3];
  }
  const [todayYear, todayMonth, todayDay] = requireCivilDate(today);
  if (day <= todayDay || todayMonth === 4) return [todayYear, todayMonth];
  return todayMonth === 1 ? [todayYear - 1, 12] : [todayYear, todayMonth - 1];
}

/** spec 5: with no year, April to December use the start year, January to March the next. */
function resolveYear(
  yearText: string | undefined,
  month: number,
  financialYear: FinancialYear,
): number {
  if (yearText === undefined) {
    return calendarYearOfMonth(financialYearStartYear(financialYear), month);
  }
  return expandTypedYear(yearText);
}

function fail(key: keyof typeof DATE_INPUT_MESSAGES): DateInputResult {
  return { ok: false, message: DATE_INPUT_MESSAGES[key] };
}
