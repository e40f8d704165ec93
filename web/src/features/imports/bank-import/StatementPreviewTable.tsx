import { formatDateDisplay } from "@bahi/domain";
import { Table } from "@mantine/core";
import type { CheckedStatement } from "../imports.api.ts";
import { amountColor, money } from "./bank-import.model.ts";

/** The first lines of a checked file, as they would be imported. */
export function StatementPreviewTable({ file }: { file: CheckedStatement }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={`Preview of ${file.fileName}`} verticalSpacing={2}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Narration</Table.Th>
            <Table.Th>Ref.</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(file.preview ?? []).map((line) => (
            <Table.Tr key={line.rowNumber}>
              <Table.Td>{line.rowNumber}</Table.Td>
              <Table.Td>{formatDateDisplay(line.date)}</Table.Td>
              <Table.Td>{line.narration}</Table.Td>
              <Table.Td>{line.reference}</Table.Td>
              <Table.Td ta="right" c={amountColor(line.amount)}>
                {money(line.amount)}
              </Table.Td>
              <Table.Td ta="right">{line.balance === null ? "" : money(line.balance)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
