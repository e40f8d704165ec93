import { assertSafePaise } from "./decimal.ts";
import type { Paise } from "./paise.ts";

const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
] as const;

const TENS = [
  "",
  "",
  "Twenty",
  "Thirty",
  "Forty",
  "Fifty",
  "Sixty",
  "Seventy",
  "Eighty",
  "Ninety",
] as const;

const CRORE = 10_000_000;

function spellBelowHundred(n: number): string {
  if (n < 20) {
    return ONES[n] ?? "";
  }
  const ones = n % 10;
  const tens = TENS[(n - ones) / 10] ?? "";
  return ones === 0 ? tens : `${tens} ${ONES[ones]}`;
}

// Whole part of n / divisor and the remainder, exactly (no float division of large integers).
function divide(n: number, divisor: number): [number, number] {
  const remainder = n % divisor;
  return [(n - remainder) / divisor, remainder];
}

function spellBelowCrore(n: number): string[] {
  const [lakh, afterLakh] = divide(n, 100_000);
  const [thousand, afterThousand] = divide(afterLakh, 1000);
  const [hundred, rest] = divide(afterThousand, 100);
  const words: string[] = [];
  if (lakh > 0) words.push(spellBelowHundred(lakh), "Lakh");
  if (thousand > 0) words.push(spellBelowHundred(thousand), "Thousand");
  if (hundred > 0) words.push(spellBelowHundred(hundred), "Hundred");
  if (rest > 0) words.push(spellBelowHundred(rest));
  return words;
}

function spellPositive(n: number): string[] {
  const [crore, rest] = divide(n, CRORE);
  // 100 crore and above keep counting in crore, the crore count itself spelt the Indian way.
  const croreWords = crore > 0 ? [...spellPositive(crore), "Crore"] : [];
  return [...croreWords, ...spellBelowCrore(rest)];
}

/**
 * A whole number in words, Indian system (Crore, Lakh, Thousand, Hundred), title case, no "and":
 * 1234567 -> "Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven"; 0 -> "Zero".
 */
export function spellIndianNumber(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`Expected a non-negative safe integer, got ${n}.`);
  }
  return n === 0 ? "Zero" : spellPositive(n).join(" ");
}

/**
 * Spec 9: an amount in words in Rupees and Paise; zero is "Zero".
 * "<rupees> Rupees and <paise> Paise", either part left out when it is zero, singular
 * "Rupee"/"Paisa" for exactly one, "Minus " in front of negatives, no trailing "Only" (a
 * document template may add it).
 */
export function amountInWords(paise: Paise): string {
  assertSafePaise(paise);
  if (paise === 0) {
    return "Zero";
  }
  const [rupees, rest] = divide(Math.abs(paise), 100);
  const parts: string[] = [];
  if (rupees > 0) parts.push(`${spellIndianNumber(rupees)} ${rupees === 1 ? "Rupee" : "Rupees"}`);
  if (rest > 0) parts.push(`${spellIndianNumber(rest)} ${rest === 1 ? "Paisa" : "Paise"}`);
  return `${paise < 0 ? "Minus " : ""}${parts.join(" and ")}`;
}
