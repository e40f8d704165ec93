import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { roundRupeesToPaise } from "./external-figures.ts";
import {
  amountForQuantity,
  milliToQuantity,
  quantityTimesRupees,
  quantityToMilli,
  storedQuantityToMilli,
  storedRupeesToPaise,
} from "./quantity.ts";
import { rupeesToPaise } from "./rupees.ts";

describe("quantity × rate", () => {
  it("rounds half up once, where float arithmetic went wrong", () => {
    // 100 × 68.40 is 6840.000000000001 in floating point; 2.5 × 33.33 is 83.32499999999999.
    expect(amountForQuantity(quantityToMilli(100), rupeesToPaise(68.4))).toBe(684_000);
    expect(amountForQuantity(quantityToMilli(2.5), rupeesToPaise(33.33))).toBe(8_333);
    expect(amountForQuantity(quantityToMilli(0.333), rupeesToPaise(0.15))).toBe(5);
    expect(amountForQuantity(quantityToMilli(1.005), 100)).toBe(101);
    expect(amountForQuantity(0, 12_345)).toBe(0);
  });

  it("is the exact product rounded half away from zero for any quantity and rate", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (milli, rate) => {
          const exact = BigInt(milli) * BigInt(rate);
          const paise = amountForQuantity(milli, rate);
          const twice = exact * 2n;
          expect(BigInt(paise) * 2000n - twice <= 1000n).toBe(true);
          expect(twice - BigInt(paise) * 2000n < 1000n).toBe(true);
        },
      ),
    );
  });
});

describe("quantities as thousandths", () => {
  it("reads the shortest decimal and refuses float noise", () => {
    expect(quantityToMilli(2.5)).toBe(2500);
    expect(quantityToMilli(0.001)).toBe(1);
    expect(quantityToMilli(1e-3)).toBe(1);
    expect(() => quantityToMilli(0.1 + 0.2)).toThrow(RangeError);
    expect(() => quantityToMilli(1.0005)).toThrow("more than 3 decimals");
    expect(milliToQuantity(2500)).toBe(2.5);
    expect(milliToQuantity(0)).toBe(0);
  });

  it("rounds a stored figure with too many decimals instead of refusing it", () => {
    expect(storedQuantityToMilli(2.5)).toBe(2500);
    expect(storedQuantityToMilli(1.0005)).toBe(1001);
    expect(storedQuantityToMilli(-1.0005)).toBe(-1001);
    expect(storedRupeesToPaise(68.4)).toBe(6840);
    expect(storedRupeesToPaise(83.32499999999999)).toBe(8332);
    expect(storedRupeesToPaise(900.045)).toBe(90_005);
    expect(storedRupeesToPaise(-0.125)).toBe(-13);
    expect(() => storedRupeesToPaise(1e21)).toThrow(RangeError);
  });

  it("reads rupees written as text exactly, rounding half away from zero", () => {
    expect(roundRupeesToPaise("900.045")).toBe(90_005);
    expect(roundRupeesToPaise("0.125")).toBe(13);
    expect(roundRupeesToPaise("1234.565")).toBe(123_457);
    expect(roundRupeesToPaise("-1234.564")).toBe(-123_456);
    expect(roundRupeesToPaise("83.32499999999999")).toBe(8332);
    expect(roundRupeesToPaise("12")).toBe(1200);
    expect(roundRupeesToPaise("-0.001")).toBe(0);
    expect(roundRupeesToPaise("2.5E2")).toBe(25_000);
    expect(() => roundRupeesToPaise("abc")).toThrow(RangeError);
    expect(() => roundRupeesToPaise("1.2.3")).toThrow(RangeError);
    expect(() => roundRupeesToPaise("")).toThrow(RangeError);
    expect(() => roundRupeesToPaise("1e300")).toThrow(RangeError);
  });
});

describe("quantity × a price in rupees", () => {
  it("is exact where 2.5 × 33.33 is 83.32499999999999 in floating point", () => {
    expect(quantityTimesRupees(2.5, 33.33)).toBe(8333);
    expect(quantityTimesRupees(100, 68.4)).toBe(684_000);
    expect(quantityTimesRupees(1.5, 0.125)).toBe(19);
    expect(() => quantityTimesRupees(0.1 + 0.2, 1)).toThrow(RangeError);
  });
});
