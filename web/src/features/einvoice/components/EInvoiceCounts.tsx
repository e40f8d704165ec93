import type { EInvoiceState } from "@bahi/domain";
import { Badge, Group } from "@mantine/core";
import { COUNT_ORDER, STATE_COLORS, STATE_LABELS } from "../einvoice.model.ts";

/** How many of the period's documents are in each state. */
export function EInvoiceCounts({ counts }: { counts: Record<EInvoiceState, number> }) {
  return (
    <Group gap="xs" aria-label="Counts">
      {COUNT_ORDER.map((state) => (
        <Badge key={state} color={STATE_COLORS[state]} variant="light">
          {STATE_LABELS[state]}: {counts[state]}
        </Badge>
      ))}
    </Group>
  );
}
