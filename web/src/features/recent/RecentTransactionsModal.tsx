import { Center, Loader, Modal, Table, Text } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { type ReactNode, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { useLastTenTransactions } from "./recent.api.ts";
import { describeRecentRows, moveHighlight } from "./recent-rows.ts";

export const RECENT_TITLE = "Showing Last 10 Transactions Added or Edited";

/** spec 2.7: the last 10 transactions added or edited; Up, Down and Enter; Esc closes. */
export function RecentTransactionsModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={RECENT_TITLE} size="xl">
      {opened && <RecentTransactionsTable onClose={onClose} />}
    </Modal>
  );
}

function RecentTransactionsTable({ onClose }: { onClose: () => void }) {
  const { organisation, year } = useOrganisationScope();
  const navigate = useNavigate();
  const query = useLastTenTransactions(organisation._id, year, true);
  const rows = describeRecentRows(query.data ?? [], { organisationId: organisation._id, year });
  const [highlighted, setHighlighted] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows are the trigger
  useEffect(() => setHighlighted(0), [query.data]);

  // Up, Down and Enter act wherever focus is in the dialog; Enter never presses its close button.
  useWindowEvent("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setHighlighted((index) =>
        moveHighlight(index, event.key === "ArrowDown" ? 1 : -1, rows.length),
      );
    } else if (event.key === "Enter") {
      event.preventDefault();
      open(highlighted);
    }
  });

  const open = (index: number) => {
    const path = rows[index]?.path;
    if (!path) return;
    onClose();
    void navigate(path);
  };

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <Center py="xl" aria-busy="true">
        <Loader size="sm" mr="sm" />
        <Text>Loading Data...</Text>
      </Center>
    );
  } else if (rows.length === 0) {
    content = (
      <Center py="xl">
        <Text c="dimmed">No Entries</Text>
      </Center>
    );
  } else {
    content = (
      <Table highlightOnHover aria-label="Last 10 transactions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Add/Edit Date</Table.Th>
            <Table.Th>Add/Edit</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr
              key={row.id}
              aria-current={index === highlighted ? "true" : undefined}
              onClick={() => open(index)}
              style={{ cursor: "pointer" }}
              bg={index === highlighted ? "blue.0" : undefined}
            >
              <Table.Td>{row.date}</Table.Td>
              <Table.Td>{row.type}</Table.Td>
              <Table.Td ta="right">{row.amount}</Table.Td>
              <Table.Td>{row.addEditDate}</Table.Td>
              <Table.Td>{row.addOrEdit}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return content;
}
