import { describe, expect, test } from "vitest";
import { chartData } from "./report-charts.ts";
import { findTabularReport } from "./report-definitions.ts";
import type { TabularReportAnswer } from "./reports.api.ts";

function chartOf(route: string) {
  const chart = findTabularReport(route)?.chart;
  if (!chart) throw new Error(`${route} has no chart`);
  return chart;
}

const byMonth: TabularReportAnswer = {
  report: "salesByMonthQuarter",
  title: "Sales by Month or Quarter",
  period: "From 01-04-2025 to 31-03-2026",
  columns: [
    { key: "period", label: "Month", kind: "text" },
    { key: "total", label: "Net Total", kind: "amount" },
  ],
  rows: [
    { period: "Apr 2025", total: 0 },
    { period: "May 2025", total: 17700 },
  ],
  totals: { total: 17700 },
  count: 2,
};

describe("report charts", () => {
  test("one bar per row, labelled as the table labels it", () => {
    expect(chartData(chartOf("sales-by-month-quarter"), byMonth)).toEqual({
      title: "Net Total by Month",
      data: [
        { label: "Apr 2025", total: 0 },
        { label: "May 2025", total: 17700 },
      ],
      series: [{ key: "total", label: "Net Total", color: "blue.6" }],
      stacked: false,
    });
  });

  test("dates on the axis read dd-MM-yyyy", () => {
    const byDay = {
      ...byMonth,
      columns: [{ key: "date", label: "Date", kind: "date" as const }],
      rows: [{ date: "2025-05-05", total: 17700 }],
    };
    expect(chartData(chartOf("sales-by-day"), byDay).data).toEqual([
      { label: "05-05-2025", total: 17700 },
    ]);
  });

  test("overdue bills: one bar per ageing bucket, from the totals", () => {
    const overdue = {
      ...byMonth,
      totals: {
        total: 7080,
        pending: 7080,
        days0to30: 0,
        days31to60: 7080,
        days61to90: 0,
        days90plus: 0,
      },
    };
    const chart = chartData(chartOf("overdue-bills"), overdue);
    expect(chart.data).toEqual([
      { label: "0-30 Days", amount: 0 },
      { label: "31-60 Days", amount: 7080 },
      { label: "61-90 Days", amount: 0 },
      { label: "Over 90 Days", amount: 0 },
    ]);
    expect(chart.series.map((series) => series.key)).toEqual(["amount"]);
  });

  test("GST by month is stacked CGST, SGST and IGST", () => {
    const chart = chartData(chartOf("month-with-gst"), {
      ...byMonth,
      columns: [{ key: "month", label: "Month", kind: "text" }],
      rows: [{ month: "May 2025", cgst: 1350, sgst: 1350, igst: null }],
    });
    expect(chart.title).toBe("CGST, SGST and IGST by Month");
    expect(chart.stacked).toBe(true);
    expect(chart.data).toEqual([{ label: "May 2025", cgst: 1350, sgst: 1350, igst: 0 }]);
  });
});
