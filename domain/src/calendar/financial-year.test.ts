import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  clampDateToFinancialYear,
  FINANCIAL_YEARS,
  financialYearFromStartYear,
  financialYearOf,
  financialYearRange,
  financialYearStartYear,
  isDateInFinancialYear,
  isSupportedFinancialYear,
  isValidFinancialYear,
  monthsOfFinancialYear,
  nextFinancialYear,
  previousFinancialYear,
  selectableFinancialYears,
} from "./financial-year.ts";

describe("FINANCIAL_YEARS", () => {
  test("is 2021-22 through 2029-30 (spec 3, Organisation)", () => {
    expect(FINANCIAL_YEARS).toEqual([
      "2021-22",
      "2022-23",
      "2023-24",
      "2024-25",
      "2025-26",
      "2026-27",
      "2027-28",
      "2028-29",
      "2029-30",
    ]);
  });

  test.each([
    ["2021-22", true],
    ["2029-30", true],
    ["2020-21", false],
    ["2030-31", false],
    ["2024-26", false],
  ])("isSupportedFinancialYear(%s) is %s", (fy, supported) => {
    expect(isSupportedFinancialYear(fy)).toBe(supported);
  });
});

describe("isValidFinancialYear", () => {
  test.each([
    ["2024-25", true],
    ["1999-00", true], // the end year wraps to 00
    ["2099-00", true],
    ["2018-19", true], // well-formed even though not supported
    ["2024-26", false], // end year must follow the start year
    ["2024-24", false],
    ["2024-2025", false],
    ["24-25", false],
    ["2024/25", false],
    ["0000-01", false], // year 0 is not a civil year here
    ["9999-00", false], // would end in year 10000
    ["", false],
  ])("%j → %s", (fy, valid) => {
    expect(isValidFinancialYear(fy)).toBe(valid);
  });
});

describe("financialYearStartYear and financialYearFromStartYear", () => {
  test("convert both ways", () => {
    expect(financialYearStartYear("2024-25")).toBe(2024);
    expect(financialYearFromStartYear(2024)).toBe("2024-25");
    expect(financialYearFromStartYear(1999)).toBe("1999-00");
    expect(financialYearFromStartYear(2009)).toBe("2009-10");
  });

  test("refuse a malformed year", () => {
    expect(() => financialYearStartYear("2024-26")).toThrow(RangeError);
    expect(() => financialYearFromStartYear(9999)).toThrow(RangeError);
  });
});

describe("financialYearOf", () => {
  // 1 April starts the year, 31 March ends it (spec 1, spec 9).
  test.each([
    ["2024-04-01", "2024-25"],
    ["2025-03-31", "2024-25"],
    ["2024-03-31", "2023-24"],
    ["2024-12-31", "2024-25"],
    ["2025-01-01", "2024-25"],
    ["2000-01-15", "1999-00"],
    ["2099-12-31", "2099-00"],
  ])("%s is in %s", (date, fy) => {
    expect(financialYearOf(date)).toBe(fy);
  });

  test("refuses an invalid date", () => {
    expect(() => financialYearOf("2025-02-29")).toThrow(RangeError);
  });

  test("property: the year's range contains the date", () => {
    fc.assert(
      fc.property(
        fc
          .date({
            min: new Date("1000-04-01T00:00:00Z"),
            max: new Date("9998-12-31T00:00:00Z"),
            noInvalidDate: true,
          })
          .map((instant) => instant.toISOString().slice(0, 10)),
        (date) => {
          const fy = financialYearOf(date);
          const { startDate, endDate } = financialYearRange(fy);
          expect(startDate <= date && date <= endDate).toBe(true);
          expect(isDateInFinancialYear(date, fy)).toBe(true);
        },
      ),
    );
  });
});

describe("financialYearRange and isDateInFinancialYear", () => {
  test.each([
    ["2024-25", "2024-04-01", "2025-03-31"],
    ["1999-00", "1999-04-01", "2000-03-31"],
  ])("%s runs from %s to %s", (fy, startDate, endDate) => {
    expect(financialYearRange(fy)).toEqual({ startDate, endDate });
  });

  test.each([
    ["2024-04-01", true], // first day
    ["2025-03-31", true], // last day
    ["2024-03-31", false], // the day before
    ["2025-04-01", false], // the day after
    ["2025-02-28", true],
  ])("%s in 2024-25 is %s", (date, inside) => {
    expect(isDateInFinancialYear(date, "2024-25")).toBe(inside);
  });

  test("refuse a malformed year", () => {
    expect(() => financialYearRange("2024-26")).toThrow(RangeError);
    expect(() => isDateInFinancialYear("2024-05-01", "24-25")).toThrow(RangeError);
  });
});

