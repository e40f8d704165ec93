import { RIGHT_ACTIONS, type TransactionRight } from "@bahi/domain";
import { Button, Checkbox, Group, Table, Text } from "@mantine/core";
import { labelRightSubject, RIGHT_ACTION_LABELS, setAllRights, setRight } from "./rights.ts";

/** Per-transaction rights: view, add, edit and delete for each type (spec 6 "rights list"). */
export function RightsGrid({
  rights,
  onChange,
}: {
  rights: TransactionRight[];
  onChange: (rights: TransactionRight[]) => void;
}) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Group justify="space-between" mb={4}>
        <Text component="legend" size="sm" fw={500}>
          Rights per transaction type
        </Text>
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onChange(setAllRights(rights, true))}
          >
            Select all
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onChange(setAllRights(rights, false))}
          >
            Clear all
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={420} mah={320}>
        <Table striped withTableBorder verticalSpacing={4} stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Transaction</Table.Th>
              {RIGHT_ACTIONS.map((action) => (
                <Table.Th key={action} ta="center">
                  {RIGHT_ACTION_LABELS[action]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rights.map((line) => {
              const label = labelRightSubject(line.transactionType);
              return (
                <Table.Tr key={line.transactionType}>
                  <Table.Td>{label}</Table.Td>
                  {RIGHT_ACTIONS.map((action) => (
                    <Table.Td key={action}>
                      <Checkbox
                        mx="auto"
                        w="fit-content"
                        aria-label={`${label}: ${RIGHT_ACTION_LABELS[action]}`}
                        checked={
                          // A right saved before send existed follows edit (decision 220).
                          action === "send" ? (line.send ?? line.edit) : line[action]
                        }
                        onChange={(event) =>
                          onChange(
                            setRight(
                              rights,
                              line.transactionType,
                              action,
                              event.currentTarget.checked,
                            ),
                          )
                        }
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </fieldset>
  );
}
