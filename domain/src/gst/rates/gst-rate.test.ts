import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  describeGstRate,
  EXEMPT_RATE,
  filterGstRateOptions,
  GST_RATES,
  type GstRate,
  gstRatesOn,
  isGstRateAllowedOn,
  isValidGstRateCode,
  NO_GST_RATE,
  NO_GST_RATE_FOUND,
  rateToBasisPoints,
} from "./gst-rate.ts";

const codesOn = (date: string, rates?: readonly GstRate[]): number[] =>
  gstRatesOn(date, rates).map((rate) => rate.code);

describe("constants", () => {
  test("match spec 3, 5 and 9", () => {
    expect(EXEMPT_RATE).toBe(-1); // spec 3: "gstRate -1 means Exempt, -2 means none"
    expect(NO_GST_RATE).toBe(-2);
    expect(NO_GST_RATE_FOUND).toBe("No GST Rate Found"); // spec 5, GST rate dropdown
  });

  test("the table lists the spec's options in its order, then 40%, with labels", () => {
    expect(GST_RATES.map((rate) => [rate.code, rate.label])).toEqual([
      [0, "0%"],
      [3, "3%"],
      [5, "5%"],
      [12, "12%"],
      [18, "18%"],
      [28, "28%"],
      [40, "40%"],
      [-1, "Exempt"],
    ]);
    for (const rate of GST_RATES) expect(describeGstRate(rate.code)).toBe(rate.label);
  });
});

describe("gstRatesOn and isGstRateAllowedOn", () => {
  // spec 5/9 list before 22 September 2025; 40% joins on that day (GST 2.0); GST began 1 July 2017.
  test.each([
    ["2017-06-30", []],
    ["2017-07-01", [0, 3, 5, 12, 18, 28, -1]],
    ["2024-08-15", [0, 3, 5, 12, 18, 28, -1]],
    ["2025-09-21", [0, 3, 5, 12, 18, 28, -1]],
    ["2025-09-22", [0, 3, 5, 12, 18, 28, 40, -1]],
    ["2026-04-01", [0, 3, 5, 12, 18, 28, 40, -1]],
  ])("a document dated %s is offered %j", (date, codes) => {
    expect(codesOn(date)).toEqual(codes);
  });

  test.each([
    [40, "2025-09-21", false],
    [40, "2025-09-22", true],
    [12, "2026-01-01", true], // still law for bricks and roofing tiles
    [28, "2026-01-01", true], // still law for tobacco and pan masala
    [18, "2017-06-30", false], // before GST
    [EXEMPT_RATE, "2024-08-15", true],
    [NO_GST_RATE, "2024-08-15", false], // none is not a rate to offer
    [0.25, "2024-08-15", false], // a valid code, but not in the dropdown
    [7, "2024-08-15", false],
  ])("code %s on %s: %s", (code, date, allowed) => {
    expect(isGstRateAllowedOn(code, date)).toBe(allowed);
  });

  test("a rate with validTo stops after that day, inclusive", () => {
    const table: GstRate[] = [
      { code: 5, label: "5%", validFrom: "2017-07-01", validTo: null },
      { code: 12, label: "12%", validFrom: "2017-07-01", validTo: "2025-09-21" },
    ];
    expect(codesOn("2025-09-21", table)).toEqual([5, 12]);
    expect(codesOn("2025-09-22", table)).toEqual([5]);
    expect(isGstRateAllowedOn(12, "2025-09-21", table)).toBe(true);
    expect(isGstRateAllowedOn(12, "2025-09-22", table)).toBe(false);
  });

  test("refuses an invalid date", () => {
    expect(() => gstRatesOn("22-09-2025")).toThrow(RangeError);
    expect(() => isGstRateAllowedOn(18, "2025-02-29")).toThrow(RangeError);
  });
});

describe("isValidGstRateCode", () => {
  test.each([
    [0, true],
    [18, true],
    [0.25, true], // rough diamonds
    [1.5, true],
    [0.1, true],
    [0.29, true], // 0.29 * 100 is 28.999999999999996 in binary
    [12.34, true],
    [100, true],
    [-1, true],
    [-2, true],
    [-3, false],
    [-0.5, false],
    [0.125, false], // 3 decimals
    [0.1 + 0.2, false], // 0.30000000000000004: float noise, read exactly, is not 2 decimals
    [100.01, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])("%s → %s", (code, valid) => {
    expect(isValidGstRateCode(code)).toBe(valid);
  });
});

describe("describeGstRate", () => {
  test.each([
    [18, "18%"],
    [0, "0%"],
    [40, "40%"],
    [0.25, "0.25%"],
    [1.5, "1.5%"],
    [-1, "Exempt"],
    [-2, "None"],
  ])("%s → %s", (code, text) => {
    expect(describeGstRate(code)).toBe(text);
  });

  test("refuses an invalid code", () => {
    expect(() => describeGstRate(-3)).toThrow(RangeError);
    expect(() => describeGstRate(0.125)).toThrow(RangeError);
  });
});

describe("rateToBasisPoints", () => {
  test.each([
    [18, 1800],
    [28, 2800],
    [40, 4000],
    [0, 0],
    [0.25, 25],
    [1.5, 150],
    [0.1, 10],
    [0.29, 29],
    [-1, 0], // Exempt charges no tax
    [-2, 0], // none charges no tax
  ])("%s → %i", (code, basisPoints) => {
    expect(rateToBasisPoints(code)).toBe(basisPoints);
  });

  test("refuses an invalid code", () => {
    expect(() => rateToBasisPoints(0.125)).toThrow(RangeError);
    expect(() => rateToBasisPoints(101)).toThrow(RangeError);
  });

  test("property: every 2-decimal percent from 0 to 100 maps to its hundredths", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (hundredths) => {
        expect(rateToBasisPoints(hundredths / 100)).toBe(hundredths);
      }),
    );
  });
});

describe("filterGstRateOptions (spec 5: filterable, empty result shows 'No GST Rate Found')", () => {
  const options = gstRatesOn("2025-10-01");
  const labels = (query: string): string[] =>
    filterGstRateOptions(options, query).map((option) => option.label);

  test.each([
    ["", ["0%", "3%", "5%", "12%", "18%", "28%", "40%", "Exempt"]],
    ["  ", ["0%", "3%", "5%", "12%", "18%", "28%", "40%", "Exempt"]],
    ["1", ["12%", "18%"]],
    ["18", ["18%"]],
    ["18%", ["18%"]],
    ["2", ["12%", "28%"]],
    ["0", ["0%", "40%"]],
    ["ex", ["Exempt"]],
    [" EXEMPT ", ["Exempt"]],
    ["%", ["0%", "3%", "5%", "12%", "18%", "28%", "40%"]],
    ["99", []],
    ["nil", []],
  ])("%j → %j", (query, expected) => {
    expect(labels(query)).toEqual(expected);
  });

  test("keeps the caller's option type", () => {
    const withCount = [{ code: 18, label: "18%", count: 3 }];
    expect(filterGstRateOptions(withCount, "18")[0]?.count).toBe(3);
  });
});
