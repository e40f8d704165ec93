import { Badge, Button, Checkbox, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatDate, formatRupees } from "../../reports/report-format.ts";
import type { EInvoiceRow } from "../einvoice.api.ts";
import { ackLine, isSelectable, STATE_COLORS, STATE_LABELS } from "../einvoice.model.ts";

/** One document: its box (while it has no IRN), number (to the voucher), state, IRN or fixes. */
export function EInvoiceTableRow({
  row,
  path,
  selected,
  onSelect,
  onCancel,
}: {
  row: EInvoiceRow;
  /** The voucher's edit screen, or null for a type the registry does not know. */
  path: string | null;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onCancel: () => void;
}) {
  const ack = ackLine(row);
  return (
    <Table.Tr data-state={row.state}>
      <Table.Td>
        {isSelectable(row) && (
          <Checkbox
            aria-label={`Select ${row.number}`}
            checked={selected}
            onChange={(event) => onSelect(event.currentTarget.checked)}
          />
        )}
      </Table.Td>
      <Table.Td>{formatDate(row.date)}</Table.Td>
      <Table.Td>{path ? <Link to={path}>{row.number}</Link> : row.number}</Table.Td>
      <Table.Td>{row.docType}</Table.Td>
      <Table.Td>{row.partyName}</Table.Td>
      <Table.Td ta="right">{formatRupees(row.totalAmount)}</Table.Td>
      <Table.Td>
        <Badge color={STATE_COLORS[row.state]} variant="light">
          {STATE_LABELS[row.state]}
        </Badge>
      </Table.Td>
      <Table.Td maw={420}>
        {row.state === "notApplicable" ? (
          <Text size="xs" c="dimmed">
            {row.reason}
          </Text>
        ) : (
          <Stack gap={2}>
            <Text size="xs" ff="monospace" style={{ wordBreak: "break-all" }}>
              {row.irn}
            </Text>
            {ack && <Text size="xs">{ack}</Text>}
            {row.problems.map((problem) => (
              <Text key={problem} size="xs" c="red">
                {problem}
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
      <Table.Td>
        {row.state === "registered" && (
          <Button size="compact-xs" variant="subtle" color="red" onClick={onCancel}>
            Cancel IRN
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
