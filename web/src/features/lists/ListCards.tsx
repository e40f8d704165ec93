import { Checkbox, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { ListCell } from "./ListCell.tsx";
import { isClickOnControl } from "./ListGrid.tsx";
import type { ListRowsProps } from "./list-rows.ts";
import { RowActionsMenu } from "./RowActionsMenu.tsx";

/** The list on small screens: one card per entry (spec 2.5). */
export function ListCards(props: ListRowsProps) {
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label={props.title}
      m={0}
      p={0}
      style={{ listStyle: "none" }}
    >
      {props.records.map((record, index) => (
        <li key={record._id} aria-current={index === props.highlighted ? "true" : undefined}>
          <Paper
            withBorder
            p="sm"
            bg={index === props.highlighted ? "blue.0" : undefined}
            style={{ cursor: "pointer" }}
            onClick={(event) => {
              if (!isClickOnControl(event)) props.onOpen(index);
            }}
          >
            <Group justify="space-between" wrap="nowrap" mb={4}>
              <Group gap="xs" wrap="nowrap">
                {props.selectable && (
                  <Checkbox
                    aria-label={`Select ${props.rowLabel(record)}`}
                    checked={props.selected.has(record._id)}
                    onChange={() => props.onToggle(record._id)}
                  />
                )}
                <Text fw={600}>{props.rowLabel(record)}</Text>
              </Group>
              <RowActionsMenu
                label={props.rowLabel(record)}
                actions={props.rowActions}
                linkOf={(action) => props.linkOf(action, record)}
                onAction={(action) => props.onAction(action, record)}
              />
            </Group>
            <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
              {props.columns.flatMap((column) => [
                <Text key={`${column.key}-label`} size="xs" c="dimmed">
                  {column.label}
                </Text>,
                <div key={column.key}>
                  <ListCell column={column} record={record} context={props.cellContext} />
                </div>,
              ])}
            </SimpleGrid>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
