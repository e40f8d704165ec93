import {
  type CivilDate,
  compareDates,
  composeCivilDate,
  type MonthKey,
  monthOf,
  requireCivilDate,
} from "./civil-date.ts";
import { calendarYearOfMonth } from "./implied-year.ts";
import { formatMonthLabel } from "./month-names.ts";

/** An Indian financial year, 1 April to 31 March, written '2024-25' (DESIGN 4). */
export type FinancialYear = string;

/** spec 3, Organisation: "Financial years available: 2021-22 through 2029-30." */
export const FINANCIAL_YEARS = [
  "2021-22",
  "2022-23",
  "2023-24",
  "2024-25",
  "2025-26",
  "2026-27",
  "2027-28",
  "2028-29",
  "2029-30",
] as const;

export type SupportedFinancialYear = (typeof FINANCIAL_YEARS)[number];

export interface FinancialYearRange {
  readonly startDate: CivilDate;
  readonly endDate: CivilDate;
}

export interface FinancialYearMonth {
  readonly year: number;
  /** 1-12 */
  readonly month: number;
  /** 'YYYY-MM' */
  readonly key: MonthKey;
  /** 'Apr 2024' */
  readonly label: string;
}

const FINANCIAL_YEAR_PATTERN = /^(\d{4})-(\d{2})$/;

/** Well-formed: 'YYYY-YY' where YY is the year after YYYY. Not limited to FINANCIAL_YEARS. */
export function isValidFinancialYear(text: string): boolean {
  return splitFinancialYear(text) !== null;
}

export function isSupportedFinancialYear(text: string): text is SupportedFinancialYear {
  return (FINANCIAL_YEARS as readonly string[]).includes(text);
}

/** The start year: 2024 for '2024-25'. Throws RangeError on a malformed year. */
export function financialYearStartYear(fy: FinancialYear): number {
  const startYear = splitFinancialYear(fy);
  if (startYear === null) throw new RangeError(`Not a financial year (YYYY-YY): ${fy}`);
  return startYear;
}

export function financialYearFromStartYear(startYear: number): FinancialYear {
  const fy = `${String(startYear).padStart(4, "0")}-${String((startYear + 1) % 100).padStart(2, "0")}`;
  financialYearStartYear(fy);
  return fy;
}

export function financialYearOf(date: CivilDate): FinancialYear {
  const [year, month] = requireCivilDate(date);
  return financialYearFromStartYear(month >= 4 ? year : year - 1);
}

export function financialYearRange(fy: FinancialYear): FinancialYearRange {
  const startYear = financialYearStartYear(fy);
  return {
    startDate: composeCivilDate(startYear, 4, 1),
    endDate: composeCivilDate(startYear + 1, 3, 31),
  };
}

export function isDateInFinancialYear(date: CivilDate, fy: FinancialYear): boolean {
  const { startDate, endDate } = financialYearRange(fy);
  return compareDates(date, startDate) >= 0 && compareDates(date, endDate) <= 0;
}

/** The nearest date of `fy`: `date` itself when inside, else the first or last day. */
export function clampDateToFinancialYear(date: CivilDate, fy: FinancialYear): CivilDate {
  const { startDate, endDate } = financialYearRange(fy);
  if (compareDates(date, startDate) < 0) return startDate;
  if (compareDates(date, endDate) > 0) return endDate;
  return date;
}

export function previousFinancialYear(fy: FinancialYear): FinancialYear {
  return financialYearFromStartYear(financialYearStartYear(fy) - 1);
}

export function nextFinancialYear(fy: FinancialYear): FinancialYear {
  return financialYearFromStartYear(financialYearStartYear(fy) + 1);
}

/**
 * spec 3: "The selectable years run from the organisation's starting year up to the current
 * year", clamped to FINANCIAL_YEARS. An organisation whose starting year is later than today's
 * year still gets its starting year, so a books-for-next-year organisation is not locked out.
 */
export function selectableFinancialYears(
  startingYear: FinancialYear,
  today: CivilDate,
): SupportedFinancialYear[] {
  const first = financialYearStartYear(startingYear);
  const last = Math.max(first, financialYearStartYear(financialYearOf(today)));
  return FINANCIAL_YEARS.filter((fy) => {
    const startYear = financialYearStartYear(fy);
    return startYear >= first && startYear <= last;
  });
}

/** The 12 months of `fy`, April first. */
export function monthsOfFinancialYear(fy: FinancialYear): FinancialYearMonth[] {
  const startYear = financialYearStartYear(fy);
  const months: FinancialYearMonth[] = [];
  for (let offset = 0; offset < 12; offset += 1) {
    const month = ((offset + 3) % 12) + 1;
    const year = calendarYearOfMonth(startYear, month);
    months.push({
      year,
      month,
      key: monthOf(composeCivilDate(year, month, 1)),
      label: formatMonthLabel(year, month),
    });
  }
  return months;
}

function splitFinancialYear(text: string): number | null {
  const match = FINANCIAL_YEAR_PATTERN.exec(text);
  if (match === null) return null;
  const startYear = Number(match[1]);
  // The end date (31 March of startYear + 1) must still be a four-digit year.
  if (startYear < 1 || startYear > 9998) return null;
  return (startYear + 1) % 100 === Number(match[2]) ? startYear : null;
}
