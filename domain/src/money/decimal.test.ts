import { describe, expect, test } from "vitest";
import { divideRoundingHalfAwayFromZero, readDecimalParts, scaleDecimal } from "./decimal.ts";

describe("readDecimalParts", () => {
  // Expected parts worked out from each number's shortest string (String(value)).
  test.each([
    [1.15, { negative: false, digits: 115n, scale: 2 }],
    [-0.5, { negative: true, digits: 5n, scale: 1 }],
    [-0, { negative: false, digits: 0n, scale: 0 }],
    [1.5e-7, { negative: false, digits: 15n, scale: 8 }],
    [1.23e22, { negative: false, digits: 123n * 10n ** 20n, scale: 0 }],
  ])("%d", (value, parts) => {
    expect(readDecimalParts(value)).toEqual(parts);
  });
});

describe("scaleDecimal", () => {
  test.each([
    [1.005, 3, 1005n], // the float 1.005 is just below 1.005; the decimal reading is exact
    [2.5, 2, 250n],
    [-2.5, 2, -250n],
    [12, 2, 1200n],
    [0, 3, 0n],
    [-0, 3, 0n],
    [0.1, 1, 1n],
    [0.29, 2, 29n], // 0.29 * 100 is 28.999999999999996 in binary
    [1e21, 0, 10n ** 21n],
  ])("reads %s with %i decimals as %s", (value, decimals, expected) => {
    expect(scaleDecimal(value, decimals)).toBe(expected);
  });

  test.each([
    [0.1 + 0.2, 2], // 0.30000000000000004: float noise, not a 2-decimal value
    [1.0005, 3],
    [1e-7, 3],
  ])("refuses %s with %i decimals", (value, decimals) => {
    expect(scaleDecimal(value, decimals)).toBeNull();
  });

  test.each([Number.NaN, Number.POSITIVE_INFINITY])("throws a RangeError on %s", (value) => {
    expect(() => scaleDecimal(value, 2)).toThrow(RangeError);
  });
});

describe("divideRoundingHalfAwayFromZero", () => {
  test.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [-5n, -2n, 3n],
    [4n, 3n, 1n],
    [-4n, 3n, -1n],
    [17999_82n, 100n, 18000n],
    [0n, 7n, 0n],
  ])("%s / %s -> %s", (numerator, denominator, quotient) => {
    expect(divideRoundingHalfAwayFromZero(numerator, denominator)).toBe(quotient);
  });

  test("refuses a zero denominator", () => {
    expect(() => divideRoundingHalfAwayFromZero(7n, 0n)).toThrow(RangeError);
  });
});
