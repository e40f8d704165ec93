import type { RowAction } from "@bahi/domain";
import { ActionIcon, Menu } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { Fragment, useState } from "react";
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

interface RowActionsMenuProps {
  /** What the row is, for the button's name: 'Sales Invoice 12'. */
  label: string;
  actions: readonly RowAction[];
  /** The path of a link action, or null to run it through onAction. */
  linkOf: (action: RowAction) => string | null;
  onAction: (action: RowAction) => void;
}

/**
 * A row's actions: links navigate, actions run; destructive ones in red, below a separator.
 * Esc closes, Enter picks, Up and Down move (Mantine's menu keyboard). Until the pointer or the
 * keyboard first reaches the button, only the button is drawn: ten menus on every page change
 * would cost more than the rows themselves. The first hover or click opens the menu itself, so
 * a click landing while the button is swapped for the menu's is never lost.
 *
 * A menu closed with Esc stays closed while the pointer rests on its button: hover opens it again
 * only after the pointer has left. Without this, the pointer entering the button drawn in place
 * of the first one (Chromium reports it after the next layout, so possibly after the Esc) or the
 * slightest movement reopened the menu the person had just closed.
 */
export function RowActionsMenu(props: RowActionsMenuProps) {
  const [armed, setArmed] = useState(false);
  const [opened, setOpened] = useState(false);
  // A click (or Enter) on the first button opens the menu; the new button takes its focus.
  const [clicked, setClicked] = useState(false);
  const [closedByEscape, setClosedByEscape] = useState(false);
  const name = `Actions for ${props.label}`;
  // spec 2.5: Esc closes the menu, also one opened by hover while focus is elsewhere.
  useWindowEvent("keydown", (event) => {
    if (opened && event.key === "Escape") {
      setOpened(false);
      setClosedByEscape(true);
    }
  });
  if (!armed) {
    return (
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={name}
        aria-haspopup="menu"
        onMouseEnter={() => {
          // spec 2.5: hover opens the menu.
          setArmed(true);
          setOpened(true);
        }}
        onClick={() => {
          setArmed(true);
          setClicked(true);
          setOpened(true);
        }}
      >
        <DotsIcon />
      </ActionIcon>
    );
  }
  const { actions, linkOf, onAction } = props;
  return (
    <Menu
      trigger="click-hover"
      openDelay={0}
      closeDelay={ROW_MENU_CLOSE_DELAY_MS}
      opened={opened}
      onChange={(next) => {
        if (!next || !closedByEscape) setOpened(next);
      }}
      position="bottom-end"
      shadow="md"
      width={200}
      withinPortal
    >
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={name}
          autoFocus={clicked}
          onMouseLeave={() => setClosedByEscape(false)}
          onClick={() => {
            setClosedByEscape(false);
            setOpened(true);
          }}
        >
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const to = action.kind === "link" ? linkOf(action) : null;
          const colour = action.destructive ? "red" : undefined;
          const item = to ? (
            <Menu.Item component={Link} to={to} color={colour}>
              {action.label}
            </Menu.Item>
          ) : (
            <Menu.Item color={colour} onClick={() => onAction(action)}>
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
