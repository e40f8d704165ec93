import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatDateDisplay } from "./civil-date.ts";
import {
  DATE_INPUT_MESSAGES,
  defaultEntryDate,
  normaliseDateInput,
  sanitiseDateTyping,
  stepDate,
} from "./date-input.ts";
import { FINANCIAL_YEARS, financialYearRange } from "./financial-year.ts";

const FY = "2024-25"; // 01-04-2024 to 31-03-2025
const TODAY = "2024-08-15";

describe("DATE_INPUT_MESSAGES", () => {
  test("are the toast titles of spec 5, Date input, verbatim", () => {
    expect(DATE_INPUT_MESSAGES).toEqual({
      dayTooLong: "Invalid Date - Date cannot be more than 2 digits. Reverted to old date.",
      monthTooLong: "Invalid Date - Month cannot be more than 2 digits. Reverted to old date.",
      yearTooLong: "Invalid Date - Year cannot be more than 4 digits. Reverted to old date.",
      dayOver31: "Date cannot be more than 31",
      monthOver12: "Month cannot be more than 12",
      dayNotInMonth: "Invalid Date. Reverted to old date.",
      zero: "Date, month or year cannot be 0",
      space: "Do not use space in date",
      invalid: "Invalid Date",
      outsideFinancialYear: "Date should be within current financial year.",
    });
  });
});

describe("normaliseDateInput: accepted input", () => {
  // Each expected date is read off the spec rule named in the comment, for FY 2024-25 and
  // today 15-08-2024 unless the row says otherwise.
  test.each([
    // full dates, boundaries of the financial year
    ["01-04-2024", FY, TODAY, "2024-04-01"], // first day of 2024-25
    ["31-03-2025", FY, TODAY, "2025-03-31"], // last day of 2024-25
    ["15-08-2024", FY, TODAY, "2024-08-15"],
    // leap years: 2024 is divisible by 4
    ["29-02-2024", "2023-24", TODAY, "2024-02-29"],
    ["29-2-24", "2023-24", TODAY, "2024-02-29"],
    // separators -, / or . ("the separator may be -, / or .")
    ["15/08/2024", FY, TODAY, "2024-08-15"],
    ["15.08.2024", FY, TODAY, "2024-08-15"],
    ["15/08-2024", FY, TODAY, "2024-08-15"], // mixed separators are read the same way
    // "a trailing separator is dropped"
    ["15-08-2024-", FY, TODAY, "2024-08-15"],
    ["15-8-", FY, TODAY, "2024-08-15"],
    ["15.", FY, TODAY, "2024-08-15"],
    // "Day and month may be one digit and are padded. A two-digit year gets 20 prefixed."
    ["5-6-2024", FY, TODAY, "2024-06-05"],
    ["5-6-24", FY, TODAY, "2024-06-05"],
    ["05-01-25", FY, TODAY, "2025-01-05"],
    ["1/4/24", FY, TODAY, "2024-04-01"],
    // day and month only: April-December take the start year, January-March the end year
    ["5-6", FY, TODAY, "2024-06-05"],
    ["1-4", FY, TODAY, "2024-04-01"],
    ["31-12", FY, TODAY, "2024-12-31"],
    ["5-1", FY, TODAY, "2025-01-05"],
    ["31-3", FY, TODAY, "2025-03-31"],
    ["29-2", "2023-24", TODAY, "2024-02-29"],
    ["5-6", "2023-24", TODAY, "2023-06-05"], // the financial year's, not today's year
    // day only, today inside the year: up to today's day is this month, later is last month
    ["10", FY, TODAY, "2024-08-10"],
    ["15", FY, TODAY, "2024-08-15"],
    ["5", FY, TODAY, "2024-08-05"],
    ["16", FY, TODAY, "2024-07-16"],
    ["31", FY, TODAY, "2024-07-31"],
    ["25", FY, "2024-04-10", "2024-04-25"], // last month would be March 2024: stay in April
    ["20", FY, "2025-01-05", "2024-12-20"], // last month of January is December of last year
    ["28", FY, "2025-03-05", "2025-02-28"],
    // day only, today outside the year: its nearest month (March after it, April before it)
    ["10", FY, "2025-06-01", "2025-03-10"],
    ["31", FY, "2026-01-01", "2025-03-31"],
    ["20", FY, "2024-01-15", "2024-04-20"],
    ["15", "2023-24", TODAY, "2024-03-15"],
  ])("%j in %s on %s → %s", (text, fy, today, date) => {
    expect(normaliseDateInput(text, fy, today)).toEqual({
      ok: true,
      date,
      display: formatDateDisplay(date),
    });
  });

  test("the display form is dd-MM-yyyy", () => {
    expect(normaliseDateInput("5-6-24", FY, TODAY)).toEqual({
      ok: true,
      date: "2024-06-05",
      display: "05-06-2024",
    });
  });
});

