import { Badge, CloseButton, Group, Text } from "@mantine/core";
import { memo } from "react";
import type { FilterChip } from "./filter-chips.ts";

/** spec 2.5: applied filters as removable chips under 'Applied Filters:'. */
export const FilterChips = memo(function FilterChips({
  chips,
  onRemove,
}: {
  chips: readonly FilterChip[];
  onRemove: (chip: FilterChip) => void;
}) {
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label="Applied Filters">
      <Text size="sm" fw={600}>
        Applied Filters:
      </Text>
      {chips.map((chip) => (
        <Badge
          key={chip.key}
          variant="light"
          size="lg"
          tt="none"
          fw={500}
          pr={2}
          rightSection={
            <CloseButton
              size="xs"
              variant="transparent"
              aria-label={`Remove filter ${chip.label}`}
              onClick={() => onRemove(chip)}
            />
          }
        >
          {chip.label}
        </Badge>
      ))}
    </Group>
  );
});
