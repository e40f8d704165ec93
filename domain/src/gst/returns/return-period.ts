import {
  type CivilDate,
  endOfMonth,
  type FinancialYear,
  isDateInFinancialYear,
  isValidCivilDate,
  quarterOfMonth,
} from "../../calendar/index.ts";

/** gstFilingFrequency: monthly, or quarterly under QRMP (IFF in months 1 and 2 of a quarter). */
export const GST_FILING_FREQUENCIES = ["monthly", "quarterly"] as const;
export type GstFilingFrequency = (typeof GST_FILING_FREQUENCIES)[number];

export type GstReturnKind = "gstr1" | "iff";

export const RETURN_PERIOD_MESSAGES = {
  badDates: "Start date and end date must be dates (YYYY-MM-DD).",
  notInYear: "The period must lie inside the financial year.",
  notMonthOrQuarter:
    "The period must be one whole month, or one whole quarter (Apr-Jun, Jul-Sep, Oct-Dec, Jan-Mar).",
  iffMonthOnly: "IFF is filed for one month at a time.",
  iffNotThirdMonth:
    "IFF is only for the first two months of a quarter; the third month goes in the quarterly GSTR-1.",
  iffQuarterlyOnly:
    "IFF is only for quarterly (QRMP) filers. Change the filing frequency in the organisation settings.",
  gstr1QuarterMonthly:
    "A monthly filer files GSTR-1 for one month. Change the filing frequency in the organisation settings to file quarterly.",
} as const;

export interface ReturnPeriod {
  startDate: CivilDate;
  endDate: CivilDate;
  /** 'YYYY-MM' of every month of the period. */
  months: string[];
  /** MMYYYY of the period's last month (gst-reference §4, `fp`). */
  fp: string;
  isQuarter: boolean;
}

export type ReturnPeriodResult =
  | { ok: true; period: ReturnPeriod }
  | { ok: false; message: string };

function monthsBetween(startDate: CivilDate, endDate: CivilDate): string[] {
  const months: string[] = [];
  let year = Number(startDate.slice(0, 4));
  let month = Number(startDate.slice(5, 7));
  const last = endDate.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    months.push(key);
    if (key >= last || months.length > 12) return months;
    month += 1;
    if (month === 13) {
      month = 1;
      year += 1;
    }
  }
}

/**
 * A return's period (issue 19): one whole month, or for a quarterly filer's GSTR-1 one whole
 * quarter, inside the financial year. IFF: months 1 and 2 of a quarter only (gst-reference §5).
 */
export function readReturnPeriod(input: {
  year: FinancialYear;
  startDate: string;
  endDate: string;
  kind: GstReturnKind;
  frequency: GstFilingFrequency;
}): ReturnPeriodResult {
  const { year, startDate, endDate, kind, frequency } = input;
  if (!isValidCivilDate(startDate) || !isValidCivilDate(endDate)) {
    return { ok: false, message: RETURN_PERIOD_MESSAGES.badDates };
  }
  if (!isDateInFinancialYear(startDate, year) || !isDateInFinancialYear(endDate, year)) {
    return { ok: false, message: RETURN_PERIOD_MESSAGES.notInYear };
  }
  if (startDate.slice(8) !== "01" || endDate !== endOfMonth(endDate) || endDate < startDate) {
    return { ok: false, message: RETURN_PERIOD_MESSAGES.notMonthOrQuarter };
  }
  const months = monthsBetween(startDate, endDate);
  const firstMonth = Number(startDate.slice(5, 7));
  const isQuarter =
    months.length === 3 && [4, 7, 10, 1].includes(firstMonth) && quarterOfMonth(firstMonth) > 0;
  if (months.length !== 1 && !isQuarter) {
    return { ok: false, message: RETURN_PERIOD_MESSAGES.notMonthOrQuarter };
  }
  if (kind === "iff") {
    if (frequency !== "quarterly")
      return { ok: false, message: RETURN_PERIOD_MESSAGES.iffQuarterlyOnly };
    if (isQuarter) return { ok: false, message: RETURN_PERIOD_MESSAGES.iffMonthOnly };
    if (isThirdMonthOfQuarter(firstMonth)) {
      return { ok: false, message: RETURN_PERIOD_MESSAGES.iffNotThirdMonth };
    }
  } else if (isQuarter && frequency === "monthly") {
    return { ok: false, message: RETURN_PERIOD_MESSAGES.gstr1QuarterMonthly };
  }
  return {
    ok: true,
    period: { startDate, endDate, months, fp: toReturnPeriodCode(endDate), isQuarter },
  };
}

/** June, September, December and March close a quarter. */
export function isThirdMonthOfQuarter(month: number): boolean {
  return month % 3 === 0;
}

/** MMYYYY of a date's month: 2024-09-30 → 092024. */
export function toReturnPeriodCode(date: CivilDate): string {
  return `${date.slice(5, 7)}${date.slice(0, 4)}`;
}
