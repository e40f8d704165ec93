import { Anchor, Table } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatCell } from "../report-format.ts";
import type { ReportColumn, ReportRow, TabularReportAnswer } from "../reports.api.ts";
import { FigureCell, FigureHeader } from "./cells.tsx";

export interface RowLinks {
  /** The ledger of a party (rows with accountId). */
  account: (accountId: string) => string;
  /** The item ledger (rows with itemId). */
  item: (itemId: string) => string;
  /** The voucher's edit screen (rows with voucherId), or null for an unknown type. */
  voucher: (voucherType: string | null, voucherId: string) => string | null;
}

const isFigure = (column: ReportColumn) => column.kind === "amount" || column.kind === "number";
const idOf = (row: ReportRow, key: string) =>
  typeof row[key] === "string" && row[key] !== "" ? (row[key] as string) : null;

/**
 * Where a cell leads (the rows carry ids for drill-down, docs/api/reports.md): the number to its
 * voucher, the party or payee to its ledger, the item to its item ledger.
 */
export function linkOfCell(
  column: ReportColumn,
  row: ReportRow,
  links: RowLinks,
  rowVoucherType: string | null,
): string | null {
  const voucherId = idOf(row, "voucherId");
  const accountId = idOf(row, "accountId");
  const itemId = idOf(row, "itemId");
  if (column.key === "number" && voucherId) {
    return links.voucher(idOf(row, "voucherType") ?? rowVoucherType, voucherId);
  }
  if ((column.key === "party" || column.key === "payee") && accountId) {
    return links.account(accountId);
  }
  if (column.key === "item" && itemId) return links.item(itemId);
  return null;
}

function rowKey(row: ReportRow, index: number): string {
  return [row.voucherId, row.accountId, row.itemId, row.date, row.period, row.month, index]
    .filter((part) => part !== undefined && part !== null)
    .join(":");
}

export interface TabularTableProps {
  title: string;
  answer: TabularReportAnswer;
  links: RowLinks;
  rowVoucherType: string | null;
}

/** A report's table exactly as its answer describes it, with a Total row from its totals. */
export function TabularTable({ title, answer, links, rowVoucherType }: TabularTableProps) {
  const { columns, rows, totals } = answer;
  const hasTotals = Object.keys(totals).length > 0;
  const firstFigure = columns.findIndex(isFigure);
  const labelSpan = firstFigure > 0 ? firstFigure : 1;
  const cell = (column: ReportColumn, row: ReportRow): ReactNode => {
    const text = formatCell(column.kind, row[column.key]);
    const to = linkOfCell(column, row, links, rowVoucherType);
    return to && text ? (
      <Anchor component={Link} to={to} fz="sm">
        {text}
      </Anchor>
    ) : (
      text
    );
  };
  return (
    <Table.ScrollContainer minWidth={Math.max(480, columns.length * 110)}>
      <Table aria-label={title} striped highlightOnHover verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              isFigure(column) ? (
                <FigureHeader key={column.key}>{column.label}</FigureHeader>
              ) : (
                <Table.Th key={column.key}>{column.label}</Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)}>
              {columns.map((column) =>
                isFigure(column) ? (
                  <FigureCell key={column.key}>{cell(column, row)}</FigureCell>
                ) : (
                  <Table.Td key={column.key} fz="sm">
                    {cell(column, row)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {hasTotals && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={labelSpan}>Total</Table.Th>
              {columns.slice(labelSpan).map((column) =>
                isFigure(column) ? (
                  <FigureHeader key={column.key} data-testid={`total-${column.key}`}>
                    {formatCell(column.kind, totals[column.key])}
                  </FigureHeader>
                ) : (
                  <Table.Th key={column.key} />
                ),
              )}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