describe("clampDateToFinancialYear", () => {
  test.each([
    ["2024-08-15", "2024-08-15"],
    ["2024-01-10", "2024-04-01"],
    ["2025-06-01", "2025-03-31"],
    ["2024-04-01", "2024-04-01"],
    ["2025-03-31", "2025-03-31"],
  ])("%s → %s for 2024-25", (date, clamped) => {
    expect(clampDateToFinancialYear(date, "2024-25")).toBe(clamped);
  });
});

describe("previousFinancialYear and nextFinancialYear", () => {
  test.each([
    ["2024-25", "2023-24", "2025-26"],
    ["2000-01", "1999-00", "2001-02"],
    ["1999-00", "1998-99", "2000-01"],
    ["2029-30", "2028-29", "2030-31"], // arithmetic, not clamped to FINANCIAL_YEARS
  ])("around %s: %s and %s", (fy, previous, next) => {
    expect(previousFinancialYear(fy)).toBe(previous);
    expect(nextFinancialYear(fy)).toBe(next);
  });
});

describe("selectableFinancialYears (spec 3)", () => {
  test.each([
    ["2023-24", "2025-06-15", ["2023-24", "2024-25", "2025-26"]],
    ["2023-24", "2025-03-31", ["2023-24", "2024-25"]], // 31 March is still 2024-25
    ["2023-24", "2025-04-01", ["2023-24", "2024-25", "2025-26"]],
    ["2024-25", "2024-04-01", ["2024-25"]],
    ["2019-20", "2022-05-01", ["2021-22", "2022-23"]], // clamped at the first supported year
    [
      "2026-27",
      "2031-06-01",
      ["2026-27", "2027-28", "2028-29", "2029-30"], // clamped at the last supported year
    ],
    ["2027-28", "2025-06-15", ["2027-28"]], // a starting year after today still shows itself
    ["2030-31", "2031-01-01", []], // nothing supported
  ])("from %s on %s: %j", (startingYear, today, years) => {
    expect(selectableFinancialYears(startingYear, today)).toEqual(years);
  });

  test("refuses malformed input", () => {
    expect(() => selectableFinancialYears("2023", "2025-01-01")).toThrow(RangeError);
    expect(() => selectableFinancialYears("2023-24", "01-01-2025")).toThrow(RangeError);
  });
});

describe("monthsOfFinancialYear", () => {
  test("2024-25 runs April 2024 to March 2025", () => {
    expect(monthsOfFinancialYear("2024-25")).toEqual([
      { year: 2024, month: 4, key: "2024-04", label: "Apr 2024" },
      { year: 2024, month: 5, key: "2024-05", label: "May 2024" },
      { year: 2024, month: 6, key: "2024-06", label: "Jun 2024" },
      { year: 2024, month: 7, key: "2024-07", label: "Jul 2024" },
      { year: 2024, month: 8, key: "2024-08", label: "Aug 2024" },
      { year: 2024, month: 9, key: "2024-09", label: "Sep 2024" },
      { year: 2024, month: 10, key: "2024-10", label: "Oct 2024" },
      { year: 2024, month: 11, key: "2024-11", label: "Nov 2024" },
      { year: 2024, month: 12, key: "2024-12", label: "Dec 2024" },
      { year: 2025, month: 1, key: "2025-01", label: "Jan 2025" },
      { year: 2025, month: 2, key: "2025-02", label: "Feb 2025" },
      { year: 2025, month: 3, key: "2025-03", label: "Mar 2025" },
    ]);
  });

  test("every month of every supported year lies in that year", () => {
    for (const fy of FINANCIAL_YEARS) {
      const months = monthsOfFinancialYear(fy);
      expect(months).toHaveLength(12);
      for (const { key } of months) expect(financialYearOf(`${key}-01`)).toBe(fy);
    }
  });
});
