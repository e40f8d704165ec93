import { Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { ReportBarChartProps } from "./ReportBarChart.tsx";

const ReportBarChart = lazy(() => import("./ReportBarChart.tsx"));

/** The bar chart, with recharts fetched only when a chart is first shown. */
export function LazyBarChart(props: ReportBarChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.height ?? 260} aria-hidden="true" />}>
      <ReportBarChart {...props} />
    </Suspense>
  );
}
