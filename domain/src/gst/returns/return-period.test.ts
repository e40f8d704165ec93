import { describe, expect, test } from "vitest";
import {
  isThirdMonthOfQuarter,
  RETURN_PERIOD_MESSAGES,
  readReturnPeriod,
  toReturnPeriodCode,
} from "./return-period.ts";

const base = { year: "2025-26", kind: "gstr1", frequency: "monthly" } as const;

describe("a return's period (issue 19)", () => {
  test.each([
    ["not a date", { startDate: "2025-13-01", endDate: "2025-13-31" }, "badDates"],
    ["outside the year", { startDate: "2025-03-01", endDate: "2025-03-31" }, "notInYear"],
    ["part of a month", { startDate: "2025-05-02", endDate: "2025-05-31" }, "notMonthOrQuarter"],
    ["two months", { startDate: "2025-05-01", endDate: "2025-06-30" }, "notMonthOrQuarter"],
    [
      "a quarter, monthly filer",
      { startDate: "2025-07-01", endDate: "2025-09-30" },
      "gstr1QuarterMonthly",
    ],
    [
      "IFF, monthly filer",
      { startDate: "2025-07-01", endDate: "2025-07-31", kind: "iff" },
      "iffQuarterlyOnly",
    ],
    [
      "IFF for a quarter",
      { startDate: "2025-07-01", endDate: "2025-09-30", kind: "iff", frequency: "quarterly" },
      "iffMonthOnly",
    ],
    [
      "IFF in a quarter's third month",
      { startDate: "2025-09-01", endDate: "2025-09-30", kind: "iff", frequency: "quarterly" },
      "iffNotThirdMonth",
    ],
  ] as const)("%s is refused", (_name, input, message) => {
    expect(readReturnPeriod({ ...base, ...input })).toEqual({
      ok: false,
      message: RETURN_PERIOD_MESSAGES[message],
    });
  });

  test("a month, and a quarterly filer's quarter across the new year", () => {
    expect(readReturnPeriod({ ...base, startDate: "2025-09-01", endDate: "2025-09-30" })).toEqual({
      ok: true,
      period: {
        startDate: "2025-09-01",
        endDate: "2025-09-30",
        months: ["2025-09"],
        fp: "092025",
        isQuarter: false,
      },
    });
    expect(
      readReturnPeriod({
        ...base,
        frequency: "quarterly",
        startDate: "2026-01-01",
        endDate: "2026-03-31",
      }),
    ).toMatchObject({
      ok: true,
      period: { months: ["2026-01", "2026-02", "2026-03"], fp: "032026", isQuarter: true },
    });
    expect(
      readReturnPeriod({
        ...base,
        kind: "iff",
        frequency: "quarterly",
        startDate: "2025-11-01",
        endDate: "2025-11-30",
      }),
    ).toMatchObject({ ok: true, period: { fp: "112025" } });
  });

  test("the quarter's third month and the period code", () => {
    expect([4, 5, 6, 12, 3].map(isThirdMonthOfQuarter)).toEqual([false, false, true, true, true]);
    expect(toReturnPeriodCode("2024-09-30")).toBe("092024");
  });
});
