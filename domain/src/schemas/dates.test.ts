import { describe, expect, it } from "vitest";
import { CivilDateText, FinancialYearText } from "./dates.ts";

const DATE_MESSAGE = "Date must be a real date in the form YYYY-MM-DD.";

describe("CivilDateText", () => {
  it.each(["2024-02-29", "2025-03-31", "2000-02-29", "2024-12-01"])("accepts %s", (date) => {
    expect(CivilDateText.parse(date)).toBe(date);
  });

  it.each([
    "2025-02-29",
    "2025-02-30",
    "2024-04-31",
    "2100-02-29",
    "2025-13-01",
    "2025-1-5",
    "05-01-2025",
    "",
    "2025-01-01T00:00",
  ])("refuses %s", (date) => {
    const result = CivilDateText.safeParse(date);
    expect(result.error?.issues[0]?.message).toBe(DATE_MESSAGE);
  });

  it("refuses a non-string", () => {
    expect(CivilDateText.safeParse(20250101).success).toBe(false);
  });
});

describe("FinancialYearText", () => {
  it.each(["2024-25", "2021-22", "2029-30", "1999-00"])("accepts %s", (year) => {
    expect(FinancialYearText.parse(year)).toBe(year);
  });

  it.each([
    ["2024-26", "The second part of the year must be the next year, like 2024-25."],
    ["2024-24", "The second part of the year must be the next year, like 2024-25."],
    ["2024-2025", "Year must be a financial year like 2024-25."],
    ["24-25", "Year must be a financial year like 2024-25."],
    ["", "Year must be a financial year like 2024-25."],
    [2024, "Year must be a financial year like 2024-25."],
  ])("refuses %s: %s", (year, message) => {
    expect(FinancialYearText.safeParse(year).error?.issues.map((i) => i.message)).toEqual([
      message,
    ]);
  });
});
