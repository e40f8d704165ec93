import { type CivilDate, compareDates, monthOf } from "../calendar/civil-date.ts";
import { financialYearOf } from "../calendar/financial-year.ts";
import { validatePan } from "../identity/pan.ts";
import { formatAmount } from "../money/format-amount.ts";
import type { Paise } from "../money/paise.ts";
import { applyPercent, roundToRupee } from "../money/paise-arithmetic.ts";
import {
  type BasisPoints,
  type DeducteeType,
  describeBasisPoints,
  type TdsSectionCode,
  type TdsSectionVersion,
  tdsSectionOn,
} from "./sections.ts";

/** s.197: an Assessing Officer's certificate for deduction at a lower rate (Form 13). */
export interface LowerDeductionCertificate {
  readonly certificateNumber: string;
  /** The certificate's rate, basis points. */
  readonly rate: BasisPoints;
  readonly validFrom: CivilDate;
  readonly validTo: CivilDate;
  /** The amount of credits the certificate covers, paise. */
  readonly limit: Paise;
}

/** An earlier credit to the same deductee under the same section (the entry being edited left out). */
export interface EarlierCredit {
  readonly date: CivilDate;
  readonly basePaise: Paise;
  /** Whether tax was deducted on it (then it is never taken into a later base again). */
  readonly deducted: boolean;
  /**
   * What its tax was worked on, when deducted: more than its own credit when the deduction took
   * in earlier credits not yet deducted on (those are then covered, and not taken in again).
   */
  readonly deductedOnPaise?: Paise;
  /** The part of its base deducted at a lower-deduction certificate's rate. */
  readonly certificateBasePaise?: Paise;
}

export interface TdsSuggestionInput {
  readonly section: TdsSectionCode;
  readonly date: CivilDate;
  readonly deducteeType: DeducteeType;
  /** The deductee's PAN as the master holds it; missing or invalid means s.206AA. */
  readonly pan: string | null;
  /** What this entry credits to (or pays) the deductee, before GST (CBDT Circular 23/2017). */
  readonly amountPaise: Paise;
  readonly earlier: readonly EarlierCredit[];
  readonly certificate?: LowerDeductionCertificate | null;
  /**
   * s.194Q binds only a buyer whose sales, gross receipts or turnover from business exceeded
   * ₹10 crore in the financial year before the purchase's (Explanation (a)). The organisation
   * says so per year (its settings); left out, the section is applied as the account has it.
   */
  readonly buyerTurnoverOver10Crore?: boolean;
}

export interface TdsSuggestion {
  readonly section: TdsSectionCode;
  /** The rate applied, basis points (the certificate's, the section's, or s.206AA's). */
  readonly rate: BasisPoints;
  readonly deduct: boolean;
  /** What the tax is worked on: this credit plus earlier ones not yet deducted on. */
  readonly baseAmountPaise: Paise;
  readonly amountPaise: Paise;
  /** Of the base, the part at the certificate's rate. */
  readonly certificateBasePaise: Paise;
  readonly reason: string;
}

/** The tax on a base at a rate, rounded to the rupee (decision 300). */
export function tdsOn(basePaise: Paise, rate: BasisPoints): Paise {
  return roundToRupee(applyPercent(basePaise, rate / 100)).roundedPaise;
}

function hasValidPan(pan: string | null): boolean {
  return pan !== null && pan.trim() !== "" && validatePan(pan) === null;
}

function samePeriod(version: TdsSectionVersion, a: CivilDate, b: CivilDate): boolean {
  return version.aggregatePeriod === "month"
    ? monthOf(a) === monthOf(b)
    : financialYearOf(a) === financialYearOf(b);
}

const rupeesText = (paise: Paise) => `₹${formatAmount(paise)}`;

/**
 * Whether to deduct on a credit and how much (ss.194A–194Q, 197, 206AA):
 * - a credit over the single-payment threshold is taxed on itself;
 * - once the period's credits (the financial year's, or the month's for 194-I from 1 Apr 2025)
 *   exceed the aggregate threshold, this credit and every earlier one not yet deducted on are
 *   taxed; 194Q taxes only what exceeds its threshold;
 * - without a valid PAN the rate is the higher of the section's and s.206AA's;
 * - a lower-deduction certificate's rate applies within its dates until its limit is used, the
 *   rest at the ordinary rate.
 */
