import { ActionIcon, Badge, Menu, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** The name in bold with its description, cut to one line, beneath. */
export function NameWithDescription({
  name,
  description,
}: {
  name: string;
  description: string | null | undefined;
}) {
  return (
    <>
      <Text fw={500}>{name}</Text>
      {description && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {description}
        </Text>
      )}
    </>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? "green" : "gray"} variant="light">
      {active ? "Active" : "Inactive"}
    </Badge>
  );
}

/** The ⋮ menu of a row: Edit, what the list adds, then Make Active/Inactive and Delete. */
export function MasterRowMenu({
  name,
  active,
  onEdit,
  onToggleActive,
  onDelete,
  locked = false,
  children,
}: {
  name: string;
  active: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
  /** A record of the books themselves: neither switched off nor deleted. */
  locked?: boolean;
  children?: ReactNode;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          ⋮
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onEdit}>Edit</Menu.Item>
        {children}
        {!locked && (
          <>
            <Menu.Item onClick={onToggleActive}>
              {active ? "Make Inactive" : "Make Active"}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" onClick={onDelete}>
              Delete
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
