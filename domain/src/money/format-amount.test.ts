import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { describeAmount, formatAmount, formatRupees, groupIndianDigits } from "./format-amount.ts";
import { parseAmount } from "./parse-amount.ts";

describe("groupIndianDigits", () => {
  // Computed by hand: last three digits, then pairs.
  test.each([
    ["0", "0"],
    ["999", "999"],
    ["1000", "1,000"],
    ["100000", "1,00,000"],
    ["1234567", "12,34,567"],
    ["123456789", "12,34,56,789"],
    ["90071992547409", "9,00,71,99,25,47,409"],
  ])("%s -> %s", (digits, expected) => {
    expect(groupIndianDigits(digits)).toBe(expected);
  });

  test("agrees with Intl en-IN grouping on exact integers", () => {
    const indian = new Intl.NumberFormat("en-IN");
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (n) => {
        expect(groupIndianDigits(n.toString())).toBe(indian.format(n));
      }),
    );
  });
});

describe("formatAmount", () => {
  // Computed by hand; the brief's examples "12,34,567.80", "-1,000.00", "0.00".
  test.each([
    [123456780, "12,34,567.80"],
    [-100000, "-1,000.00"],
    [0, "0.00"],
    [-0, "0.00"],
    [5, "0.05"],
    [-5, "-0.05"],
    [50, "0.50"],
    [99999, "999.99"],
    [100000, "1,000.00"],
    [99_999_999_999, "99,99,99,999.99"],
    [Number.MAX_SAFE_INTEGER, "9,00,71,99,25,47,409.91"],
    [-Number.MAX_SAFE_INTEGER, "-9,00,71,99,25,47,409.91"],
    // The cases of gst/compute's former private formatter, which this one replaced.
    [100, "1.00"],
    [118000, "1,180.00"],
    [11800000, "1,18,000.00"],
    [1234567890, "1,23,45,678.90"],
    [1000000000000, "10,00,00,00,000.00"],
    [-150, "-1.50"],
    [-11800000, "-1,18,000.00"],
  ])("%d paise -> %s", (paise, expected) => {
    expect(formatAmount(paise)).toBe(expected);
  });

  test.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    "refuses %d, which is not a safe whole number of paise",
    (paise) => {
      expect(() => formatAmount(paise)).toThrow(RangeError);
    },
  );

  test("parseAmount reads back every amount of up to 9 integer digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), (paise) => {
        expect(parseAmount(formatAmount(paise), { allowNegative: true })).toBe(paise);
      }),
    );
  });
});

describe("formatRupees", () => {
  test.each([
    [123456780, "₹12,34,567.80"],
    [-100000, "-₹1,000.00"],
    [0, "₹0.00"],
  ])("%d paise -> %s", (paise, expected) => {
    expect(formatRupees(paise)).toBe(expected);
  });
});

describe("describeAmount", () => {
  test.each([
    [118000, "1,180.00"],
    [-2, "-0.02"],
    [Number.NaN, "NaN"],
    [1.5, "1.5"],
    [Number.POSITIVE_INFINITY, "Infinity"],
  ])("%d -> %s", (value, expected) => {
    expect(describeAmount(value)).toBe(expected);
  });
});
