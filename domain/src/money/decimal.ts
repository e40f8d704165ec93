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

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;

/**
 * A decimal written as text ("1234.565", "-0.125", ".5", "1.5e3"), read exactly: digits and scale
 * as readDecimalParts gives them for a number, with no binary float in between. Null when the text
 * is not a decimal (no digit, letters, two points, commas: strip grouping commas first).
 */
export function readDecimalText(text: string): DecimalParts | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const whole = match[2] ?? "";
  const fraction = match[3] ?? "";
  if (whole === "" && fraction === "") return null;
  let digits = BigInt(whole + fraction);
  let scale = fraction.length - Number(match[4] ?? "0");
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: match[1] === "-" && digits !== 0n, digits, scale };
}

/**
 * An exact decimal rounded half away from zero to `decimals` places, as an integer of that scale:
 * (900.045, 2) → 90005, (-0.125, 2) → -13.
 */
export function roundDecimalParts(
  { negative, digits, scale }: DecimalParts,
  decimals: number,
): bigint {
  const scaled =
    scale <= decimals
      ? digits * 10n ** BigInt(decimals - scale)
      : divideRoundingHalfAwayFromZero(digits, 10n ** BigInt(scale - decimals));
  return negative ? -scaled : scaled;
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
