import { Badge, Button, Group, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import type { ImportRequest } from "../imports.api.ts";
import { importedOn, STATE_COLORS, STATE_LABELS, statementAction } from "./bank-import.model.ts";

/** The statements imported this year: file (to its review), account, day, lines, state. */
export function ImportedStatementsTable({
  requests,
  accountName,
  reviewPath,
  onDelete,
  onUndo,
}: {
  requests: ImportRequest[];
  accountName: (id: string | null) => string;
  reviewPath: (id: string) => string;
  onDelete: (id: string) => Promise<void>;
  onUndo: (id: string) => Promise<void>;
}) {
  if (requests.length === 0) {
    return <Text c="dimmed">No statements imported in this year yet.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="Imported statements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Bank account</Table.Th>
            <Table.Th>Imported</Table.Th>
            <Table.Th ta="right">Lines</Table.Th>
            <Table.Th ta="right">Saved</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request._id}>
              <Table.Td>
                <Link to={reviewPath(request._id)}>{request.fileName}</Link>
              </Table.Td>
              <Table.Td>{accountName(request.accountId)}</Table.Td>
              <Table.Td>{importedOn(request)}</Table.Td>
              <Table.Td ta="right">{request.lineCount}</Table.Td>
              <Table.Td ta="right">{request.savedCount}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLORS[request.state]} variant="light">
                  {STATE_LABELS[request.state]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end">
                  <Button
                    size="compact-sm"
                    variant="default"
                    component={Link}
                    to={reviewPath(request._id)}
                  >
                    Review
                  </Button>
                  {statementAction(request) === "undo" ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="orange"
                      onClick={() => void onUndo(request._id).catch(() => undefined)}
                    >
                      Undo
                    </Button>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      onClick={() => void onDelete(request._id).catch(() => undefined)}
                    >
                      Delete
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
