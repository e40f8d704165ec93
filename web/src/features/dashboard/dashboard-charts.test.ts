import { describe, expect, test } from "vitest";
import { duesChartData, salesChartData } from "./dashboard-charts.ts";

describe("dashboard charts", () => {
  test("each of the thirty days is a bar labelled dd-MM, its sales without GST (issue 40)", () => {
    const day = { count: 1, sales: 1180, returns: 0, debitNotes: 0, net: 1180 };
    expect(
      salesChartData([
        { ...day, date: "2026-11-20", excludingGst: 1000 },
        { ...day, date: "2026-11-21", net: -590, excludingGst: -500 },
      ]),
    ).toEqual([
      { label: "20-11", sales: 1000 },
      { label: "21-11", sales: -500 },
    ]);
  });

  test("dues: receivable and payable, each due and overdue", () => {
    expect(
      duesChartData({
        date: "2026-11-21",
        receivable: { due: 21240, overdue: 7080, count: 2, overdueCount: 1 },
        payable: { due: 23600, overdue: 0, count: 1, overdueCount: 0 },
      }),
    ).toEqual([
      { label: "Receivable", due: 21240, overdue: 7080 },
      { label: "Payable", due: 23600, overdue: 0 },
    ]);
  });
});
