import { percentToBasisPoints } from "./basis-points.ts";

/**
 * Upper bound for an ad valorem compensation cess percent. Cess on some tobacco products was
 * above 100%, so the bound only stops typing slips, not real rates.
 */
export const MAX_CESS_RATE = 1000;

/** An item's optional compensation cess: a percent from 0 to MAX_CESS_RATE, at most 2 decimals. */
export function isValidCessRate(rate: number): boolean {
  return percentToBasisPoints(rate, MAX_CESS_RATE) !== null;
}

/** 12.5 → 1250, for integer cess arithmetic. Throws RangeError on an invalid rate. */
export function cessRateToBasisPoints(rate: number): number {
  const basisPoints = percentToBasisPoints(rate, MAX_CESS_RATE);
  if (basisPoints === null) throw new RangeError(`Not a cess rate: ${rate}`);
  return basisPoints;
}
