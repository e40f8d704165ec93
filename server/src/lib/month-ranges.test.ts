import { describe, expect, test } from "vitest";
import { splitIntoMonths } from "./month-ranges.ts";

describe("splitIntoMonths", () => {
  test.each([
    ["a whole year", "2025-04-01", "2026-03-31", { from: "2025-04", to: "2026-03" }, []],
    [
      "a year to the middle of March",
      "2025-04-01",
      "2026-03-15",
      { from: "2025-04", to: "2026-02" },
      [["2026-03-01", "2026-03-15"]],
    ],
    [
      "partial months at both ends",
      "2025-04-10",
      "2025-07-05",
      { from: "2025-05", to: "2025-06" },
      [
        ["2025-04-10", "2025-04-30"],
        ["2025-07-01", "2025-07-05"],
      ],
    ],
    ["days within one month", "2025-04-10", "2025-04-20", null, [["2025-04-10", "2025-04-20"]]],
    [
      "across a month end without a whole month",
      "2025-04-10",
      "2025-05-20",
      null,
      [["2025-04-10", "2025-05-20"]],
    ],
    [
      "a February of a leap year",
      "2024-02-01",
      "2024-02-29",
      { from: "2024-02", to: "2024-02" },
      [],
    ],
    ["one day that ends a month", "2025-04-30", "2025-04-30", null, [["2025-04-30", "2025-04-30"]]],
  ])("%s", (_name, from, to, wholeMonths, partialRanges) => {
    expect(splitIntoMonths(from, to)).toEqual({ wholeMonths, partialRanges });
  });

  test("an empty range reads nothing", () => {
    expect(splitIntoMonths("2025-05-01", "2025-04-30")).toEqual({
      wholeMonths: null,
      partialRanges: [],
    });
  });
});
