import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Box, Text } from "@mantine/core";
import type { ChartSeries } from "../report-definitions.ts";
import { formatAxisAmount, formatRupees } from "../report-format.ts";

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
        yAxisProps={{ tickFormatter: formatAxisAmount, width: 84 }}
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
