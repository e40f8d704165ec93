import { describe, expect, test } from "vitest";
import { defaultPeriodText, readReturnPeriodText } from "./return-period-text.ts";

describe("readReturnPeriodText", () => {
  test.each([
    ["Sep 2024", "gstr1", { ok: true, startDate: "2024-09-01", endDate: "2024-09-30" }],
    ["sep 24", "iff", { ok: true, startDate: "2024-09-01", endDate: "2024-09-30" }],
    ["Jul 2024 to Sep 2024", "gstr1", { ok: true, startDate: "2024-07-01", endDate: "2024-09-30" }],
    [
      "Jul 2024 to Sep 2024",
      "iff",
      { ok: false, message: "IFF is filed for one month: enter a month such as Aug 2024." },
    ],
    [
      "2024-25",
      "gstr1",
      { ok: false, message: "Enter a month (Sep 2024) or a quarter (Jul 2024 to Sep 2024)." },
    ],
    ["Sep 2025", "gstr1", { ok: false, message: "The period must lie inside the financial year." }],
    [
      "Aug 2024 to Sep 2024",
      "gstr1",
      { ok: false, message: "start month should be jan, apr, jul or oct" },
    ],
  ] as const)("%s (%s)", (text, kind, expected) => {
    expect(readReturnPeriodText(text, kind, "2024-25", "2024-10-15")).toMatchObject(expected);
  });
});

test("the default period is last month, kept inside the year", () => {
  expect(defaultPeriodText("2024-25", "2024-10-15")).toBe("Sep 2024");
  expect(defaultPeriodText("2024-25", "2024-04-10")).toBe("Apr 2024");
  expect(defaultPeriodText("2024-25", "2026-01-10")).toBe("Mar 2025");
});
