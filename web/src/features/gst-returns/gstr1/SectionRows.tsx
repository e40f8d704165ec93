import { Stack, Table, Text } from "@mantine/core";
import type { KeyboardEvent } from "react";
import { EmptyTableRow } from "../../reports/components/cells.tsx";
import { ReturnPagination } from "../frame/ReturnFrame.tsx";
import { focusSiblingRow } from "../frame/row-focus.ts";
import {
  type Column,
  opensVoucher,
  RETURN_PAGE_SIZE,
  rowKey,
  sectionTotalsText,
  showCell,
} from "../model/gstr1.ts";
import type { ReturnTransactions } from "../returns.api.ts";

type Row = Record<string, unknown>;

/**
 * A section's rows, its totals and pages. A row that is a voucher opens it on click or Enter;
 * Up and Down move between rows.
 */
export function SectionRows(props: {
  rows: ReturnTransactions;
  columns: Column[];
  page: number;
  onPage: (page: number) => void;
  onOpen: (row: Row) => void;
}) {
  const { rows, columns } = props;
  const onKey = (event: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    if (event.key === "Enter") props.onOpen(row);
    focusSiblingRow(event);
  };
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={900}>
        <Table aria-label={rows.title} verticalSpacing={4} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={column.kind ? "right" : "left"}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.transactions.length === 0 && (
              <EmptyTableRow columns={columns.length}>
                Nothing in this section for the period.
              </EmptyTableRow>
            )}
            {rows.transactions.map((row) => {
              const linked = opensVoucher(row);
              return (
                <Table.Tr
                  key={rowKey(row)}
                  tabIndex={0}
                  style={linked ? { cursor: "pointer" } : undefined}
                  onClick={() => linked && props.onOpen(row)}
                  onKeyDown={(event) => onKey(event, row)}
                >
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta={column.kind ? "right" : "left"}>
                      {showCell(column, row[column.key])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" fw={600} data-testid="section-totals">
        {sectionTotalsText(rows)}
      </Text>
      <ReturnPagination
        count={rows.count}
        pageSize={RETURN_PAGE_SIZE}
        page={props.page}
        onChange={props.onPage}
      />
    </Stack>
  );
}
