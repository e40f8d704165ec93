import { describe, expect, test } from "vitest";
import {
  balanceOf,
  defaultReportDate,
  describeAsAt,
  describeRange,
  formatAxisAmount,
  formatBalance,
  formatCell,
  formatDate,
  formatQuantity,
  formatRupees,
  sumRupees,
  toPaise,
} from "./report-format.ts";

describe("report formatting", () => {
  test.each([
    [1234567.8, "12,34,567.80"],
    [100000, "1,00,000.00"],
    [-1800, "-1,800.00"],
    [0.05, "0.05"],
    [0, "0.00"],
  ])("formatRupees(%s) is %s (en-IN, 2 decimals)", (rupees, text) => {
    expect(formatRupees(rupees)).toBe(text);
  });

  test("a blank amount is an empty cell", () => {
    expect(formatRupees(null)).toBe("");
    expect(formatRupees(undefined)).toBe("");
    expect(formatRupees(Number.NaN)).toBe("");
  });

  test("amounts go through paise, float noise included", () => {
    expect(toPaise(1.15)).toBe(115);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    // A third decimal rounds half up on the exact decimal: 1.005 * 100 is 100.49999999999999.
    expect(toPaise(1.005)).toBe(101);
    expect(toPaise(-2.675)).toBe(-268);
    expect(sumRupees([1.15, 0.29, 4.35])).toBe(5.79);
    expect(sumRupees([0.1, 0.2, 17700, 14160])).toBe(31860.3);
  });

  test("balances carry their side; zero has none", () => {
    expect(formatBalance({ amount: 100000, type: "dr" })).toBe("1,00,000.00 Dr");
    expect(formatBalance({ amount: 3600, type: "cr" })).toBe("3,600.00 Cr");
    expect(formatBalance({ amount: 0, type: "cr" })).toBe("0.00");
    expect(formatBalance(null)).toBe("");
    expect(balanceOf(-3600)).toEqual({ amount: 3600, type: "cr", signed: -3600 });
    expect(balanceOf(86700)).toEqual({ amount: 86700, type: "dr", signed: 86700 });
  });

  test("cells by their column's kind", () => {
    expect(formatCell("amount", 31860)).toBe("31,860.00");
    expect(formatCell("number", 1234567.125)).toBe("12,34,567.125");
    expect(formatCell("date", "2026-03-31")).toBe("31-03-2026");
    expect(formatCell("date", "Mar 2026")).toBe("Mar 2026");
    expect(formatCell("text", "Ravi Stores")).toBe("Ravi Stores");
    expect(formatCell("amount", null)).toBe("");
    expect(formatQuantity(2.5)).toBe("2.5");
    expect(formatDate("")).toBe("");
  });

  test("periods read as the files print them", () => {
    expect(describeRange("2025-04-01", "2026-03-31")).toBe("From 01-04-2025 to 31-03-2026");
    expect(describeAsAt("2026-03-31")).toBe("As at 31-03-2026");
  });

  test("the default date is the year's end, or today when that is earlier", () => {
    expect(defaultReportDate("2025-26", "2026-11-21")).toBe("2026-03-31");
    expect(defaultReportDate("2026-27", "2026-11-21")).toBe("2026-11-21");
    expect(defaultReportDate("2027-28", "2026-11-21")).toBe("2028-03-31");
  });
});

describe("chart axes in thousands, lakhs and crores (issue 25)", () => {
  test.each([
    [80_000, "80 thousand"],
    [1_500, "1.5 thousand"],
    [1_50_000, "1.5 lakh"],
    [10_00_000, "10 lakh"],
    [2_00_00_000, "2 crore"],
    [-45_000, "-45 thousand"],
    [750, "750"],
    [0, "0"],
  ])("%d → %s", (rupees, text) => {
    expect(formatAxisAmount(rupees)).toBe(text);
  });
});
