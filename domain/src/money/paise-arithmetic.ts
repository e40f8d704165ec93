import {
  assertSafePaise,
  divideRoundingHalfAwayFromZero,
  readDecimalParts,
  toSafePaise,
} from "./decimal.ts";
import type { Paise } from "./paise.ts";

/** Exact total; throws RangeError if a value or a running total leaves the safe integer range. */
export function sumPaise(values: Iterable<Paise>): Paise {
  let total = 0;
  for (const value of values) {
    assertSafePaise(value);
    total += value;
    assertSafePaise(total, "Running total");
  }
  return total === 0 ? 0 : total;
}

/**
 * `percent`% of an amount, rounded to the paisa half away from zero (0.5 paise -> 1, -0.5 -> -1),
 * the commercial half-up of gst-reference.md §9. The percent is read as its shortest decimal
 * (12.5, 0.25, 18) and the product is computed exactly with BigInt.
 */
export function applyPercent(paise: Paise, percent: number): Paise {
  assertSafePaise(paise);
  const rate = readDecimalParts(percent);
  const numerator = BigInt(paise) * (rate.negative ? -rate.digits : rate.digits);
  const denominator = 100n * 10n ** BigInt(rate.scale);
  return toSafePaise(divideRoundingHalfAwayFromZero(numerator, denominator));
}

/**
 * Splits a tax into CGST and SGST halves that add back to it exactly. An odd paisa goes to the
 * first half (CGST), in magnitude: 101 -> [51, 50], -101 -> [-51, -50].
 */
export function splitInHalf(paise: Paise): [Paise, Paise] {
  assertSafePaise(paise);
  const magnitude = Math.abs(paise);
  const larger = magnitude - Math.floor(magnitude / 2);
  const first = paise < 0 ? -larger : larger;
  const second = paise - first;
  return [first === 0 ? 0 : first, second === 0 ? 0 : second];
}

export type RupeeRounding = {
  /** The amount rounded to a whole rupee (a multiple of 100 paise). */
  roundedPaise: Paise;
  /** What was added to reach it: roundedPaise - paise, between -49 and +50 (sign-mirrored). */
  roundOffPaise: Paise;
};

/**
 * Rounds to the nearest rupee, 50 paise and more going up (CGST Act s.170; gst-reference.md §9),
 * negatives mirrored: -12.50 -> -13. The difference is the invoice's round-off line.
 */
export function roundToRupee(paise: Paise): RupeeRounding {
  assertSafePaise(paise);
  const rounded = divideRoundingHalfAwayFromZero(BigInt(paise), 100n) * 100n;
  const roundedPaise = toSafePaise(rounded);
  const roundOffPaise = roundedPaise - paise;
  return { roundedPaise, roundOffPaise: roundOffPaise === 0 ? 0 : roundOffPaise };
}
