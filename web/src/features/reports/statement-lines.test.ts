import { describe, expect, test } from "vitest";
import { profitAndLossLines, readPeriodText, tradingLines } from "./statement-lines.ts";

describe("period text for the open year (spec 5)", () => {
  test.each([
    ["Apr 2025 to Mar 2026", "2025-04-01", "2026-03-31"],
    ["2025-26", "2025-04-01", "2026-03-31"],
    ["June 2025", "2025-06-01", "2025-06-30"],
    ["Jan 26 to Mar 26", "2026-01-01", "2026-03-31"],
    ["jul", "2025-07-01", "2025-07-31"],
  ])("%s", (text, startDate, endDate) => {
    expect(readPeriodText(text, "2025-26", "2026-11-21")).toEqual({ ok: true, startDate, endDate });
  });

  test.each([
    ["Oct 25 to Mar 26", "start and end year should be same"],
    ["Feb 25 to Mar 25", "start month should be jan, apr, jul or oct"],
    ["Apr 25 to May 25", "end month should be mar, jun, sep or dec"],
    ["Apr 25 to Sep 25", "period details not found"],
    ["2024-25", "Date should be within current financial year."],
  ])("%s is refused: %s", (text, message) => {
    expect(readPeriodText(text, "2025-26", "2026-11-21")).toEqual({ ok: false, message });
  });
});

describe("the balancing lines of the trading and profit and loss accounts", () => {
  test("a gross profit is carried from the trading debit to the profit and loss credit", () => {
    expect(tradingLines(7000)).toEqual({
      debit: [{ label: "Gross Profit c/o", amount: 7000 }],
      credit: [],
    });
    expect(profitAndLossLines(7000, 1000)).toEqual({
      debitBefore: [],
      creditBefore: [{ label: "Gross Profit b/f", amount: 7000 }],
      debitAfter: [{ label: "Net Profit", amount: 1000 }],
      creditAfter: [],
    });
  });

  test("losses sit on the other sides", () => {
    expect(tradingLines(-500)).toEqual({
      debit: [],
      credit: [{ label: "Gross Loss c/o", amount: 500 }],
    });
    expect(profitAndLossLines(-500, -2500)).toEqual({
      debitBefore: [{ label: "Gross Loss b/f", amount: 500 }],
      creditBefore: [],
      debitAfter: [],
      creditAfter: [{ label: "Net Loss", amount: 2500 }],
    });
    expect(tradingLines(0)).toEqual({ debit: [], credit: [] });
  });
});
