import { Anchor, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { UserMenu } from "./UserMenu.tsx";

/**
 * spec 2.7 desktop top bar: the product name, the switchers and tools when given (search, Last 10
 * Transactions, '+ New'), and the user menu.
 */
export function TopBar({ switchers, tools }: { switchers?: ReactNode; tools?: ReactNode }) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Anchor component={Link} to="/" fw={700} fz="lg" underline="never">
          Bahi
        </Anchor>
        {switchers}
      </Group>
      <Group gap="sm" wrap="nowrap">
        {tools}
        <UserMenu />
      </Group>
    </Group>
  );
}
