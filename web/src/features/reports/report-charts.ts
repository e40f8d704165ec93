import type { ChartSeries, ReportChart } from "./report-definitions.ts";
import { formatCell } from "./report-format.ts";
import type { TabularReportAnswer } from "./reports.api.ts";

export interface ChartData {
  title: string;
  data: Record<string, unknown>[];
  series: readonly ChartSeries[];
  stacked: boolean;
}

function listLabels(series: readonly ChartSeries[]): string {
  const labels = series.map((one) => one.label);
  return labels.length <= 1
    ? (labels[0] ?? "")
    : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

const PENDING: ChartSeries = { key: "amount", label: "Pending", color: "orange.6" };

/**
 * The bars of a report's chart from its answer: one group per row labelled by the row's `x`
 * column (shown as the table shows it), or one bar per total (the ageing buckets).
 */
export function chartData(chart: ReportChart, answer: TabularReportAnswer): ChartData {
  if (chart.source === "totals") {
    return {
      title: "Pending by age",
      data: chart.series.map((series) => ({
        label: series.label,
        amount: answer.totals[series.key] ?? 0,
      })),
      series: [PENDING],
      stacked: false,
    };
  }
  const column = answer.columns.find((candidate) => candidate.key === chart.x);
  const xLabel = column?.label ?? chart.x;
  return {
    title: `${listLabels(chart.series)} by ${xLabel}`,
    data: answer.rows.map((row) => ({
      label: formatCell(column?.kind ?? "text", row[chart.x]),
      ...Object.fromEntries(
        chart.series.map((series) => [
          series.key,
          typeof row[series.key] === "number" ? row[series.key] : 0,
        ]),
      ),
    })),
    series: chart.series,
    stacked: chart.stacked === true,
  };
}
