import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  addDays,
  compareDates,
  composeCivilDate,
  daysBetween,
  daysInMonth,
  endOfMonth,
  formatDateDisplay,
  isLeapYear,
  isValidCivilDate,
  monthOf,
  parseDisplayDate,
  requireCivilDate,
  startOfMonth,
  todayCivil,
} from "./civil-date.ts";

// Dates built by JavaScript's own UTC calendar, an implementation independent of ours.
const anyCivilDate = fc
  .date({
    min: new Date("0001-01-01T00:00:00Z"),
    max: new Date("9999-12-31T00:00:00Z"),
    noInvalidDate: true,
  })
  .map((instant) => instant.toISOString().slice(0, 10));

function addDaysByUtcClock(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe("isLeapYear and daysInMonth (Gregorian rule)", () => {
  test.each([
    [2024, true], // divisible by 4
    [2025, false],
    [2028, true],
    [2000, true], // divisible by 400
    [1900, false], // divisible by 100, not 400
    [2100, false],
  ])("isLeapYear(%i) is %s", (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  test.each([
    [2024, 2, 29],
    [2025, 2, 28],
    [2024, 4, 30],
    [2024, 6, 30],
    [2024, 9, 30],
    [2024, 11, 30],
    [2024, 1, 31],
    [2024, 12, 31],
  ])("daysInMonth(%i, %i) is %i", (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});

describe("isValidCivilDate", () => {
  test.each([
    ["2024-02-29", true], // 2024 is a leap year
    ["2025-02-29", false], // 2025 is not
    ["2000-02-29", true],
    ["1900-02-29", false],
    ["2024-04-30", true],
    ["2024-04-31", false], // April has 30 days
    ["2024-12-31", true],
    ["0001-01-01", true],
    ["9999-12-31", true],
    ["0000-01-01", false], // year 0 is outside the supported years 1-9999
    ["2024-13-01", false],
    ["2024-00-10", false],
    ["2024-01-00", false],
    ["2024-1-01", false],
    ["24-01-01", false],
    [" 2024-01-01", false],
    ["2024-01-01T00:00", false],
    ["01-04-2024", false], // display form, not the internal one
    ["", false],
  ])("%j → %s", (text, valid) => {
    expect(isValidCivilDate(text)).toBe(valid);
  });
});

describe("addDays", () => {
  // Expected values worked with Python's datetime.date + timedelta.
  test.each([
    ["2024-02-28", 1, "2024-02-29"],
    ["2024-02-29", 1, "2024-03-01"],
    ["2023-02-28", 1, "2023-03-01"],
    ["2024-12-31", 1, "2025-01-01"],
    ["2025-03-31", 1, "2025-04-01"],
    ["2024-03-01", -1, "2024-02-29"],
    ["1970-01-01", -1, "1969-12-31"],
    ["2024-04-01", 364, "2025-03-31"], // FY 2024-25 has 365 days (no 29 Feb)
    ["2023-04-01", 365, "2024-03-31"], // FY 2023-24 has 366 days (29 Feb 2024)
    ["2000-01-01", 10000, "2027-05-19"],
    ["2024-06-15", 0, "2024-06-15"],
  ])("addDays(%s, %i) is %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  test("refuses a fractional day count, an invalid date, and leaving years 1-9999", () => {
    expect(() => addDays("2024-01-01", 1.5)).toThrow(RangeError);
    expect(() => addDays("2024-02-30", 1)).toThrow(RangeError);
    expect(() => addDays("9999-12-31", 1)).toThrow(RangeError);
    expect(() => addDays("0001-01-01", -1)).toThrow(RangeError);
  });

  test("property: addDays(addDays(d, n), -n) = d", () => {
    fc.assert(
      fc.property(
        fc
          .date({
            min: new Date("1000-01-01T00:00:00Z"),
            max: new Date("9000-12-31T00:00:00Z"),
            noInvalidDate: true,
          })
          .map((instant) => instant.toISOString().slice(0, 10)),
        fc.integer({ min: -300_000, max: 300_000 }),
        (date, days) => {
          expect(addDays(addDays(date, days), -days)).toBe(date);
        },
      ),
    );
  });

  test("property: agrees with the UTC clock and with daysBetween", () => {
    fc.assert(
      fc.property(
        anyCivilDate.filter((date) => date >= "0100-01-01" && date <= "9900-12-31"),
        fc.integer({ min: -30_000, max: 30_000 }),
        (date, days) => {
          const later = addDays(date, days);
          expect(later).toBe(addDaysByUtcClock(date, days));
          expect(daysBetween(date, later)).toBe(days);
          expect(compareDates(date, later)).toBe(Math.sign(days) === 0 ? 0 : -Math.sign(days));
        },
      ),
    );
  });
});

describe("compareDates and daysBetween", () => {
  test.each([
    ["2024-04-01", "2024-04-02", -1],
    ["2024-04-02", "2024-04-01", 1],
    ["2024-04-01", "2024-04-01", 0],
    ["2023-12-31", "2024-01-01", -1],
  ])("compareDates(%s, %s) is %i", (a, b, expected) => {
    expect(compareDates(a, b)).toBe(expected);
  });

  test("sorts dates", () => {
    expect(["2025-01-01", "2024-04-01", "2024-12-31"].sort(compareDates)).toEqual([
      "2024-04-01",
      "2024-12-31",
      "2025-01-01",
    ]);
  });

  test.each([
    ["2024-04-01", "2025-03-31", 364], // Python: (date(2025,3,31) - date(2024,4,1)).days
    ["2023-04-01", "2024-03-31", 365],
    ["2025-03-31", "2024-04-01", -364],
    ["1970-01-01", "2024-01-01", 19723],
  ])("daysBetween(%s, %s) is %i", (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  test("refuses an invalid date", () => {
    expect(() => compareDates("2024-02-30", "2024-01-01")).toThrow(RangeError);
  });
});

describe("monthOf, startOfMonth, endOfMonth", () => {
  test.each([
    ["2024-02-10", "2024-02", "2024-02-01", "2024-02-29"],
    ["2025-02-10", "2025-02", "2025-02-01", "2025-02-28"],
    ["2024-04-15", "2024-04", "2024-04-01", "2024-04-30"],
    ["2024-12-31", "2024-12", "2024-12-01", "2024-12-31"],
  ])("%s is in %s, from %s to %s", (date, month, start, end) => {
    expect(monthOf(date)).toBe(month);
    expect(startOfMonth(date)).toBe(start);
    expect(endOfMonth(date)).toBe(end);
  });

  test("refuses an invalid date", () => {
    expect(() => monthOf("2024-02")).toThrow(RangeError);
    expect(() => startOfMonth("2024-02-30")).toThrow(RangeError);
    expect(() => endOfMonth("")).toThrow(RangeError);
  });
});

describe("todayCivil", () => {
  // 00:00 IST = 18:30 UTC of the day before (IST is UTC+5:30, no daylight saving).
  test.each([
    ["2024-03-31T18:29:59Z", "Asia/Kolkata", "2024-03-31"],
    ["2024-03-31T18:30:00Z", "Asia/Kolkata", "2024-04-01"],
    ["2024-03-31T18:30:00Z", "UTC", "2024-03-31"],
    ["2024-04-01T02:00:00Z", "America/New_York", "2024-03-31"], // EDT is UTC-4
    ["0999-06-15T12:00:00Z", "UTC", "0999-06-15"],
  ])("at %s in %s it is %s", (instant, timeZone, expected) => {
    expect(todayCivil(new Date(instant), timeZone)).toBe(expected);
  });

  test("defaults to India's date now", () => {
    const before = todayCivil(new Date(), "Asia/Kolkata");
    const today = todayCivil();
    const after = todayCivil(new Date(), "Asia/Kolkata");
    expect(isValidCivilDate(today)).toBe(true);
    expect([before, after]).toContain(today);
  });

  test("refuses an unknown time zone", () => {
    expect(() => todayCivil(new Date(), "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("formatDateDisplay and parseDisplayDate", () => {
  test.each([
    ["2024-04-01", "01-04-2024"],
    ["2025-03-31", "31-03-2025"],
    ["2024-02-29", "29-02-2024"],
  ])("%s is shown as %s and read back", (date, display) => {
    expect(formatDateDisplay(date)).toBe(display);
    expect(parseDisplayDate(display)).toBe(date);
  });

  test.each([
    "29-02-2025", // not a leap year
    "31-04-2024",
    "1-4-2024", // typed forms go through normaliseDateInput
    "01/04/2024",
    "2024-04-01",
    "",
  ])("parseDisplayDate(%j) is null", (text) => {
    expect(parseDisplayDate(text)).toBeNull();
  });

  test("formatDateDisplay refuses an invalid date", () => {
    expect(() => formatDateDisplay("2024-13-01")).toThrow(RangeError);
  });

  test("property: parseDisplayDate(formatDateDisplay(d)) = d and back", () => {
    fc.assert(
      fc.property(anyCivilDate, (date) => {
        const display = formatDateDisplay(date);
        expect(display).toMatch(/^\d{2}-\d{2}-\d{4}$/);
        expect(parseDisplayDate(display)).toBe(date);
        expect(formatDateDisplay(parseDisplayDate(display) ?? "")).toBe(display);
      }),
    );
  });
});

describe("composeCivilDate and requireCivilDate", () => {
  test("pads the parts", () => {
    expect(composeCivilDate(2024, 4, 1)).toBe("2024-04-01");
    expect(composeCivilDate(24, 1, 5)).toBe("0024-01-05");
    expect(requireCivilDate("2024-04-01")).toEqual([2024, 4, 1]);
  });

  test("refuses an impossible date", () => {
    expect(() => composeCivilDate(2025, 2, 29)).toThrow(RangeError);
    expect(() => requireCivilDate("2024-4-1")).toThrow(RangeError);
  });
});
