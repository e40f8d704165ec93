import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { applyPercent, roundToRupee, sumPaise } from "./paise-arithmetic.ts";

describe("sumPaise", () => {
  test.each([
    [[], 0],
    [[100, -50, 25], 75],
    [[-0], 0],
    [[Number.MAX_SAFE_INTEGER, -1], Number.MAX_SAFE_INTEGER - 1],
  ])("%j -> %d", (values, total) => {
    expect(Object.is(sumPaise(values), total)).toBe(true);
  });

  test("takes any iterable", () => {
    expect(sumPaise(new Set([1, 2, 3]))).toBe(6);
  });

  test.each([[[1.5]], [[Number.MAX_SAFE_INTEGER, 1]], [[Number.NaN]]])(
    "refuses %j with a RangeError",
    (values) => {
      expect(() => sumPaise(values)).toThrow(RangeError);
    },
  );
});

describe("applyPercent", () => {
  test.each([
    [21600, 9, 1944], // gst-reference.md §9: 216 × 9% = 19.44
    [10000, 18, 1800],
    [333, 18, 60], // 59.94 paise
    [50, 1, 1], // 0.5 paise: half away from zero
    [-50, 1, -1],
    [150, 1, 2],
    [250, 1, 3],
    [149, 1, 1], // 1.49 paise
    [10000, 12.5, 1250],
    [12345, 0.25, 31], // 30.8625 paise
    [100, 0.1, 0],
    [3000, 1.15, 35], // 34.5 exactly; float 3000 * 1.15 / 100 = 34.49999999999999
    [1500, 2.3, 35], // 34.5 exactly; float gives 34.49999999999999
    [1000, 0, 0],
    [-1000, 18, -180],
    [1000, -10, -100],
  ])("%d paise at %d%% -> %d paise", (paise, percent, expected) => {
    expect(applyPercent(paise, percent)).toBe(expected);
  });

  test.each([
    [100, Number.NaN],
    [100, Number.POSITIVE_INFINITY],
    [1.5, 18],
    [Number.MAX_SAFE_INTEGER, 200],
  ])("%d paise at %d%% throws a RangeError", (paise, percent) => {
    expect(() => applyPercent(paise, percent)).toThrow(RangeError);
  });

  test("never returns negative zero", () => {
    expect(Object.is(applyPercent(-10, 1), 0)).toBe(true);
  });

  test("agrees with exact rational rounding for whole-number rates", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 0, max: 100 }),
        (paise, percent) => {
          const exact = (paise * percent) / 100; // exact: |paise * percent| < 2^53
          const expected = Math.sign(exact) * Math.floor(Math.abs(exact) + 0.5);
          expect(applyPercent(paise, percent)).toBe(expected === 0 ? 0 : expected);
        },
      ),
    );
  });
});

describe("roundToRupee", () => {
  // CGST Act s.170 (gst-reference.md §9): 50 paise and more round up; negatives mirrored.
  test.each([
    [1250, 1300, 50],
    [1249, 1200, -49],
    [1299, 1300, 1],
    [1200, 1200, 0],
    [50, 100, 50],
    [1, 0, -1],
    [0, 0, 0],
    [-1250, -1300, -50],
    [-1249, -1200, 49],
    [-50, -100, -50],
    // The cases of gst/compute's former computeRupeeRoundOff, which this replaced.
    [10049, 10000, -49],
    [10050, 10100, 50],
    [10051, 10100, 49],
    [10000, 10000, 0],
    [-149, -100, 49],
    [-150, -200, -50],
    [-151, -200, -49],
  ])("%d paise -> %d with round-off %d", (paise, roundedPaise, roundOffPaise) => {
    expect(roundToRupee(paise)).toEqual({ roundedPaise, roundOffPaise });
  });

  test("round-off is zero, not negative zero, on whole rupees", () => {
    expect(Object.is(roundToRupee(-1200).roundOffPaise, 0)).toBe(true);
  });

  test("lands on a whole rupee within 50 paise", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (paise) => {
        const { roundedPaise, roundOffPaise } = roundToRupee(paise);
        expect(roundedPaise % 100 === 0).toBe(true);
        expect(roundedPaise).toBe(paise + roundOffPaise);
        expect(Math.abs(roundOffPaise)).toBeLessThanOrEqual(50);
      }),
    );
  });

  test("throws when the rounded amount leaves the safe range", () => {
    expect(() => roundToRupee(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });
});
