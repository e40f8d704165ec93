import { Badge, Checkbox, Table } from "@mantine/core";
import type { ListRecord } from "../../lists/lists.api.ts";
import type { BulkResult } from "../sending.api.ts";
import { allChosen, resultBadge, rowCells } from "./multiple-docs.model.ts";

/** The party's documents, each to choose, with its result once sent. */
export function DocumentsTable({
  rows,
  chosen,
  results,
  onToggle,
  onChooseAll,
}: {
  rows: ListRecord[];
  chosen: ReadonlySet<string>;
  results: BulkResult[] | null;
  onToggle: (id: string, on: boolean) => void;
  onChooseAll: (on: boolean) => void;
}) {
  const resultOf = new Map((results ?? []).map((result) => [result.entryId, result]));
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Checkbox
              aria-label="Choose all"
              checked={allChosen(rows, chosen)}
              onChange={(event) => onChooseAll(event.currentTarget.checked)}
            />
          </Table.Th>
          <Table.Th>Number</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th style={{ textAlign: "right" }}>Amount</Table.Th>
          <Table.Th>Result</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const result = resultOf.get(row._id);
          const badge = result ? resultBadge(result) : null;
          const cells = rowCells(row);
          return (
            <Table.Tr key={row._id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Choose ${row.number ?? ""}`}
                  checked={chosen.has(row._id)}
                  onChange={(event) => onToggle(row._id, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>{row.number}</Table.Td>
              <Table.Td>{cells.date}</Table.Td>
              <Table.Td style={{ textAlign: "right" }}>{cells.amount}</Table.Td>
              <Table.Td>
                {result && badge && (
                  <Badge color={badge.color} variant="light" title={result.message}>
                    {badge.text}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
