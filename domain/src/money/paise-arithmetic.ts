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
