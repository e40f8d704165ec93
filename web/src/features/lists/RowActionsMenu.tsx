import type { RowAction } from "@bahi/domain";
import { ActionIcon, Menu } from "@mantine/core";
import { Fragment } from "react";
import { Link } from "react-router";

/** spec 2.5: the row menu opens on hover and closes 50 ms after the pointer leaves. */
export const ROW_MENU_CLOSE_DELAY_MS = 50;

function DotsIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="5" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="12" cy="19" r="2" />
    </svg>
  );
}

/**
 * A row's actions: links navigate, actions run; destructive ones in red, below a separator.
 * Esc closes, Enter picks, Up and Down move (Mantine's menu keyboard).
 */
export function RowActionsMenu({
  label,
  actions,
  linkOf,
  onAction,
}: {
  /** What the row is, for the button's name: 'Sales Invoice 12'. */
  label: string;
  actions: readonly RowAction[];
  /** The path of a link action, or null to run it through onAction. */
  linkOf: (action: RowAction) => string | null;
  onAction: (action: RowAction) => void;
}) {
  return (
    <Menu
      trigger="click-hover"
      openDelay={0}
      closeDelay={ROW_MENU_CLOSE_DELAY_MS}
      position="bottom-end"
      shadow="md"
      width={200}
      withinPortal
    >
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${label}`}
          onClick={(event) => event.stopPropagation()}
        >
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {actions.map((action) => {
          const to = action.kind === "link" ? linkOf(action) : null;
          const item = to ? (
            <Menu.Item component={Link} to={to} color={action.destructive ? "red" : undefined}>
              {action.label}
            </Menu.Item>
          ) : (
            <Menu.Item
              color={action.destructive ? "red" : undefined}
              onClick={() => onAction(action)}
            >
              {action.label}
            </Menu.Item>
          );
          return (
            <Fragment key={action.id}>
              {action.separatedAbove && <Menu.Divider />}
              {item}
            </Fragment>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
