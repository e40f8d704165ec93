import { z } from "zod";
import { percentToBasisPoints } from "../gst/rates/basis-points.ts";
import { DEDUCTEE_TYPES, TDS_SECTION_CODES } from "../tds/sections.ts";
import { NonNegativeRupeeAmount, PositiveRupeeAmount } from "./amounts.ts";
import { CivilDateText } from "./dates.ts";
import { EntityId, optionalText } from "./text-fields.ts";

export const TDS_MESSAGES = {
  section: `TDS section must be one of ${TDS_SECTION_CODES.join(", ")}.`,
  deducteeType: `Deductee type must be one of ${DEDUCTEE_TYPES.join(", ")}.`,
  rate: "TDS rate must be a percentage from 0 to 100 with at most 2 decimals.",
  certificateDates: "The certificate's valid-to date cannot be before its valid-from date.",
  amountOverBase: "The TDS amount cannot be more than the amount it is worked on.",
  deductibleAfterEntry: "The date the tax was deductible cannot be after the entry's date.",
} as const;

export const TdsSectionText = z.enum(TDS_SECTION_CODES, { error: TDS_MESSAGES.section });
export const DeducteeTypeText = z.enum(DEDUCTEE_TYPES, { error: TDS_MESSAGES.deducteeType });

/** A percent 0–100 with at most 2 decimals (10, 0.1, 1.5); kept as basis points inside. */
export const TdsRatePercent = z
  .number({ error: TDS_MESSAGES.rate })
  .refine((value) => percentToBasisPoints(value, 100) !== null, TDS_MESSAGES.rate);

/** A validated TDS rate percent in basis points (10 → 1000, 0.1 → 10). */
export function tdsRateToBasisPoints(percent: number): number {
  const basisPoints = percentToBasisPoints(percent, 100);
  if (basisPoints === null) throw new RangeError(`Not a TDS rate: ${percent}`);
  return basisPoints;
}

/** Basis points as the API's percent (1000 → 10, 10 → 0.1). */
export function basisPointsToPercent(basisPoints: number): number {
  return Number(`${Math.trunc(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, "0")}`);
}

/** s.197: `lowerDeductionCertificate: { certificateNumber, rate, validFrom, validTo, limit }`. */
export const LowerDeductionCertificateInput = z
  .object({
    certificateNumber: z
      .string({ error: "Certificate number is required." })
      .trim()
      .min(1, "Certificate number is required.")
      .max(30, "Certificate number cannot be more than 30 characters."),
    rate: TdsRatePercent,
    validFrom: CivilDateText,
    validTo: CivilDateText,
    limit: PositiveRupeeAmount,
  })
  .refine((value) => value.validFrom <= value.validTo, {
    path: ["validTo"],
    message: TDS_MESSAGES.certificateDates,
  });
export type LowerDeductionCertificateInput = z.infer<typeof LowerDeductionCertificateInput>;

/** The TDS fields of an account (a party or an expense account). */
export const ACCOUNT_TDS_FIELDS = {
  tdsSection: optionalText(TdsSectionText),
  deducteeType: optionalText(DeducteeTypeText),
  lowerDeductionCertificate: LowerDeductionCertificateInput.nullable().optional(),
};

/**
 * An entry's deduction: `tds: { section, rate, baseAmount, amount }` (rupees and percent, like
 * every amount and rate of the API). `accountId` names the deductee when the entry has several
 * accounts (a journal, a payment to several); a bill's deductee is its party.
 */
export const EntryTdsInput = z
  .object({
    section: TdsSectionText,
    rate: TdsRatePercent,
    baseAmount: NonNegativeRupeeAmount,
    amount: NonNegativeRupeeAmount,
    accountId: EntityId.optional(),
    certificateBaseAmount: NonNegativeRupeeAmount.optional(),
    /**
     * When the tax was deductible, for a deduction made later than that (s.201(1A)(i): 1% a
     * month or part until deducted, worked out by the challan). Left out: the entry's date.
     */
    deductibleOn: CivilDateText.optional(),
  })
  .refine((value) => value.amount <= value.baseAmount, {
    path: ["amount"],
    message: TDS_MESSAGES.amountOverBase,
  });
export type EntryTdsInput = z.infer<typeof EntryTdsInput>;
