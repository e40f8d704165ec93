import { assertSafePaise } from "./decimal.ts";
import type { Paise } from "./paise.ts";

/**
 * Groups a run of digits the Indian way: the last three together, then pairs
 * ("1234567" -> "12,34,567"). Done on the digit string, so it is exact for any length.
 */
export function groupIndianDigits(digits: string): string {
  if (digits.length <= 3) {
    return digits;
  }
  const lastThree = digits.slice(-3);
  let head = digits.slice(0, -3);
  const pairs: string[] = [];
  while (head.length > 2) {
    pairs.unshift(head.slice(-2));
    head = head.slice(0, -2);
  }
  pairs.unshift(head);
  return `${pairs.join(",")},${lastThree}`;
}

/** Spec 5, "Amount input": shown in Indian grouping with 2 decimals. Never "-0.00". */
export function formatAmount(paise: Paise): string {
  assertSafePaise(paise);
  const digits = String(Math.abs(paise)).padStart(3, "0");
  const rupees = groupIndianDigits(digits.slice(0, -2));
  const sign = paise < 0 ? "-" : "";
  return `${sign}${rupees}.${digits.slice(-2)}`;
}

/**
 * formatAmount for a whole number of paise; anything else (NaN, 1.5 from a bad payload) as
 * String() writes it, so that a message quoting what a client sent never throws.
 */
export function describeAmount(value: number): string {
  return Number.isSafeInteger(value) ? formatAmount(value) : String(value);
}

/** formatAmount with the rupee sign after the minus: "₹12,34,567.80", "-₹1,000.00". */
export function formatRupees(paise: Paise): string {
  const text = formatAmount(paise);
  return text.startsWith("-") ? `-₹${text.slice(1)}` : `₹${text}`;
}
