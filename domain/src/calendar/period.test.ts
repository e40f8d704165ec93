import { describe, expect, test } from "vitest";
import { FINANCIAL_YEARS, monthsOfFinancialYear } from "./financial-year.ts";
import { PERIOD_MESSAGES, parsePeriod, quarterOfMonth } from "./period.ts";

const MONTHS_2024_25 = [
  "2024-04",
  "2024-05",
  "2024-06",
  "2024-07",
  "2024-08",
  "2024-09",
  "2024-10",
  "2024-11",
  "2024-12",
  "2025-01",
  "2025-02",
  "2025-03",
];

describe("PERIOD_MESSAGES", () => {
  test("are the messages of spec 5, Period text, verbatim", () => {
    expect(Object.values(PERIOD_MESSAGES)).toEqual([
      "month not correct",
      "start and end year should be same",
      "start month should be jan, apr, jul or oct",
      "end month should be mar, jun, sep or dec",
      "period details not found",
    ]);
  });
});

describe("quarterOfMonth (spec 5: Apr-Jun Q1, Jul-Sep Q2, Oct-Dec Q3, Jan-Mar Q4)", () => {
  test.each([
    [4, 1],
    [5, 1],
    [6, 1],
    [7, 2],
    [8, 2],
    [9, 2],
    [10, 3],
    [11, 3],
    [12, 3],
    [1, 4],
    [2, 4],
    [3, 4],
  ])("month %i is in Q%i", (month, quarter) => {
    expect(quarterOfMonth(month)).toBe(quarter);
  });

  test.each([0, 13, 1.5])("refuses %s", (month) => {
    expect(() => quarterOfMonth(month)).toThrow(RangeError);
  });
});

describe("parsePeriod: financial years", () => {
  const fy202425 = {
    ok: true,
    quarter: null,
    FY: "2024-25",
    pStartDate: "2024-04-01",
    pEndDate: "2025-03-31",
    number: 2024,
    months: MONTHS_2024_25,
  };

  test.each([
    ["Apr 2024 to Mar 2025", "FY"],
    ["april 2024 to march 2025", "FY"],
    ["APR 24 TO MAR 25", "FY"],
    ["  Apr   2024 to  Mar 2025 ", "FY"],
    ["2024-25", "Y"],
    [" 2024-25 ", "Y"],
  ])("%j is 2024-25 typed as %s", (text, pType) => {
    expect(parsePeriod(text)).toEqual({ ...fy202425, pType });
  });

  test("a year ending in 00 wraps", () => {
    expect(parsePeriod("1999-00")).toMatchObject({
      FY: "1999-00",
      pStartDate: "1999-04-01",
      pEndDate: "2000-03-31",
    });
  });
});

describe("parsePeriod: months", () => {
  test.each([
    // [text, FY, start, end, month number, quarter]
    ["June 2024", "2024-25", "2024-06-01", "2024-06-30", 6, 1],
    ["jun 2024", "2024-25", "2024-06-01", "2024-06-30", 6, 1],
    ["Jun 24", "2024-25", "2024-06-01", "2024-06-30", 6, 1],
    ["Sept 2024", "2024-25", "2024-09-01", "2024-09-30", 9, 2],
    ["December 2024", "2024-25", "2024-12-01", "2024-12-31", 12, 3],
    ["Jan 2025", "2024-25", "2025-01-01", "2025-01-31", 1, 4], // Jan-Mar: previous year's FY
    ["feb 2024", "2023-24", "2024-02-01", "2024-02-29", 2, 4], // leap February
    ["FEBRUARY 2025", "2024-25", "2025-02-01", "2025-02-28", 2, 4],
    ["Mar 2025", "2024-25", "2025-03-01", "2025-03-31", 3, 4],
    ["Apr 2024", "2024-25", "2024-04-01", "2024-04-30", 4, 1],
  ])("%j", (text, FY, pStartDate, pEndDate, number, quarter) => {
    expect(parsePeriod(text)).toEqual({
      ok: true,
      quarter,
      FY,
      pType: "M",
      pStartDate,
      pEndDate,
      number,
      months: [pStartDate.slice(0, 7)],
    });
  });

  test("every month label of every supported year reads back as that month", () => {
    for (const fy of FINANCIAL_YEARS) {
      for (const { label, key, month } of monthsOfFinancialYear(fy)) {
        expect(parsePeriod(label)).toMatchObject({
          FY: fy,
          pType: "M",
          number: month,
          months: [key],
        });
      }
    }
  });

  test("a bare month name is that month of today's financial year, when today is given", () => {
    expect(parsePeriod("jun", "2024-08-15")).toMatchObject({
      pType: "M",
      FY: "2024-25",
      pStartDate: "2024-06-01",
    });
    expect(parsePeriod("January", "2024-08-15")).toMatchObject({
      pType: "M",
      FY: "2024-25",
      pStartDate: "2025-01-01",
    });
    expect(parsePeriod("jun")).toEqual({ ok: false, message: "period details not found" });
    expect(parsePeriod("junk", "2024-08-15")).toEqual({ ok: false, message: "month not correct" });
  });
});

