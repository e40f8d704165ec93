import { Table, Text } from "@mantine/core";
import { EmptyTableRow } from "../../reports/components/cells.tsx";
import { formatDate, formatRupees } from "../../reports/report-format.ts";
import { ReturnPagination } from "../frame/ReturnFrame.tsx";
import type { Gstr3bDetailRow, Gstr3bDetails } from "../gstr3b.api.ts";
import {
  figureTotalsText,
  GSTR3B_PAGE_SIZE,
  voucherNumberText,
  voucherRowKey,
} from "../model/gstr3b.ts";
import { Section } from "./Gstr3bTableParts.tsx";

/** The vouchers behind the figure chosen: a row opens its voucher on click or Enter. */
export function FigureVouchers(props: {
  table: string;
  details: Gstr3bDetails;
  page: number;
  onPage: (page: number) => void;
  onOpen: (row: Gstr3bDetailRow) => void;
}) {
  const { table, details } = props;
  return (
    <Section title={`Vouchers behind ${table}: ${details.title}`}>
      <Table aria-label={`Vouchers of ${table}`} highlightOnHover verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Number</Table.Th>
            <Table.Th>Party</Table.Th>
            <Table.Th>GSTIN</Table.Th>
            <Table.Th>POS / supply</Table.Th>
            <Table.Th ta="right">Taxable</Table.Th>
            <Table.Th ta="right">IGST</Table.Th>
            <Table.Th ta="right">CGST</Table.Th>
            <Table.Th ta="right">SGST</Table.Th>
            <Table.Th ta="right">Cess</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {details.transactions.length === 0 && (
            <EmptyTableRow columns={10}>
              No vouchers behind this figure for the period.
            </EmptyTableRow>
          )}
          {details.transactions.map((row) => (
            <Table.Tr
              key={voucherRowKey(row)}
              tabIndex={0}
              style={{ cursor: "pointer" }}
              onClick={() => props.onOpen(row)}
              onKeyDown={(event) => {
                if (event.key === "Enter") props.onOpen(row);
              }}
            >
              <Table.Td>{formatDate(row.date)}</Table.Td>
              <Table.Td>{voucherNumberText(row)}</Table.Td>
              <Table.Td>{row.partyName}</Table.Td>
              <Table.Td>{row.gstin ?? ""}</Table.Td>
              <Table.Td>{row.key ?? ""}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.taxableValue)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.igst)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.cgst)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.sgst)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.cess)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" fw={600} data-testid="figure-totals">
        {figureTotalsText(details)}
      </Text>
      <ReturnPagination
        count={details.count}
        pageSize={GSTR3B_PAGE_SIZE}
        page={props.page}
        onChange={props.onPage}
      />
    </Section>
  );
}
