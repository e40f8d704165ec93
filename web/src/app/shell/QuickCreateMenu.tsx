import { Button, Menu } from "@mantine/core";
import { useMemo } from "react";
import { Link } from "react-router";
import { openAccountModal, openItemModal } from "../../components/inputs/master-modals.ts";
import { buildQuickCreateMenu, QUICK_CREATE_ACCOUNT, QUICK_CREATE_ITEM } from "./app-menu.ts";
import { useMenuContext } from "./use-menu-context.ts";

/** spec 2.7 '+ New': Account; Item only with inventory; every voucher type. */
export function QuickCreateMenu({ compact = false }: { compact?: boolean }) {
  const context = useMenuContext();
  const entries = useMemo(() => buildQuickCreateMenu(context), [context]);
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <Button size={compact ? "xs" : "sm"} variant="light">
          + New
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah="70vh" style={{ overflowY: "auto" }}>
        {entries.map((entry) => {
          if (entry.id === QUICK_CREATE_ACCOUNT) {
            return (
              <Menu.Item key={entry.id} onClick={() => openAccountModal({ mode: "add" })}>
                {entry.label}
              </Menu.Item>
            );
          }
          if (entry.id === QUICK_CREATE_ITEM) {
            return (
              <Menu.Item key={entry.id} onClick={() => openItemModal({ mode: "add" })}>
                {entry.label}
              </Menu.Item>
            );
          }
          return entry.path ? (
            <Menu.Item key={entry.id} component={Link} to={entry.path}>
              {entry.label}
            </Menu.Item>
          ) : null;
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