describe("parsePeriod: quarters", () => {
  test.each([
    [
      "Apr 24 to Jun 24",
      1,
      "2024-25",
      "2024-04-01",
      "2024-06-30",
      ["2024-04", "2024-05", "2024-06"],
    ],
    [
      "Jul 2024 to Sep 2024",
      2,
      "2024-25",
      "2024-07-01",
      "2024-09-30",
      ["2024-07", "2024-08", "2024-09"],
    ],
    [
      "oct 24 to dec 24",
      3,
      "2024-25",
      "2024-10-01",
      "2024-12-31",
      ["2024-10", "2024-11", "2024-12"],
    ],
    [
      "Jan 25 to Mar 25",
      4,
      "2024-25",
      "2025-01-01",
      "2025-03-31",
      ["2025-01", "2025-02", "2025-03"],
    ],
    [
      "Jan 24 to Mar 24",
      4,
      "2023-24",
      "2024-01-01",
      "2024-03-31",
      ["2024-01", "2024-02", "2024-03"],
    ],
    [
      "April 24 to June 2024",
      1,
      "2024-25",
      "2024-04-01",
      "2024-06-30",
      ["2024-04", "2024-05", "2024-06"],
    ],
  ])("%j is Q%i of %s", (text, quarter, FY, pStartDate, pEndDate, months) => {
    expect(parsePeriod(text)).toEqual({
      ok: true,
      quarter,
      FY,
      pType: "Q",
      pStartDate,
      pEndDate,
      number: quarter,
      months,
    });
  });
});

describe("parsePeriod: errors", () => {
  const M = PERIOD_MESSAGES;
  test.each([
    // a word that is not a month
    ["Apx 24 to Jun 24", M.monthNotCorrect],
    ["Apr 24 to Jux 24", M.monthNotCorrect],
    ["Foo 2024", M.monthNotCorrect],
    // a quarter never crosses 31 December
    ["Oct 24 to Dec 25", M.yearsDiffer],
    ["Oct 24 to Mar 25", M.yearsDiffer],
    ["Apr 2024 to Mar 2026", M.yearsDiffer], // not a financial year, so read as a quarter
    // quarter boundaries
    ["Feb 24 to Apr 24", M.badStartMonth],
    ["May 24 to Jul 24", M.badStartMonth],
    ["Apr 24 to May 24", M.badEndMonth],
    ["Jan 24 to Jan 24", M.badEndMonth],
    // whole-quarter boundaries that are not exactly one quarter
    ["Apr 24 to Sep 24", M.notFound],
    ["Jan 24 to Dec 24", M.notFound],
    ["Jul 24 to Jun 24", M.notFound],
    ["Apr 24 to Mar 24", M.notFound],
    // anything else
    ["", M.notFound],
    ["2024", M.notFound],
    ["2024-26", M.notFound],
    ["2024-2025", M.notFound],
    ["Q1 2024", M.notFound],
    ["Apr 2024 - Jun 2024", M.notFound],
    ["Jun 202", M.notFound],
    ["hello", M.notFound], // a bare word needs today
    // years that cannot form a four-digit financial year
    ["Jun 0500", M.notFound],
    ["0999-00", M.notFound],
    ["9999-00", M.notFound],
    ["Jan 1000 to Mar 1000", M.notFound],
  ])("%j → %j", (text, message) => {
    expect(parsePeriod(text)).toEqual({ ok: false, message });
  });

  test("refuses a malformed today", () => {
    expect(() => parsePeriod("Jun 2024", "15-08-2024")).toThrow(RangeError);
  });
});
