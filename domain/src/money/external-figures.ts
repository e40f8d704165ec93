import {
  type DecimalParts,
  readDecimalParts,
  readDecimalText,
  roundDecimalParts,
  toSafePaise,
} from "./decimal.ts";
import type { Paise } from "./paise.ts";
import { QUANTITY_DECIMALS } from "./quantity.ts";

// Figures from outside Bahi (a Tally export's "-1234.50", a spreadsheet cell, a rate "100.005/Nos")
// may carry any number of decimals. They are read exactly, from their text or from a number's
// shortest decimal, and rounded half away from zero once, never as `Math.round(x * 100)` (1.005 *
// 100 is 100.49999999999999, which rounds to 100 where the decimal 1.005 rounds to 101).

function partsOf(value: number | string): DecimalParts {
  if (typeof value === "number") return readDecimalParts(value);
  const parts = readDecimalText(value);
  if (parts === null) throw new RangeError(`"${value}" is not a decimal number.`);
  return parts;
}

/**
 * `value × 10^decimals` as a whole number, the exact decimal rounded half away from zero:
 * roundDecimalTo("2.675", 2) is 268, roundDecimalTo(-0.125, 2) is -13, roundDecimalTo("9", 2) is
 * 900. Text is one optional sign, digits and at most one point. Throws RangeError on other text,
 * a number that is not finite, or a result outside the safe integer range.
 */
export function roundDecimalTo(value: number | string, decimals: number): number {
  if (!Number.isSafeInteger(decimals) || decimals < 0) {
    throw new RangeError(`Expected a whole number of decimals, got ${decimals}.`);
  }
  return toSafePaise(roundDecimalParts(partsOf(value), decimals));
}

/**
 * Rupees with any number of decimals, as text or a number, to paise rounded half away from zero:
 * roundRupeesToPaise("-1234.50") is -123450, roundRupeesToPaise("1.005") is 101. For figures
 * read from a file; the JSON API's rupees go through rupeesToPaise, which refuses a 3rd decimal.
 */
export function roundRupeesToPaise(value: number | string): Paise {
  return roundDecimalTo(value, 2);
}

/** A quantity with any number of decimals to thousandths, half away from zero ("1.0005" → 1001). */
export function roundQuantityToMilli(value: number | string): number {
  return roundDecimalTo(value, QUANTITY_DECIMALS);
}

/**
 * The smallest whole-paise rate at which `quantityMilli` thousandths come to at least
 * `amountPaise` (the amount ÷ quantity, rounded up): the rate of a line a file gives only an
 * amount for. 3 units for ₹100.00 is ₹33.34; 2.5 for ₹83.33 is ₹33.34. Throws RangeError on a
 * quantity that is not more than zero.
 */
export function rateCoveringAmount(amountPaise: Paise, quantityMilli: number): Paise {
  if (!Number.isSafeInteger(quantityMilli) || quantityMilli <= 0) {
    throw new RangeError(
      `Expected a quantity of more than zero thousandths, got ${quantityMilli}.`,
    );
  }
  const numerator = BigInt(amountPaise) * 1000n;
  const denominator = BigInt(quantityMilli);
  const quotient = numerator / denominator;
  // BigInt division truncates toward zero: one more when a positive remainder is left.
  return toSafePaise(numerator % denominator > 0n ? quotient + 1n : quotient);
}