export function suggestTds(input: TdsSuggestionInput): TdsSuggestion {
  const version = tdsSectionOn(input.section, input.date);
  const none = (reason: string): TdsSuggestion => ({
    section: input.section,
    rate: 0,
    deduct: false,
    baseAmountPaise: 0,
    amountPaise: 0,
    certificateBasePaise: 0,
    reason,
  });
  if (version === null) return none(`Section ${input.section} is not in force on ${input.date}.`);
  if (input.amountPaise <= 0) return none("Nothing is credited.");
  const year = financialYearOf(input.date);
  const startYear = Number(year.slice(0, 4));
  const yearBefore = `${startYear - 1}-${String(startYear % 100).padStart(2, "0")}`;
  if (input.section === "194Q" && input.buyerTurnoverOver10Crore === false) {
    return none(
      `Section 194Q binds only a buyer whose turnover exceeded ₹10 crore in the year before (${yearBefore}); the organisation's settings do not say so for ${year}. Mark ${year} in Settings → Organisation if it did.`,
    );
  }
  const turnoverWhy =
    input.section === "194Q" && input.buyerTurnoverOver10Crore === true
      ? ` (the organisation's turnover in ${yearBefore} exceeded ₹10 crore, as its settings say for ${year})`
      : "";

  const inPeriod = input.earlier.filter(
    (credit) =>
      samePeriod(version, credit.date, input.date) && compareDates(credit.date, input.date) <= 0,
  );
  const earlierTotal = inPeriod.reduce((sum, credit) => sum + credit.basePaise, 0);
  // Credits not deducted on, less what later deductions took in beyond their own credit.
  const undeducted = Math.max(
    0,
    inPeriod.reduce(
      (sum, credit) =>
        credit.deducted
          ? sum - Math.max(0, (credit.deductedOnPaise ?? credit.basePaise) - credit.basePaise)
          : sum + credit.basePaise,
      0,
    ),
  );
  const aggregate = earlierTotal + input.amountPaise;
  const periodWord = version.aggregatePeriod === "month" ? "month" : "year";

  let base = 0;
  let why = "";
  if (version.aggregateThreshold !== null && aggregate > version.aggregateThreshold) {
    if (version.excessOnly) {
      base = Math.min(input.amountPaise, aggregate - version.aggregateThreshold);
      why = `Credits this ${periodWord} (${rupeesText(aggregate)}) exceed ${rupeesText(version.aggregateThreshold)}; tax on the part over it`;
    } else {
      base = input.amountPaise + undeducted;
      why =
        `Credits this ${periodWord} (${rupeesText(aggregate)}) exceed ${rupeesText(version.aggregateThreshold)}` +
        (undeducted > 0
          ? `; earlier credits of ${rupeesText(undeducted)} not yet deducted on are included`
          : "");
    }
  } else if (version.singleThreshold !== null && input.amountPaise > version.singleThreshold) {
    base = input.amountPaise;
    why = `This credit exceeds ${rupeesText(version.singleThreshold)}`;
  } else {
    const limits = [
      version.singleThreshold === null ? null : `${rupeesText(version.singleThreshold)} a credit`,
      version.aggregateThreshold === null
        ? null
        : `${rupeesText(version.aggregateThreshold)} a ${periodWord} (${rupeesText(aggregate)} so far)`,
    ].filter((text) => text !== null);
    return none(`Below the threshold of section ${input.section}: ${limits.join(", ")}.`);
  }

  why += turnoverWhy;
  const sectionRate = version.rates[input.deducteeType];
  if (!hasValidPan(input.pan)) {
    const rate = Math.max(sectionRate, version.noPanRate);
    return {
      section: input.section,
      rate,
      deduct: true,
      baseAmountPaise: base,
      amountPaise: tdsOn(base, rate),
      certificateBasePaise: 0,
      reason: `${why}. No valid PAN: ${describeBasisPoints(rate)} under section 206AA.`,
    };
  }

  const certificate = input.certificate ?? null;
  if (
    certificate !== null &&
    compareDates(certificate.validFrom, input.date) <= 0 &&
    compareDates(input.date, certificate.validTo) <= 0
  ) {
    const used = input.earlier
      .filter(
        (credit) =>
          compareDates(certificate.validFrom, credit.date) <= 0 &&
          compareDates(credit.date, certificate.validTo) <= 0,
      )
      .reduce((sum, credit) => sum + (credit.certificateBasePaise ?? 0), 0);
    const remaining = Math.max(0, certificate.limit - used);
    if (remaining > 0) {
      const underCertificate = Math.min(base, remaining);
      const rest = base - underCertificate;
      const amount =
        tdsOn(underCertificate, certificate.rate) + (rest > 0 ? tdsOn(rest, sectionRate) : 0);
      return {
        section: input.section,
        rate: certificate.rate,
        deduct: amount > 0 || certificate.rate === 0,
        baseAmountPaise: base,
        amountPaise: amount,
        certificateBasePaise: underCertificate,
        reason:
          `${why}. Lower-deduction certificate ${certificate.certificateNumber}: ${describeBasisPoints(certificate.rate)}` +
          (rest > 0
            ? ` on ${rupeesText(underCertificate)} (its limit), ${describeBasisPoints(sectionRate)} on the other ${rupeesText(rest)}.`
            : "."),
      };
    }
  }
  return {
    section: input.section,
    rate: sectionRate,
    deduct: true,
    baseAmountPaise: base,
    amountPaise: tdsOn(base, sectionRate),
    certificateBasePaise: 0,
    reason: `${why}. ${describeBasisPoints(sectionRate)} under section ${input.section}.`,
  };
}
