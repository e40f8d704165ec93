import { Stack, Table, Text, TextInput } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { ReturnBody, ReturnPagination } from "../../gst-returns/frame/ReturnFrame.tsx";
import { focusSiblingRow } from "../../gst-returns/frame/row-focus.ts";
import { EmptyTableRow } from "../../reports/components/cells.tsx";
import { formatDate, formatRupees } from "../../reports/report-format.ts";
import type { PurchaseRegister, RegisterRow } from "../gstr2.api.ts";
import { REGISTER_PAGE_SIZE } from "../model/gstr2-view.ts";
import { registerTotalsText } from "../model/reconciliation.ts";

/** The Purchase Register tab: the period's bills and debit notes, searchable, with ITC totals. */
export function RegisterTab(props: {
  register: UseQueryResult<PurchaseRegister>;
  search: string;
  onSearch: (text: string) => void;
  page: number;
  onPage: (page: number) => void;
  onOpen: (row: RegisterRow) => void;
}) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Search"
        placeholder="Bill number, supplier or GSTIN"
        value={props.search}
        onChange={(event) => props.onSearch(event.currentTarget.value)}
        w={360}
      />
      <ReturnBody query={props.register}>
        {(data) => (
          <Stack gap="xs">
            <RegisterTable rows={data.transactions} onOpen={props.onOpen} />
            <Text size="sm" fw={600} data-testid="register-totals">
              {registerTotalsText(data)}
            </Text>
            <ReturnPagination
              count={data.count}
              pageSize={REGISTER_PAGE_SIZE}
              page={props.page}
              onChange={props.onPage}
            />
          </Stack>
        )}
      </ReturnBody>
    </Stack>
  );
}

/** A row opens its bill on click or Enter; Up and Down move between rows. */
function RegisterTable({
  rows,
  onOpen,
}: {
  rows: RegisterRow[];
  onOpen: (row: RegisterRow) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table aria-label="Purchase register" verticalSpacing={4} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Bill No.</Table.Th>
            <Table.Th>Supplier</Table.Th>
            <Table.Th>GSTIN</Table.Th>
            <Table.Th>POS</Table.Th>
            <Table.Th>RCM</Table.Th>
            <Table.Th ta="right">Taxable</Table.Th>
            <Table.Th ta="right">IGST</Table.Th>
            <Table.Th ta="right">CGST</Table.Th>
            <Table.Th ta="right">SGST</Table.Th>
            <Table.Th ta="right">Cess</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th>ITC</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <EmptyTableRow columns={13}>
              No purchase bills or debit notes in the period.
            </EmptyTableRow>
          )}
          {rows.map((row) => (
            <Table.Tr
              key={row.entryId}
              tabIndex={0}
              style={{ cursor: "pointer" }}
              onClick={() => onOpen(row)}
              onKeyDown={(event) => {
                if (event.key === "Enter") onOpen(row);
                focusSiblingRow(event);
              }}
            >
              <Table.Td>{formatDate(row.date)}</Table.Td>
              <Table.Td>
                {row.number}
                {row.side === "credit" ? " (debit note)" : ""}
              </Table.Td>
              <Table.Td>{row.supplierName}</Table.Td>
              <Table.Td>{row.gstin ?? ""}</Table.Td>
              <Table.Td>{row.pos ?? ""}</Table.Td>
              <Table.Td>{row.reverseCharge ? "Yes" : ""}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.taxableValue)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.igst)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.cgst)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.sgst)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.cess)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.value)}</Table.Td>
              <Table.Td>{row.itcEligibilityTitle}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
