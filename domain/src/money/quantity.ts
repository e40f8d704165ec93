import {
  divideRoundingHalfAwayFromZero,
  readDecimalParts,
  roundDecimalParts,
  scaleDecimal,
  toSafePaise,
} from "./decimal.ts";
import type { Paise } from "./paise.ts";

/** Quantities carry at most three decimals (a gram of a kilogram): kept as thousandths. */
export const QUANTITY_DECIMALS = 3;

/**
 * A quantity as whole thousandths of a unit, read from its shortest decimal (2.5 → 2500; 0.1 + 0.2
 * is refused, not rounded: it means float arithmetic on a quantity). Throws RangeError.
 */
export function quantityToMilli(quantity: number): number {
  const milli = scaleDecimal(quantity, QUANTITY_DECIMALS);
  if (milli === null) {
    throw new RangeError(`Quantity ${quantity} has more than ${QUANTITY_DECIMALS} decimals.`);
  }
  return toSafePaise(milli);
}

/** Thousandths back to the quantity for JSON and display (2500 → 2.5), exact like paiseToRupees. */
export function milliToQuantity(milli: number): number {
  return milli === 0 ? 0 : milli / 1000;
}

/**
 * quantity × rate, rounded half away from zero to the paisa once (gst-reference.md §9): the one
 * place a line's amount is worked out. 2.5 kg at ₹33.33 is ₹83.33 (83.325 up); 100 at ₹68.40 is
 * exactly ₹6,840.00.
 */
export function amountForQuantity(quantityMilli: number, ratePaise: Paise): Paise {
  return toSafePaise(
    divideRoundingHalfAwayFromZero(BigInt(quantityMilli) * BigInt(ratePaise), 1000n),
  );
}

/**
 * Rupees to paise for a figure already stored by Bahi, which has at most 2 decimals: the same as
 * rupeesToPaise for those. A stored figure with more (written before a check existed) is rounded
 * half away from zero on its exact decimal instead of refusing the whole report that reads it.
 */
export function storedRupeesToPaise(rupees: number): Paise {
  return toSafePaise(roundDecimalParts(readDecimalParts(rupees), 2));
}

/** A stored quantity as thousandths; like storedRupeesToPaise, a longer decimal is rounded. */
export function storedQuantityToMilli(quantity: number): number {
  const exact = scaleDecimal(quantity, QUANTITY_DECIMALS);
  if (exact !== null) return toSafePaise(exact);
  const { negative, digits, scale } = readDecimalParts(quantity);
  const milli = divideRoundingHalfAwayFromZero(digits, 10n ** BigInt(scale - QUANTITY_DECIMALS));
  return toSafePaise(negative ? -milli : milli);
}

/**
 * A quantity times a unit price in rupees (each up to 3 decimals, as the IRP's Qty and UnitPrice),
 * in paise rounded half away from zero: what a bill of quantities says the line comes to.
 */
export function quantityTimesRupees(quantity: number, unitPriceRupees: number): Paise {
  const milli = scaleDecimal(quantity, QUANTITY_DECIMALS);
  const priceMilliRupees = scaleDecimal(unitPriceRupees, 3);
  if (milli === null || priceMilliRupees === null) {
    throw new RangeError(`${quantity} × ${unitPriceRupees} has more than 3 decimals in a factor.`);
  }
  // thousandths of a unit × thousandths of a rupee = millionths of a rupee; a paisa is 10,000 of them.
  return toSafePaise(divideRoundingHalfAwayFromZero(milli * priceMilliRupees, 10_000n));
}
