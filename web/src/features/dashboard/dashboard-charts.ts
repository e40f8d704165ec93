import { formatDateDisplay } from "@bahi/domain";
import type { DuesAnswer, SalesDay } from "./dashboard.api.ts";

/** One bar per day, labelled 'dd-MM' (the year is the chart's caption): sales without GST. */
export function salesChartData(days: readonly SalesDay[]) {
  return days.map((day) => ({
    label: formatDateDisplay(day.date).slice(0, 5),
    sales: day.excludingGst,
  }));
}

/** Receivable and payable side by side, each with its due and the overdue part of it. */
export function duesChartData(dues: DuesAnswer) {
  return [
    { label: "Receivable", due: dues.receivable.due, overdue: dues.receivable.overdue },
    { label: "Payable", due: dues.payable.due, overdue: dues.payable.overdue },
  ];
}
