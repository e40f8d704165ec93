import { scaleDecimal } from "../../money/decimal.ts";

/**
 * Hundredths of a percent for a percent with at most 2 decimals in [0, max], else null. The
 * percent is read as its shortest decimal (money/decimal.ts), so 0.29 is 29 although 0.29 * 100
 * is 28.999999999999996, and float noise such as 0.1 + 0.2 is refused, not rounded.
 */
export function percentToBasisPoints(percent: number, max: number): number | null {
  if (!Number.isFinite(percent) || percent < 0 || percent > max) return null;
  const basisPoints = scaleDecimal(percent, 2);
  return basisPoints === null ? null : Number(basisPoints);
}
