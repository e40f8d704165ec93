import { Group, Text } from "@mantine/core";
import { memo } from "react";
import { formatRupeeValue } from "./format-values.ts";

/** spec 2.5: page totals and a grand total. */
export const ListTotals = memo(function ListTotals({
  pageTotal,
  total,
  count,
}: {
  pageTotal: number;
  total: number;
  count: number;
}) {
  return (
    <Group gap="xl" justify="flex-end" aria-label="Totals" role="group">
      <Text size="sm" c="dimmed">
        {count.toLocaleString("en-IN")} {count === 1 ? "entry" : "entries"}
      </Text>
      <Text size="sm">
        Page Total:{" "}
        <Text span fw={600} inherit>
          {formatRupeeValue(pageTotal)}
        </Text>
      </Text>
      <Text size="sm">
        Grand Total:{" "}
        <Text span fw={600} inherit>
          {formatRupeeValue(total)}
        </Text>
      </Text>
    </Group>
  );
});
