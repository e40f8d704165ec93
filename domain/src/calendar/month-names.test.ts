import { describe, expect, test } from "vitest";
import {
  formatMonthLabel,
  MONTH_FULL_NAMES,
  MONTH_SHORT_NAMES,
  parseMonthName,
} from "./month-names.ts";

describe("parseMonthName", () => {
  test.each([
    ["jan", 1],
    ["January", 1],
    ["FEB", 2],
    ["april", 4],
    ["May", 5],
    [" jun ", 6],
    ["Sept", 9],
    ["sep", 9],
    ["December", 12],
    ["ja", null],
    ["janu", null],
    ["", null],
    ["13", null],
  ])("%j → %s", (text, month) => {
    expect(parseMonthName(text)).toBe(month);
  });

  test("every listed name reads back as its month", () => {
    for (const names of [MONTH_SHORT_NAMES, MONTH_FULL_NAMES]) {
      names.forEach((name, index) => {
        expect(parseMonthName(name)).toBe(index + 1);
      });
    }
  });
});

describe("formatMonthLabel", () => {
  test("is the short name and the year", () => {
    expect(formatMonthLabel(2024, 4)).toBe("Apr 2024");
    expect(formatMonthLabel(2025, 12)).toBe("Dec 2025");
  });

  test("refuses a month outside 1-12", () => {
    expect(() => formatMonthLabel(2024, 0)).toThrow(RangeError);
    expect(() => formatMonthLabel(2024, 13)).toThrow(RangeError);
  });
});
