import { Badge, Button, Group, Table, Text } from "@mantine/core";
import type { KeyboardEvent } from "react";
import { EmptyTableRow } from "../../reports/components/cells.tsx";
import { formatRupees } from "../../reports/report-format.ts";
import type { ReconciliationRow } from "../gstr2.api.ts";
import {
  canAccept,
  canUnlink,
  imsText,
  linkLabel,
  loneSide,
  reconKeyAction,
  STATUS_COLOURS,
  samePair,
  sideText,
  suggestionText,
  taxOf,
} from "../model/reconciliation.ts";

export interface ReconciliationHandlers {
  picked: ReconciliationRow | null;
  onAct: (row: ReconciliationRow, action: "accept" | "unlink") => void;
  onPickOrLink: (row: ReconciliationRow) => void;
  onCancelPick: () => void;
  onOpenBill: (row: ReconciliationRow) => void;
}

/** The bills and 2B documents side by side, driven from the keyboard (reconKeyAction). */
export function ReconciliationTable(props: { rows: ReconciliationRow[] } & ReconciliationHandlers) {
  const onKey = (event: KeyboardEvent<HTMLTableRowElement>, row: ReconciliationRow) => {
    const action = reconKeyAction(event.key, row);
    if (action === "next" || action === "previous") {
      event.preventDefault();
      const target = event.currentTarget;
      const next = action === "next" ? target.nextElementSibling : target.previousElementSibling;
      (next as HTMLElement | null)?.focus();
    } else if (action === "accept" || action === "unlink") props.onAct(row, action);
    else if (action === "link") props.onPickOrLink(row);
    else if (action === "cancel") props.onCancelPick();
    else if (action === "open") props.onOpenBill(row);
  };
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table aria-label="Reconciliation" verticalSpacing={4} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Th>Supplier</Table.Th>
            <Table.Th>GSTIN</Table.Th>
            <Table.Th>Bill (books)</Table.Th>
            <Table.Th>Document (2B)</Table.Th>
            <Table.Th ta="right">Tax (books)</Table.Th>
            <Table.Th ta="right">Tax (2B)</Table.Th>
            <Table.Th>Differences</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.length === 0 && (
            <EmptyTableRow columns={9}>Nothing to show for the period and filters.</EmptyTableRow>
          )}
          {props.rows.map((row) => {
            const isPicked = samePair(props.picked, row);
            return (
              <Table.Tr
                key={`${row.documentId ?? ""}|${row.entryId ?? ""}`}
                tabIndex={0}
                data-status={row.status}
                aria-selected={isPicked}
                bg={isPicked ? "blue.0" : undefined}
                onKeyDown={(event) => onKey(event, row)}
              >
                <Table.Td>
                  <Badge color={STATUS_COLOURS[row.status]} variant="light">
                    {row.statusTitle}
                  </Badge>
                  {suggestionText(row) && (
                    <Text size="xs" c="dimmed">
                      {suggestionText(row)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{row.supplierName}</Table.Td>
                <Table.Td>{row.supplierGstin ?? "Customs (import)"}</Table.Td>
                <Table.Td>{sideText(row.bill)}</Table.Td>
                <Table.Td>
                  {sideText(row.document)}
                  {row.document?.itcAvailable === "N" && (
                    <Badge ml={4} size="xs" color="red" variant="outline">
                      ITC not available
                    </Badge>
                  )}
                  {row.document?.imsAction && (
                    <Badge ml={4} size="xs" color="gray" variant="outline">
                      {imsText(row.document.imsAction)}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{row.bill ? formatRupees(taxOf(row.bill) ?? 0) : ""}</Table.Td>
                <Table.Td ta="right">
                  {row.document ? formatRupees(taxOf(row.document) ?? 0) : ""}
                </Table.Td>
                <Table.Td>{row.differencesText}</Table.Td>
                <Table.Td>
                  <RowActions row={row} {...props} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Accept, Unlink and Link (or Link here), each where the row allows it. */
function RowActions({
  row,
  picked,
  onAct,
  onPickOrLink,
}: { row: ReconciliationRow } & ReconciliationHandlers) {
  return (
    <Group gap={4} wrap="nowrap">
      {canAccept(row) && (
        <Button size="compact-xs" onClick={() => onAct(row, "accept")}>
          Accept
        </Button>
      )}
      {canUnlink(row) && (
        <Button size="compact-xs" variant="default" onClick={() => onAct(row, "unlink")}>
          Unlink
        </Button>
      )}
      {loneSide(row) && (
        <Button size="compact-xs" variant="default" onClick={() => onPickOrLink(row)}>
          {linkLabel(picked, row)}
        </Button>
      )}
    </Group>
  );
}
