import { type CivilDate, compareDates, requireCivilDate } from "../../calendar/civil-date.ts";
import { percentToBasisPoints } from "./basis-points.ts";

/**
 * A GST rate as stored on accounts, items and lines (spec 3, spec 9): a non-negative number is
 * the combined rate in percent (18 = 9% CGST + 9% SGST, or 18% IGST; up to 2 decimals, so 0.25
 * and 1.5 fit); EXEMPT_RATE (-1) is Exempt; NO_GST_RATE (-2) is none / non-GST.
 */
export type GstRateCode = number;

export const EXEMPT_RATE = -1;
export const NO_GST_RATE = -2;

/** spec 5, "GST rate dropdown": the empty-result text, verbatim. */
export const NO_GST_RATE_FOUND = "No GST Rate Found";

/** GST itself began on 1 July 2017; no rate applies to an earlier document. */
export const GST_START_DATE: CivilDate = "2017-07-01";

/** The GST 2.0 rate rationalisation (56th GST Council, Notification 9/2025-CT(Rate)). */
export const GST_RATIONALISATION_DATE: CivilDate = "2025-09-22";

// Sanity bound only: no GST rate reaches it, but a typo like 180 should not pass.
const MAX_GST_RATE = 100;

export interface GstRateOption {
  readonly code: GstRateCode;
  readonly label: string;
}

export interface GstRate extends GstRateOption {
  /** First date a document may carry this rate. */
  readonly validFrom: CivilDate;
  /** Last such date, or null while in force. */
  readonly validTo: CivilDate | null;
}

/**
 * The dropdown's rates (spec 5, spec 9: 0, 3, 5, 12, 18, 28, Exempt) plus 40% from 22 September
 * 2025. 12% and 28% stay open after that date because the law still uses them: 12% for bricks
 * and roofing tiles (Notification 14/2025-CT(Rate)), 28% (+ cess) for tobacco and pan masala
 * until the compensation cess ends. A rate gets a validTo only when no supply can carry it any
 * more; a credit or debit note repeats its invoice's rate, so check a note against the date of
 * the invoice it amends.
 */
export const GST_RATES: readonly GstRate[] = [
  { code: 0, label: "0%", validFrom: GST_START_DATE, validTo: null },
  { code: 3, label: "3%", validFrom: GST_START_DATE, validTo: null },
  { code: 5, label: "5%", validFrom: GST_START_DATE, validTo: null },
  { code: 12, label: "12%", validFrom: GST_START_DATE, validTo: null },
  { code: 18, label: "18%", validFrom: GST_START_DATE, validTo: null },
  { code: 28, label: "28%", validFrom: GST_START_DATE, validTo: null },
  { code: 40, label: "40%", validFrom: GST_RATIONALISATION_DATE, validTo: null },
  { code: EXEMPT_RATE, label: "Exempt", validFrom: GST_START_DATE, validTo: null },
];

/** The options offered for a document dated `date`, in dropdown order. */
export function gstRatesOn(date: CivilDate, rates: readonly GstRate[] = GST_RATES): GstRate[] {
  requireCivilDate(date);
  return rates.filter((rate) => isRateInForce(rate, date));
}

/** Whether the dropdown for a document dated `date` offers `code`. NO_GST_RATE is not a rate. */
export function isGstRateAllowedOn(
  code: GstRateCode,
  date: CivilDate,
  rates: readonly GstRate[] = GST_RATES,
): boolean {
  return gstRatesOn(date, rates).some((rate) => rate.code === code);
}

/** -1, -2, or a percent from 0 to 100 with at most 2 decimals. */
export function isValidGstRateCode(code: GstRateCode): boolean {
  if (code === EXEMPT_RATE || code === NO_GST_RATE) return true;
  return percentToBasisPoints(code, MAX_GST_RATE) !== null;
}

/** '18%', '0.25%', 'Exempt' or 'None'. Throws RangeError on an invalid code. */
export function describeGstRate(code: GstRateCode): string {
  if (code === EXEMPT_RATE) return "Exempt";
  if (code === NO_GST_RATE) return "None";
  requireGstRateCode(code);
  return `${code}%`;
}

/**
 * The rate in hundredths of a percent, for integer tax arithmetic: 18 → 1800, 0.25 → 25.
 * Exempt and none charge no tax: 0. Throws RangeError on an invalid code.
 */
export function rateToBasisPoints(code: GstRateCode): number {
  if (code === EXEMPT_RATE || code === NO_GST_RATE) return 0;
  return requireGstRateCode(code);
}

/**
 * The filterable dropdown (spec 5): options whose label contains the query, ignoring case and
 * surrounding spaces; all of them for an empty query. [] means show NO_GST_RATE_FOUND.
 */
export function filterGstRateOptions<T extends GstRateOption>(
  options: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLowerCase();
  return options.filter((option) => option.label.toLowerCase().includes(needle));
}

function requireGstRateCode(code: GstRateCode): number {
  const basisPoints = percentToBasisPoints(code, MAX_GST_RATE);
  if (basisPoints === null) throw new RangeError(`Not a GST rate code: ${code}`);
  return basisPoints;
}

function isRateInForce(rate: GstRate, date: CivilDate): boolean {
  return (
    compareDates(rate.validFrom, date) <= 0 &&
    (rate.validTo === null || compareDates(date, rate.validTo) <= 0)
  );
}