describe("normaliseDateInput: rejected input", () => {
  const M = DATE_INPUT_MESSAGES;
  test.each([
    // "Do not use space in date": a space anywhere, checked first
    ["05 -06-2024", FY, TODAY, M.space],
    [" 5", FY, TODAY, M.space],
    ["5-6-2024 ", FY, TODAY, M.space],
    ["5\t6", FY, TODAY, M.space],
    ["12 34 5678", FY, TODAY, M.space],
    // not digits and separators, or no day/month/year shape: 'Invalid Date'
    ["5a-6", FY, TODAY, M.invalid],
    ["5,6,2024", FY, TODAY, M.invalid],
    ["", FY, TODAY, M.invalid],
    ["-", FY, TODAY, M.invalid],
    ["5--6", FY, TODAY, M.invalid],
    ["-5-6", FY, TODAY, M.invalid],
    ["5--", FY, TODAY, M.invalid], // only one trailing separator is dropped
    ["1-2-3-4", FY, TODAY, M.invalid],
    // digit counts: day, then month, then year
    ["123-06-2024", FY, TODAY, M.dayTooLong],
    ["005-06-2024", FY, TODAY, M.dayTooLong],
    ["15082024", FY, TODAY, M.dayTooLong], // no separator: the whole text is the day
    ["123-456-78901", FY, TODAY, M.dayTooLong],
    ["05-123-2024", FY, TODAY, M.monthTooLong],
    ["05-006", FY, TODAY, M.monthTooLong],
    ["05-06-20245", FY, TODAY, M.yearTooLong],
    // a zero day, month or year
    ["0-06-2024", FY, TODAY, M.zero],
    ["00-06-2024", FY, TODAY, M.zero],
    ["05-0-2024", FY, TODAY, M.zero],
    ["05-06-0000", FY, TODAY, M.zero],
    ["05-06-00", FY, TODAY, M.zero], // the typed year is 0, before 20 is prefixed
    ["0", FY, TODAY, M.zero],
    ["0-13-2024", FY, TODAY, M.zero], // zero is checked before the ranges
    // ranges
    ["32-01-2024", FY, TODAY, M.dayOver31],
    ["99", FY, TODAY, M.dayOver31],
    ["32-13-2024", FY, TODAY, M.dayOver31],
    ["15-13-2024", FY, TODAY, M.monthOver12],
    ["15-13", FY, TODAY, M.monthOver12],
    // a year of 1 or 3 digits cannot become 4 digits by prefixing 20
    ["5-6-202", FY, TODAY, M.invalid],
    ["5-6-4", FY, TODAY, M.invalid],
    // 31 in a 30-day month
    ["31-04-2024", FY, TODAY, M.dayNotInMonth],
    ["31-06-2024", FY, TODAY, M.dayNotInMonth],
    ["31-09-2024", FY, TODAY, M.dayNotInMonth],
    ["31-11-2024", FY, TODAY, M.dayNotInMonth],
    ["31-4", FY, TODAY, M.dayNotInMonth],
    ["31", FY, "2024-07-10", M.dayNotInMonth], // day only: last month is June
    // impossible February dates
    ["29-02-2025", FY, TODAY, M.invalid], // 2025 is not divisible by 4
    ["29-2", FY, TODAY, M.invalid], // February of 2024-25 is in 2025
    ["30-02-2024", "2023-24", TODAY, M.invalid],
    ["31-02-2025", FY, TODAY, M.invalid],
    ["30", FY, "2025-03-05", M.invalid], // day only: last month is February 2025
    // outside the financial year
    ["31-03-2024", FY, TODAY, M.outsideFinancialYear], // the day before 2024-25
    ["01-04-2025", FY, TODAY, M.outsideFinancialYear], // the day after
    ["15-08-2023", FY, TODAY, M.outsideFinancialYear],
    ["5-6-25", FY, TODAY, M.outsideFinancialYear], // June 2025 belongs to 2025-26
    ["05-06-0024", FY, TODAY, M.outsideFinancialYear], // a 4-digit year is taken as typed
  ])("%j in %s on %s → %j", (text, fy, today, message) => {
    expect(normaliseDateInput(text, fy, today)).toEqual({ ok: false, message });
  });

  test("refuses a malformed financial year or today", () => {
    expect(() => normaliseDateInput("5-6", "2024-26", TODAY)).toThrow(RangeError);
    expect(() => normaliseDateInput("5-6", FY, "15-08-2024")).toThrow(RangeError);
  });

  test("property: every day of every supported year reads back from its display form", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FINANCIAL_YEARS),
        fc.integer({ min: 0, max: 365 }),
        (fy, offset) => {
          const { startDate, endDate } = financialYearRange(fy);
          const date = new Date(Date.parse(`${startDate}T00:00:00Z`) + offset * 86_400_000)
            .toISOString()
            .slice(0, 10);
          fc.pre(date <= endDate);
          const display = formatDateDisplay(date);
          expect(normaliseDateInput(display, fy, TODAY)).toEqual({ ok: true, date, display });
        },
      ),
    );
  });
});

