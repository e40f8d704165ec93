/**
 * A finite number read exactly as the decimal its shortest round-trip string shows:
 * value = sign × digits × 10^-scale. JavaScript's Number-to-string conversion yields the shortest
 * decimal that reads back as the same double, so 1.15 becomes digits "115", scale 2, and not the
 * 1.149999… that multiplying by 100 would see (gst-reference.md §9 on binary floats).
 */
export type DecimalParts = { negative: boolean; digits: bigint; scale: number };

const NUMBER_STRING = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

export function readDecimalParts(value: number): DecimalParts {
  if (!Number.isFinite(value)) {
    throw new RangeError(`Expected a finite number, got ${value}.`);
  }
  // String() of a finite non-negative number always has this shape (ECMA-262 Number::toString).
  const match = NUMBER_STRING.exec(String(Math.abs(value)))!;
  const whole = match[1] ?? "";
  const fraction = match[2] ?? "";
  const exponent = Number(match[3] ?? "0");
  let digits = BigInt(whole + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: value < 0 && digits !== 0n, digits, scale };
}

/**
 * `value × 10^decimals` as an exact integer, or null when the value's shortest decimal has more
 * than `decimals` decimals (1.005 with 2; float noise such as 0.1 + 0.2 with any small count).
 * Throws RangeError on a value that is not finite.
 */
export function scaleDecimal(value: number, decimals: number): bigint | null {
  const { negative, digits, scale } = readDecimalParts(value);
  if (scale > decimals) return null;
  const scaled = digits * 10n ** BigInt(decimals - scale);
  return negative ? -scaled : scaled;
}

/**
 * Integer quotient rounded half away from zero (the "half-up" of commercial rounding). Throws
 * RangeError on a zero denominator.
 */
export function divideRoundingHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if ((n % d) * 2n >= d) {
    quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

export function assertSafePaise(paise: number, what = "Amount"): void {
  if (!Number.isSafeInteger(paise)) {
    throw new RangeError(
      `${what} must be a whole number of paise within the safe range, got ${paise}.`,
    );
  }
}

export function toSafePaise(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`Amount of ${value} paise is outside the safe integer range.`);
  }
  // Number(-0n) is 0, so no negative zero can leak out.
  return Number(value);
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * A decimal written as text ("-1234.50", "+.5", "12."), read digit by digit: never through a
 * binary float. Null when the text (trimmed) is not one optional sign, digits and at most one
 * point, or has no digit at all. Grouping commas and units are the caller's to strip.
 */
export function readDecimalText(text: string): DecimalParts | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const whole = match[2] ?? "";
  const fraction = match[3] ?? "";
  if (whole === "" && fraction === "") return null;
  const digits = BigInt(`${whole}${fraction}` || "0");
  return { negative: match[1] === "-" && digits !== 0n, digits, scale: fraction.length };
}

/** The exact decimal `parts × 10^decimals`, rounded half away from zero to a whole number. */
export function roundDecimalParts(parts: DecimalParts, decimals: number): bigint {
  const { negative, digits, scale } = parts;
  const magnitude =
    scale <= decimals
      ? digits * 10n ** BigInt(decimals - scale)
      : divideRoundingHalfAwayFromZero(digits, 10n ** BigInt(scale - decimals));
  return negative ? -magnitude : magnitude;
}
