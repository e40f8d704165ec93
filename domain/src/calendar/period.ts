import {
  type CivilDate,
  composeCivilDate,
  endOfMonth,
  type MonthKey,
  monthOf,
  requireCivilDate,
} from "./civil-date.ts";
import {
  type FinancialYear,
  financialYearFromStartYear,
  financialYearOf,
  financialYearRange,
  financialYearStartYear,
  isValidFinancialYear,
  monthsOfFinancialYear,
} from "./financial-year.ts";
import { calendarYearOfMonth, expandTypedYear } from "./implied-year.ts";
import { parseMonthName } from "./month-names.ts";

/** Messages of spec 5, "Period text", verbatim. */
export const PERIOD_MESSAGES = {
  monthNotCorrect: "month not correct",
  yearsDiffer: "start and end year should be same",
  badStartMonth: "start month should be jan, apr, jul or oct",
  badEndMonth: "end month should be mar, jun, sep or dec",
  notFound: "period details not found",
} as const;

export type PeriodMessage = (typeof PERIOD_MESSAGES)[keyof typeof PERIOD_MESSAGES];

/**
 * FY: typed 'Apr YYYY to Mar YYYY'. Y: typed 'YYYY-YY'. Both cover the same financial year;
 * pType records which form was typed. M: one month. Q: one quarter.
 */
export type PeriodType = "FY" | "Y" | "M" | "Q";

export type FinancialQuarter = 1 | 2 | 3 | 4;

/** spec 3, "Period parse result": quarter, FY, pType, pStartDate, pEndDate, number, months. */
export interface Period {
  readonly ok: true;
  /** The quarter holding the whole period: Q's own, M's quarter, null for FY and Y. */
  readonly quarter: FinancialQuarter | null;
  readonly FY: FinancialYear;
  readonly pType: PeriodType;
  readonly pStartDate: CivilDate;
  readonly pEndDate: CivilDate;
  /** FY and Y: the start year (2024 for 2024-25). M: the month, 1-12. Q: the quarter, 1-4. */
  readonly number: number;
  /** Every month covered, 'YYYY-MM', in calendar order. */
  readonly months: MonthKey[];
}

export type PeriodResult = Period | { readonly ok: false; readonly message: PeriodMessage };

// Four-digit years outside this range cannot form a 'YYYY-YY' financial year of four-digit dates.
const MIN_YEAR = 1001;
const MAX_YEAR = 9998;

/** spec 5: "Apr-Jun is Q1, Jul-Sep Q2, Oct-Dec Q3, Jan-Mar Q4." */
export function quarterOfMonth(month: number): FinancialQuarter {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Not a month number: ${month}`);
  }
  return (month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4) as FinancialQuarter;
}

/**
 * Reads the period text of spec 5. Accepted, case-insensitive, any spacing:
 * 'Apr 2024 to Mar 2025' (FY), '2024-25' (Y), 'June 2024' or 'Jun 24' (M), 'Apr 24 to Jun 24' or
 * 'Apr 2024 to Jun 2024' (Q). A bare month name ('Jun') is read as that month of the financial
 * year holding `today`, and only when `today` is given.
 */
export function parsePeriod(text: string, today?: CivilDate): PeriodResult {
  if (today !== undefined) requireCivilDate(today);
  const normalised = text.trim().replace(/\s+/g, " ").toLowerCase();

  if (isValidFinancialYear(normalised)) {
    const startYear = financialYearStartYear(normalised);
    return startYear < MIN_YEAR - 1 ? fail("notFound") : financialYearPeriod(startYear, "Y");
  }

  const rangeForm = /^([a-z]+) (\d{2}|\d{4}) to ([a-z]+) (\d{2}|\d{4})$/.exec(normalised);
  if (rangeForm !== null) {
    const [, startName = "", startYearText = "", endName = "", endYearText = ""] = rangeForm;
    return readRange(startName, startYearText, endName, endYearText);
  }

  const monthForm = /^([a-z]+) (\d{2}|\d{4})$/.exec(normalised);
  if (monthForm !== null) {
    const month = parseMonthName(monthForm[1] ?? "");
    if (month === null) return fail("monthNotCorrect");
    const year = expandYear(monthForm[2] ?? "");
    return year === null ? fail("notFound") : monthPeriod(year, month);
  }

  if (today !== undefined && /^[a-z]+$/.test(normalised)) {
    const month = parseMonthName(normalised);
    if (month === null) return fail("monthNotCorrect");
    const startYear = financialYearStartYear(financialYearOf(today));
    return monthPeriod(calendarYearOfMonth(startYear, month), month);
  }

  return fail("notFound");
}

/**
 * 'Mon YY to Mon YY'. April to March of the next year is a financial year; anything else must be
 * one quarter. A range of whole quarters that is not exactly one ('Apr 24 to Sep 24') gives
 * 'period details not found': no message of spec 5 fits it better.
 */
function readRange(
  startName: string,
  startYearText: string,
  endName: string,
  endYearText: string,
): PeriodResult {
  const startMonth = parseMonthName(startName);
  const endMonth = parseMonthName(endName);
  if (startMonth === null || endMonth === null) return fail("monthNotCorrect");
  const startYear = expandYear(startYearText);
  const endYear = expandYear(endYearText);
  if (startYear === null || endYear === null) return fail("notFound");

  if (startMonth === 4 && endMonth === 3 && endYear === startYear + 1) {
    return financialYearPeriod(startYear, "FY");
  }
  if (startYear !== endYear) return fail("yearsDiffer");
  if (startMonth % 3 !== 1) return fail("badStartMonth");
  if (endMonth % 3 !== 0) return fail("badEndMonth");
  if (endMonth !== startMonth + 2) return fail("notFound");

  const months = [0, 1, 2].map((offset) =>
    monthOf(composeCivilDate(startYear, startMonth + offset, 1)),
  );
  const quarter = quarterOfMonth(startMonth);
  const pStartDate = composeCivilDate(startYear, startMonth, 1);
  return {
    ok: true,
    quarter,
    FY: financialYearOf(pStartDate),
    pType: "Q",
    pStartDate,
    pEndDate: endOfMonth(composeCivilDate(startYear, endMonth, 1)),
    number: quarter,
    months,
  };
}

function financialYearPeriod(startYear: number, pType: "FY" | "Y"): Period {
  const FY = financialYearFromStartYear(startYear);
  const { startDate, endDate } = financialYearRange(FY);
  return {
    ok: true,
    quarter: null,
    FY,
    pType,
    pStartDate: startDate,
    pEndDate: endDate,
    number: startYear,
    months: monthsOfFinancialYear(FY).map((month) => month.key),
  };
}

function monthPeriod(year: number, month: number): Period {
  const pStartDate = composeCivilDate(year, month, 1);
  return {
    ok: true,
    quarter: quarterOfMonth(month),
    FY: financialYearOf(pStartDate),
    pType: "M",
    pStartDate,
    pEndDate: endOfMonth(pStartDate),
    number: month,
    months: [monthOf(pStartDate)],
  };
}

/** Two digits get 20 prefixed, as in the date input (spec 5). */
function expandYear(text: string): number | null {
  const year = expandTypedYear(text);
  return year >= MIN_YEAR && year <= MAX_YEAR ? year : null;
}

function fail(key: keyof typeof PERIOD_MESSAGES): PeriodResult {
  return { ok: false, message: PERIOD_MESSAGES[key] };
}
