import { describe, expect, test } from "vitest";
import { cessRateToBasisPoints, isValidCessRate, MAX_CESS_RATE } from "./cess-rate.ts";

describe("isValidCessRate", () => {
  test.each([
    [0, true],
    [1, true],
    [12.5, true],
    [0.01, true],
    [160, true], // cess above 100% existed for tobacco products
    [MAX_CESS_RATE, true],
    [MAX_CESS_RATE + 0.01, false],
    [-1, false],
    [1.234, false], // at most 2 decimals
    [0.1 + 0.2, false], // 0.30000000000000004: float noise is not 2 decimals
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])("%s → %s", (rate, valid) => {
    expect(isValidCessRate(rate)).toBe(valid);
  });
});

describe("cessRateToBasisPoints", () => {
  test.each([
    [12.5, 1250],
    [0, 0],
    [0.01, 1],
    [160, 16000],
  ])("%s → %i", (rate, basisPoints) => {
    expect(cessRateToBasisPoints(rate)).toBe(basisPoints);
  });

  test("refuses an invalid rate", () => {
    expect(() => cessRateToBasisPoints(-5)).toThrow(RangeError);
    expect(() => cessRateToBasisPoints(1.234)).toThrow(RangeError);
  });
});
