import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Box, Text } from "@mantine/core";
import type { ChartSeries } from "../report-definitions.ts";
import { formatRupees } from "../report-format.ts";

export interface ReportBarChartProps {
  /** The figure's accessible name and caption. */
  title: string;
  data: Record<string, unknown>[];
  /** The key of each bar group's label. */
  dataKey: string;
  series: readonly ChartSeries[];
  stacked?: boolean;
  height?: number;
}

// Axis ticks in lakh and crore are shorter than full amounts and still read the Indian way.
function formatTick(value: number): string {
  const size = Math.abs(value);
  if (size >= 1_00_00_000) return `${(value / 1_00_00_000).toFixed(1)} Cr`;
  if (size >= 1_00_000) return `${(value / 1_00_000).toFixed(1)} L`;
  if (size >= 1_000) return `${(value / 1_000).toFixed(1)} K`;
  return String(value);
}

/**
 * A bar chart of amounts (rupees) with @mantine/charts, inside a labelled figure. Loaded lazily
 * (recharts is large), so its module is its default export too.
 */
export function ReportBarChart({
  title,
  data,
  dataKey,
  series,
  stacked = false,
  height = 260,
}: ReportBarChartProps) {
  return (
    <Box component="figure" aria-label={title} m={0}>
      <BarChart
        h={height}
        data={data}
        dataKey={dataKey}
        type={stacked ? "stacked" : "default"}
        series={series.map(({ key, label, color }) => ({ name: key, label, color }))}
        valueFormatter={formatRupees}
        yAxisProps={{ tickFormatter: formatTick, width: 64 }}
        withLegend={series.length > 1}
        tickLine="y"
        gridAxis="y"
        maxBarWidth={36}
      />
      <Text component="figcaption" size="xs" c="dimmed" ta="center" mt={4}>
        {title}
      </Text>
    </Box>
  );
}

export default ReportBarChart;
