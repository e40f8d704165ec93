import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { paiseToRupees, rupeesToPaise } from "./rupees.ts";

describe("rupeesToPaise", () => {
  // Float products noted beside each case were checked in Node: multiplying by 100 is wrong.
  test.each([
    [1.15, 115], // 1.15 * 100 = 114.99999999999999
    [0.29, 29], // 0.29 * 100 = 28.999999999999996
    [4.35, 435], // 4.35 * 100 = 434.99999999999994
    [123.45, 12345],
    [1.1, 110],
    [-0.5, -50],
    [0, 0],
    [1e3, 100000],
    [999999999.99, 99_999_999_999],
    [70_000_000_000_000.01, 7_000_000_000_000_001],
  ])("%d rupees -> %d paise", (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  test("negative zero is plain zero", () => {
    expect(Object.is(rupeesToPaise(-0), 0)).toBe(true);
  });

  test.each([
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [Number.NEGATIVE_INFINITY],
    [1.005], // three decimals: refused, not rounded
    [0.1 + 0.2], // 0.30000000000000004: float noise from arithmetic done on rupees
    [1e-7],
    [1e14], // 10^16 paise is past Number.MAX_SAFE_INTEGER
    [1e21],
  ])("refuses %d with a RangeError", (rupees) => {
    expect(() => rupeesToPaise(rupees)).toThrow(RangeError);
  });
});

describe("paiseToRupees", () => {
  test.each([
    [12345, 123.45],
    [-5, -0.05],
    [100, 1],
    [99_999_999_999, 999999999.99],
  ])("%d paise -> %d rupees", (paise, rupees) => {
    expect(paiseToRupees(paise)).toBe(rupees);
  });

  test("zero, even negative zero, is plain zero", () => {
    expect(Object.is(paiseToRupees(-0), 0)).toBe(true);
  });

  test("refuses a fractional paisa", () => {
    expect(() => paiseToRupees(1.5)).toThrow(RangeError);
  });

  test("round-trips through JSON with at most 2 decimals, up to 7 × 10^13 rupees", () => {
    fc.assert(
      fc.property(fc.integer({ min: -7e15, max: 7e15 }), (paise) => {
        const rupees = paiseToRupees(paise);
        expect(JSON.stringify(rupees)).toMatch(/^-?\d+(\.\d{1,2})?$/);
        expect(rupeesToPaise(JSON.parse(JSON.stringify(rupees)))).toBe(paise);
      }),
    );
  });
});
