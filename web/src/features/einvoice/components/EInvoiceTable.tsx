import { Checkbox, Table } from "@mantine/core";
import { EmptyTableRow } from "../../reports/components/cells.tsx";
import type { EInvoiceRow } from "../einvoice.api.ts";
import { allSelected, selectableIds } from "../einvoice.model.ts";
import { EInvoiceTableRow } from "./EInvoiceTableRow.tsx";

/** "E-invoice documents": the period's sales invoices and credit notes with their e-invoice state. */
export function EInvoiceTable({
  documents,
  selected,
  onSelectedChange,
  onSelect,
  onCancel,
  voucherPath,
}: {
  documents: EInvoiceRow[];
  selected: string[];
  onSelectedChange: (entryIds: string[]) => void;
  onSelect: (entryId: string, on: boolean) => void;
  onCancel: (row: EInvoiceRow) => void;
  voucherPath: (voucherType: string, entryId: string) => string | null;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label="E-invoice documents" verticalSpacing={4} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox
                aria-label="Select all"
                checked={allSelected(documents, selected)}
                onChange={(event) =>
                  onSelectedChange(event.currentTarget.checked ? selectableIds(documents) : [])
                }
              />
            </Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Number</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Party</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>IRN / what to fix</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.length === 0 && (
            <EmptyTableRow columns={9}>
              No sales invoice or credit note in this period.
            </EmptyTableRow>
          )}
          {documents.map((row) => (
            <EInvoiceTableRow
              key={row.entryId}
              row={row}
              path={voucherPath(row.voucherType, row.entryId)}
              selected={selected.includes(row.entryId)}
              onSelect={(on) => onSelect(row.entryId, on)}
              onCancel={() => onCancel(row)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
