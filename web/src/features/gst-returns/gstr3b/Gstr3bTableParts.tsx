import type { Gstr3bTable } from "@bahi/domain";
import { Anchor, Stack, Table, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { formatRupees } from "../../reports/report-format.ts";
import type { Gstr3bAmounts, Gstr3bPlaceRow } from "../gstr3b.api.ts";
import { figureCell, HEAD_LABELS, type Head, opensVouchers } from "../model/gstr3b.ts";

/** A table of the form, under its heading; the heading names the region. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={5}>{title}</Title>
      {children}
    </Stack>
  );
}

export function AmountsTable({ heads, children }: { heads: Head[]; children: ReactNode }) {
  return (
    <Table withTableBorder verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Nature of supplies</Table.Th>
          {heads.map((head) => (
            <Table.Th key={head} ta="right">
              {HEAD_LABELS[head]}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/** One row of a table: every figure the portal shows opens the vouchers behind it. */
export function FigureRow(props: {
  table: Gstr3bTable | "4C";
  title: string;
  amounts: Gstr3bAmounts | undefined;
  heads: Head[];
  allHeads: Head[];
  onOpen: ((table: Gstr3bTable) => void) | null;
}) {
  const { table, onOpen } = props;
  return (
    <Table.Tr data-table={table}>
      <Table.Td>{props.title}</Table.Td>
      {props.allHeads.map((head) => {
        const text = figureCell(props.amounts, head, props.heads);
        if (text === null) return <Table.Td key={head} bg="gray.1" />;
        return (
          <Table.Td key={head} ta="right">
            {onOpen && opensVouchers(table) ? (
              <Anchor
                component="button"
                aria-label={`${table} ${HEAD_LABELS[head]}`}
                onClick={() => onOpen(table)}
              >
                {text}
              </Anchor>
            ) : (
              text
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}

/** 3.2: a row a place of supply; a nature with none shows zero. */
export function PlaceRows(props: {
  table: Gstr3bTable;
  title: string;
  rows: Gstr3bPlaceRow[];
  onOpen: (table: Gstr3bTable) => void;
}) {
  if (props.rows.length === 0) {
    return (
      <Table.Tr>
        <Table.Td>{props.title}</Table.Td>
        <Table.Td />
        <Table.Td ta="right">{formatRupees(0)}</Table.Td>
        <Table.Td ta="right">{formatRupees(0)}</Table.Td>
      </Table.Tr>
    );
  }
  return props.rows.map((row, index) => (
    <Table.Tr key={`${props.table}-${row.pos}`} data-table={props.table}>
      <Table.Td>{index === 0 ? props.title : ""}</Table.Td>
      <Table.Td>{row.pos}</Table.Td>
      <Table.Td ta="right">
        <Anchor
          component="button"
          aria-label={`${props.table} ${row.pos} taxable value`}
          onClick={() => props.onOpen(props.table)}
        >
          {formatRupees(row.taxableValue)}
        </Anchor>
      </Table.Td>
      <Table.Td ta="right">{formatRupees(row.igst)}</Table.Td>
    </Table.Tr>
  ));
}
