import { assertSafePaise, scaleDecimal, toSafePaise } from "./decimal.ts";
import type { Paise } from "./paise.ts";

/**
 * Rupees from the JSON API (DESIGN.md §4: numbers with at most 2 decimals) to paise. Reads the
 * number's shortest decimal form, so 1.15 is 115 paise (1.15 * 100 is 114.99999999999999).
 * A value with more than 2 decimals (1.005, or float noise such as 0.1 + 0.2) is refused rather
 * than rounded: it means the caller did float arithmetic on money.
 */
export function rupeesToPaise(rupees: number): Paise {
  const paise = scaleDecimal(rupees, 2);
  if (paise === null) {
    throw new RangeError(`Rupee amount ${rupees} has more than 2 decimals.`);
  }
  return toSafePaise(paise);
}

/**
 * Paise to rupees for the JSON API. Dividing an integer by 100 gives the double nearest to the
 * exact decimal, the same double that parsing "123.45" gives, so JSON shows at most 2 decimals.
 */
export function paiseToRupees(paise: Paise): number {
  assertSafePaise(paise);
  return paise === 0 ? 0 : paise / 100;
}
