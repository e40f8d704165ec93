import { describe, expect, test } from "vitest";
import {
  formatCivilDate,
  formatInstant,
  formatInstantDate,
  formatRupeeValue,
} from "./format-values.ts";

describe("list values", () => {
  test("amounts in Indian grouping with 2 decimals", () => {
    expect(formatRupeeValue(123456.5)).toBe("1,23,456.50");
    expect(formatRupeeValue(1.15)).toBe("1.15");
    expect(formatRupeeValue(-1000)).toBe("-1,000.00");
    expect(formatRupeeValue(null)).toBe("");
    // Half up on the exact decimal, not on float noise: 1.005 * 100 is 100.49999999999999.
    expect(formatRupeeValue(1.005)).toBe("1.01");
    expect(formatRupeeValue(0.1 + 0.2)).toBe("0.30");
  });

  test("dates as dd-MM-yyyy", () => {
    expect(formatCivilDate("2025-05-10")).toBe("10-05-2025");
    expect(formatCivilDate(undefined)).toBe("");
  });

  test("instants in India's time", () => {
    expect(formatInstant("2026-11-21T10:00:50.430Z")).toBe("21-11-2026 03:30 pm");
  });
});

describe("formatInstantDate (issue 40)", () => {
  test("gives India's date of an instant, not the UTC text's", () => {
    // 01:00 IST on the 29th is 19:30 UTC on the 28th.
    expect(formatInstantDate("2026-11-28T19:30:00.000Z")).toBe("29-11-2026");
    expect(formatInstantDate("2026-11-28T18:29:00.000Z")).toBe("28-11-2026");
  });
});
