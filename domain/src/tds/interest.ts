import {
  type CivilDate,
  compareDates,
  composeCivilDate,
  requireCivilDate,
} from "../calendar/civil-date.ts";
import type { Paise } from "../money/paise.ts";
import { applyPercent, roundToRupee } from "../money/paise-arithmetic.ts";

/**
 * Rule 30(2) of the Income-tax Rules, 1962 (a deductor other than the Government): tax deducted
 * in a month is paid by the 7th of the next month; tax deducted in March by 30 April.
 */
export function tdsDepositDueDate(deductionDate: CivilDate): CivilDate {
  const [year, month] = requireCivilDate(deductionDate);
  if (month === 3) return composeCivilDate(year, 4, 30);
  return month === 12 ? composeCivilDate(year + 1, 1, 7) : composeCivilDate(year, month + 1, 7);
}

/**
 * Months "or part of a month" from one date to another, counted as TRACES counts them: every
 * calendar month the period touches (deducted 25 April, paid 10 June: April, May, June = 3).
 * 0 when `to` is not after `from`.
 */
export function monthsOrPart(from: CivilDate, to: CivilDate): number {
  if (compareDates(to, from) <= 0) return 0;
  const [fromYear, fromMonth] = requireCivilDate(from);
  const [toYear, toMonth] = requireCivilDate(to);
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/** s.201(1A)(i): 1% a month or part of a month from when tax was deductible to when deducted. */
export const LATE_DEDUCTION_RATE_PERCENT = 1;
/** s.201(1A)(ii): 1.5% a month or part of a month from deduction to payment. */
export const LATE_DEPOSIT_RATE_PERCENT = 1.5;

export interface TdsInterest {
  readonly months: number;
  readonly ratePercent: number;
  /** The tax the interest is worked on: rounded down to a multiple of ₹100 (rule 119A(c)). */
  readonly basePaise: Paise;
  /** Rounded to the rupee. */
  readonly interestPaise: Paise;
}

const HUNDRED_RUPEES = 10_000;

/**
 * Rule 119A of the Income-tax Rules, 1962: (b) a fraction of a month counts as a full month
 * where interest runs "for every month or part of a month" (s.201(1A)), and (c) the tax it is
 * worked on is rounded off to a multiple of ₹100, any fraction of ₹100 ignored. TRACES works
 * it so (a justification report: TDS ₹16,147, 2 months, ₹483 = ₹16,100 × 1.5% × 2). The result
 * is shown to the rupee, as TRACES shows it; s.288B's rounding to ₹10 is for the sum payable
 * on a demand, not this working.
 */
export function interestBaseOf(taxPaise: Paise): Paise {
  return taxPaise <= 0 ? 0 : Math.floor(taxPaise / HUNDRED_RUPEES) * HUNDRED_RUPEES;
}

function interestOf(taxPaise: Paise, months: number, ratePercent: number): TdsInterest {
  const basePaise = interestBaseOf(taxPaise);
  if (months === 0 || basePaise === 0) return { months, ratePercent, basePaise, interestPaise: 0 };
  const perMonth = applyPercent(basePaise, ratePercent);
  return {
    months,
    ratePercent,
    basePaise,
    interestPaise: roundToRupee(perMonth * months).roundedPaise,
  };
}

/** Interest for deducting late: from the date tax was deductible to the date it was deducted. */
export function lateDeductionInterest(
  taxPaise: Paise,
  deductibleOn: CivilDate,
  deductedOn: CivilDate,
): TdsInterest {
  return interestOf(taxPaise, monthsOrPart(deductibleOn, deductedOn), LATE_DEDUCTION_RATE_PERCENT);
}

/**
 * Interest for paying late: nothing when paid by the due date; otherwise from the date of
 * deduction (not the due date) to the date of payment, months or part as TRACES counts them.
 */
export function lateDepositInterest(
  taxPaise: Paise,
  deductedOn: CivilDate,
  paidOn: CivilDate,
): TdsInterest {
  if (compareDates(paidOn, tdsDepositDueDate(deductedOn)) <= 0) {
    return {
      months: 0,
      ratePercent: LATE_DEPOSIT_RATE_PERCENT,
      basePaise: interestBaseOf(taxPaise),
      interestPaise: 0,
    };
  }
  return interestOf(taxPaise, monthsOrPart(deductedOn, paidOn), LATE_DEPOSIT_RATE_PERCENT);
}

/** One deduction a challan pays: its tax, when it was deductible and when it was deducted. */
export interface ChallanDeduction {
  readonly taxPaise: Paise;
  /** When the tax was deductible (s.201(1A)(i)); the deduction's date when it was not late. */
  readonly deductibleOn: CivilDate;
  readonly deductedOn: CivilDate;
}

export interface ChallanInterest {
  /** Each deduction's two interests, in the order given. */
  readonly rows: readonly { lateDeduction: TdsInterest; lateDeposit: TdsInterest }[];
  /** s.201(1A)(i), 1% a month or part: the deductions' sum. */
  readonly lateDeductionPaise: Paise;
  /** s.201(1A)(ii), 1.5% a month or part: the deductions' sum. */
  readonly lateDepositPaise: Paise;
  readonly totalPaise: Paise;
}

/**
 * What a challan paid on `paidOn` owes under s.201(1A) for the deductions it pays: each
 * deduction's interest for deducting late and for paying late, worked per deduction as the
 * statement reports each (TRACES' justification report works them row by row).
 */
export function challanInterest(
  deductions: readonly ChallanDeduction[],
  paidOn: CivilDate,
): ChallanInterest {
  const rows = deductions.map((deduction) => ({
    lateDeduction: lateDeductionInterest(
      deduction.taxPaise,
      deduction.deductibleOn,
      deduction.deductedOn,
    ),
    lateDeposit: lateDepositInterest(deduction.taxPaise, deduction.deductedOn, paidOn),
  }));
  const lateDeductionPaise = rows.reduce((sum, row) => sum + row.lateDeduction.interestPaise, 0);
  const lateDepositPaise = rows.reduce((sum, row) => sum + row.lateDeposit.interestPaise, 0);
  return {
    rows,
    lateDeductionPaise,
    lateDepositPaise,
    totalPaise: lateDeductionPaise + lateDepositPaise,
  };
}

/** The quarter (1–4, April–June first) of a date and the months each quarter holds. */
export function tdsQuarterOf(date: CivilDate): 1 | 2 | 3 | 4 {
  const [, month] = requireCivilDate(date);
  if (month >= 4 && month <= 6) return 1;
  if (month >= 7 && month <= 9) return 2;
  if (month >= 10) return 3;
  return 4;
}

/** First and last date of a financial year's quarter ("2025-26", 3 → 2025-10-01 … 2025-12-31). */
export function tdsQuarterRange(
  startYear: number,
  quarter: 1 | 2 | 3 | 4,
): { startDate: CivilDate; endDate: CivilDate } {
  const ranges = {
    1: [composeCivilDate(startYear, 4, 1), composeCivilDate(startYear, 6, 30)],
    2: [composeCivilDate(startYear, 7, 1), composeCivilDate(startYear, 9, 30)],
    3: [composeCivilDate(startYear, 10, 1), composeCivilDate(startYear, 12, 31)],
    4: [composeCivilDate(startYear + 1, 1, 1), composeCivilDate(startYear + 1, 3, 31)],
  } as const;
  const [startDate, endDate] = ranges[quarter];
  return { startDate, endDate };
}
