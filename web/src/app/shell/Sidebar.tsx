import { ActionIcon, AppShell, Group, NavLink, ScrollArea } from "@mantine/core";
import { useMemo, useState } from "react";
import { Link, useLocation } from "react-router";
import { buildSidebarMenu, type MenuEntry } from "./app-menu.ts";
import { useMenuContext } from "./use-menu-context.ts";

/**
 * spec 2.7: the desktop and mobile sidebars, nested menus with an add shortcut per voucher type.
 * Groups start closed, so their pages' links appear only when a group is opened.
 */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const context = useMenuContext();
  const entries = useMemo(() => buildSidebarMenu(context), [context]);
  return (
    <AppShell.Section grow component={ScrollArea} p="xs">
      <nav aria-label="Main menu">
        {entries.map((entry) => (
          <SidebarEntry key={entry.id} entry={entry} onNavigate={onNavigate} />
        ))}
      </nav>
    </AppShell.Section>
  );
}

interface EntryProps {
  entry: MenuEntry;
  onNavigate?: (() => void) | undefined;
}

/** A group opens and closes in place; a button, so that it is reached and named as one. */
function SidebarGroup({ entry, onNavigate }: EntryProps) {
  const [opened, setOpened] = useState(false);
  return (
    <NavLink
      component="button"
      type="button"
      label={entry.label}
      childrenOffset="sm"
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
    >
      {entry.children?.map((child) => (
        <SidebarEntry key={child.id} entry={child} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

function SidebarEntry({ entry, onNavigate }: EntryProps) {
  const { pathname } = useLocation();
  if (entry.children) return <SidebarGroup entry={entry} onNavigate={onNavigate} />;
  if (entry.disabledReason) {
    return <NavLink label={entry.label} description={entry.disabledReason} disabled />;
  }
  if (!entry.path) return null;
  const link = (
    <NavLink
      component={Link}
      to={entry.path}
      // The support screen offers help for the page the person was on (decision 034).
      state={{ from: pathname }}
      label={entry.label}
      active={pathname === entry.path}
      onClick={onNavigate}
      style={{ flex: 1 }}
    />
  );
  if (!entry.addPath) return link;
  return (
    <Group gap={0} wrap="nowrap">
      {link}
      <ActionIcon
        component={Link}
        to={entry.addPath}
        variant="subtle"
        size="sm"
        aria-label={`Add ${entry.label}`}
        onClick={onNavigate}
      >
        <span aria-hidden="true">+</span>
      </ActionIcon>
    </Group>
  );
}