describe("sanitiseDateTyping", () => {
  test.each([
    ["15-08-2024", "15-08-2024"],
    ["ab12-0c4/2024.x", "12-04/2024."],
    ["₹1,2#3", "123"],
    ["12 04", "12 04"], // spaces stay, so leaving the field can say 'Do not use space in date'
    ["", ""],
  ])("%j → %j", (typed, kept) => {
    expect(sanitiseDateTyping(typed)).toBe(kept);
  });
});

describe("stepDate (Up and Down arrows)", () => {
  test.each([
    ["2024-08-15", 1, FY, "2024-08-16"],
    ["2024-08-15", -1, FY, "2024-08-14"],
    ["2024-02-28", 1, "2023-24", "2024-02-29"],
    ["2024-12-31", 1, FY, "2025-01-01"],
    ["2025-03-31", 1, FY, "2025-03-31"], // stays in the year
    ["2024-04-01", -1, FY, "2024-04-01"],
    ["2023-01-01", 1, FY, "2024-04-02"], // a date outside the year is first brought into it
    ["2026-01-01", -1, FY, "2025-03-30"],
  ] as const)("%s %i in %s → %s", (date, step, fy, expected) => {
    expect(stepDate(date, step, fy)).toBe(expected);
  });
});

describe("defaultEntryDate (spec 5: today, clamped to the financial year)", () => {
  test.each([
    [FY, "2024-08-15", "2024-08-15"],
    [FY, "2025-06-01", "2025-03-31"],
    [FY, "2024-01-01", "2024-04-01"],
  ])("in %s on %s → %s", (fy, today, expected) => {
    expect(defaultEntryDate(fy, today)).toBe(expected);
  });
});
