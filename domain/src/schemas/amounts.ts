import { z } from "zod";
import {
  EXEMPT_RATE,
  isValidCessRate,
  isValidGstRateCode,
  MAX_CESS_RATE,
  NO_GST_RATE,
} from "../gst/rates/index.ts";
import { scaleDecimal } from "../money/decimal.ts";

/** 1 lakh crore rupees: far above any voucher, far below where paise stop being exact. */
export const MAX_RUPEES_EXCLUSIVE = 1e12;

/**
 * True when `value` has no more than `places` decimals, read exactly from its shortest decimal
 * by money/decimal.ts (0.29 has 2 although 0.29 * 100 is 28.999999999999996; 0.1 + 0.2 has 17).
 */
export function hasAtMostDecimals(value: number, places: number): boolean {
  return Number.isFinite(value) && scaleDecimal(value, places) !== null;
}

/**
 * A rupee amount as the JSON API carries it (DESIGN.md 4): a number with at most 2 decimals.
 * Both checks abort, so a payload-level refinement (sums in paise with money's rupeesToPaise,
 * which throws on a third decimal) never runs on an amount that failed here.
 */
export const RupeeAmount = z
  .number({ error: "Amount must be a number." })
  .refine((value) => Math.abs(value) < MAX_RUPEES_EXCLUSIVE, {
    error: "Amount must be less than 1 lakh crore.",
    abort: true,
  })
  .refine((value) => hasAtMostDecimals(value, 2), {
    error: "Amount can have at most 2 decimals.",
    abort: true,
  });

export const NonNegativeRupeeAmount = RupeeAmount.check(
  z.nonnegative("Amount cannot be negative."),
);

export const PositiveRupeeAmount = RupeeAmount.check(z.positive("Amount must be more than zero."));

const QUANTITY_LIMIT = 1e9;

const QuantityNumber = z
  .number({ error: "Quantity must be a number." })
  .refine((value) => value < QUANTITY_LIMIT, "Quantity must be less than 100 crore.")
  .refine((value) => hasAtMostDecimals(value, 3), "Quantity can have at most 3 decimals.");

/** A line quantity: more than zero, up to 3 decimals (kilograms to the gram). */
export const Quantity = QuantityNumber.check(z.positive("Quantity must be more than zero."));

export const NonNegativeQuantity = QuantityNumber.check(
  z.nonnegative("Quantity cannot be negative."),
);

/** spec 5 "Item", spec 9: discount percentages are capped at 100. */
export const DiscountPercent = z
  .number({ error: "Discount must be a number." })
  .min(0, "Discount cannot be negative.")
  .max(100, "Discount cannot be more than 100.")
  .refine((value) => hasAtMostDecimals(value, 2), "Discount can have at most 2 decimals.");

/**
 * A GST rate code as gst/rates reads it (spec 3): -1 Exempt, -2 none, or a percentage from 0 to
 * 100 with at most 2 decimals. Fractional rates (0.25, 1.5) are real, so any such percentage is
 * a code; which rates the dropdown offers on a date is gst/rates' gstRatesOn.
 */
export const GstRateValue = z
  .number({ error: "GST rate must be a number." })
  .refine(
    isValidGstRateCode,
    `GST rate must be a percentage, ${EXEMPT_RATE} (Exempt) or ${NO_GST_RATE} (none).`,
  );

/** Compensation cess as gst/rates reads it: 0 to MAX_CESS_RATE (past 100 % on some goods). */
export const CessRate = z
  .number({ error: "Cess rate must be a number." })
  .min(0, { error: "Cess rate cannot be negative.", abort: true })
  .max(MAX_CESS_RATE, { error: `Cess rate cannot be more than ${MAX_CESS_RATE}.`, abort: true })
  .refine(isValidCessRate, "Cess rate can have at most 2 decimals.");
