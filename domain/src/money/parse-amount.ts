import { formatAmount } from "./format-amount.ts";
import type { Paise } from "./paise.ts";

export type AmountOptions = {
  /** Accept one leading minus sign. Default false. */
  allowNegative?: boolean;
  /** Largest accepted value, in paise; above it the text is invalid. */
  max?: Paise;
};

// Spec 5 "Amount input" and spec 9: 9 integer digits, 2 decimals.
export const AMOUNT_MAX_INTEGER_DIGITS = 9;
export const AMOUNT_MAX_DECIMALS = 2;

export const AMOUNT_TEXT_PROBLEMS = {
  characters: "Only digits and one decimal point are allowed.",
  negative: "Negative amounts are not allowed.",
  integerDigits: "Amount can have at most 9 digits before the decimal point.",
  decimals: "Amount can have at most 2 digits after the decimal point.",
} as const;

const AMOUNT_TEXT = /^(-?)(\d*)(?:\.(\d*))?$/;

type AmountReading = { paise: Paise; problem: null } | { paise: 0; problem: string };

function readAmount(text: string, options: AmountOptions): AmountReading {
  const cleaned = text.trim().replaceAll(",", "");
  const match = AMOUNT_TEXT.exec(cleaned);
  if (!match) {
    return { paise: 0, problem: AMOUNT_TEXT_PROBLEMS.characters };
  }
  const minus = match[1] ?? "";
  const whole = match[2] ?? "";
  const fraction = match[3] ?? "";
  if (minus && !options.allowNegative) {
    return { paise: 0, problem: AMOUNT_TEXT_PROBLEMS.negative };
  }
  if (whole.length > AMOUNT_MAX_INTEGER_DIGITS) {
    return { paise: 0, problem: AMOUNT_TEXT_PROBLEMS.integerDigits };
  }
  if (fraction.length > AMOUNT_MAX_DECIMALS) {
    return { paise: 0, problem: AMOUNT_TEXT_PROBLEMS.decimals };
  }
  // At most 9 + 2 digits, so the integer is far inside the safe range: no float arithmetic.
  const magnitude = Number(`${whole}${fraction.padEnd(AMOUNT_MAX_DECIMALS, "0")}`);
  const paise = minus && magnitude !== 0 ? -magnitude : magnitude;
  if (options.max !== undefined && paise > options.max) {
    return { paise: 0, problem: `Amount cannot be more than ${formatAmount(options.max)}.` };
  }
  return { paise, problem: null };
}

/**
 * Why the text is not an acceptable amount, or null when it is. Incomplete text that a user is
 * still typing ("", "-", ".", "12.") is acceptable and reads as its value so far.
 */
export function validateAmountText(text: string, options: AmountOptions = {}): string | null {
  return readAmount(text, options).problem;
}

/** Spec 5, "Amount input": commas stripped, empty or invalid is 0. */
export function parseAmount(text: string, options: AmountOptions = {}): Paise {
  return readAmount(text, options).paise;
}
