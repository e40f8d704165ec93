import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  rateCoveringAmount,
  roundDecimalTo,
  roundQuantityToMilli,
  roundRupeesToPaise,
} from "./external-figures.ts";
import { amountForQuantity } from "./quantity.ts";

describe("figures from a file, read exactly", () => {
  it("reads Tally's amount text to the paisa, where x * 100 went wrong", () => {
    expect(roundRupeesToPaise("-1234.50")).toBe(-123_450);
    expect(roundRupeesToPaise("1.15")).toBe(115);
    expect(roundRupeesToPaise("0.29")).toBe(29);
    expect(roundRupeesToPaise("4.35")).toBe(435);
    // Math.round(1.005 * 100) and Math.round(2.675 * 100) are 100 and 267.
    expect(roundRupeesToPaise("1.005")).toBe(101);
    expect(roundRupeesToPaise("2.675")).toBe(268);
    expect(roundRupeesToPaise(1.005)).toBe(101);
    expect(roundRupeesToPaise("-1.005")).toBe(-101);
    expect(roundRupeesToPaise("1.0049999")).toBe(100);
    expect(roundRupeesToPaise("+.5")).toBe(50);
    expect(roundRupeesToPaise("12.")).toBe(1200);
    expect(roundRupeesToPaise("-0.001")).toBe(0);
    expect(Object.is(roundRupeesToPaise("-0.00"), 0)).toBe(true);
  });

  it("refuses text that is not a decimal", () => {
    for (const text of ["", ".", "-", "1,234.50", "12.3.4", "₹5", " 1 2 "]) {
      expect(() => roundRupeesToPaise(text)).toThrow(RangeError);
    }
    // Exponent text is a decimal too (a spreadsheet may write 1E3).
    expect(roundRupeesToPaise("1e3")).toBe(100_000);
    expect(() => roundRupeesToPaise(Number.NaN)).toThrow(RangeError);
    expect(() => roundRupeesToPaise("99999999999999999999")).toThrow(RangeError);
  });

  it("rounds quantities to thousandths and any decimal count", () => {
    expect(roundQuantityToMilli("2.5")).toBe(2500);
    expect(roundQuantityToMilli("1.0005")).toBe(1001);
    expect(roundQuantityToMilli(0.0004)).toBe(0);
    expect(roundDecimalTo("9", 2)).toBe(900);
    expect(roundDecimalTo("0.125", 2)).toBe(13);
    expect(roundDecimalTo(-0.125, 2)).toBe(-13);
    expect(roundDecimalTo("7", 0)).toBe(7);
    expect(() => roundDecimalTo("1", -1)).toThrow(RangeError);
  });

  it("is the decimal rounded half away from zero for any digits", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.integer({ min: 0, max: 6 }),
        (units, scale) => {
          const magnitude = (units < 0n ? -units : units).toString().padStart(scale + 1, "0");
          const text = `${units < 0n ? "-" : ""}${magnitude.slice(0, magnitude.length - scale)}${scale ? `.${magnitude.slice(-scale)}` : ""}`;
          const paise = BigInt(roundRupeesToPaise(text));
          // |value × 100 − paise| ≤ ½, ties away from zero: compare in units of 10^-scale.
          const exact = units * 100n;
          const unit = 10n ** BigInt(scale);
          const difference = exact - paise * unit;
          expect(2n * (difference < 0n ? -difference : difference) <= unit).toBe(true);
          if (2n * difference === unit) expect(units < 0n).toBe(true);
          if (2n * difference === -unit) expect(units > 0n).toBe(true);
        },
      ),
    );
  });
});

describe("rateCoveringAmount", () => {
  it("is the amount over the quantity, rounded up to the paisa", () => {
    expect(rateCoveringAmount(10_000, 3000)).toBe(3334);
    expect(rateCoveringAmount(8333, 2500)).toBe(3334);
    expect(rateCoveringAmount(684_000, 100_000)).toBe(6840);
    expect(rateCoveringAmount(0, 1000)).toBe(0);
    expect(() => rateCoveringAmount(100, 0)).toThrow(RangeError);
  });

  it("always gives a line at least the amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 1, max: 1e7 }),
        (amount, milli) => {
          const rate = rateCoveringAmount(amount, milli);
          expect(amountForQuantity(milli, rate)).toBeGreaterThanOrEqual(amount);
          if (rate > 0)
            expect(BigInt(milli) * BigInt(rate - 1) < BigInt(amount) * 1000n).toBe(true);
        },
      ),
    );
  });
});
