import { ActionIcon, Anchor, Burger, Drawer, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { Link } from "react-router";
import { UserIcon } from "../../components/icons.tsx";
import { GlobalSearch } from "../../features/search/GlobalSearch.tsx";
import { OrganisationSwitcher } from "./OrganisationSwitcher.tsx";
import { QuickCreateMenu } from "./QuickCreateMenu.tsx";
import { UserMenu } from "./UserMenu.tsx";
import { useOrganisationScope } from "./use-current-scope.ts";
import { YearSwitcher } from "./YearSwitcher.tsx";

function SearchIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

/** spec 2.7 mobile bar: menu button, search toggle and a user menu holding the pickers. */
export function MobileBar({ menuOpened, onMenu }: { menuOpened: boolean; onMenu: () => void }) {
  const { organisation, year } = useOrganisationScope();
  const [searching, setSearching] = useState(false);
  const [userOpened, user] = useDisclosure(false);
  return (
    <Group h="100%" px="sm" gap="xs" wrap="nowrap" justify="space-between">
      <Burger
        opened={menuOpened}
        onClick={onMenu}
        size="sm"
        aria-label={menuOpened ? "Close menu" : "Open menu"}
      />
      {searching ? (
        <div style={{ flex: 1 }}>
          <GlobalSearch autoFocus />
        </div>
      ) : (
        <Anchor component={Link} to="/" fw={700} underline="never" style={{ flex: 1 }}>
          Bahi
        </Anchor>
      )}
      <ActionIcon
        variant={searching ? "filled" : "subtle"}
        aria-label={searching ? "Close search" : "Search"}
        aria-pressed={searching}
        onClick={() => setSearching((open) => !open)}
      >
        <SearchIcon />
      </ActionIcon>
      <QuickCreateMenu compact />
      <ActionIcon variant="subtle" aria-label="User menu" onClick={user.open}>
        <UserIcon />
      </ActionIcon>
      <Drawer
        opened={userOpened}
        onClose={user.close}
        position="right"
        title="Your account"
        size="xs"
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Organisation and year
          </Text>
          <OrganisationSwitcher current={organisation} />
          <YearSwitcher organisation={organisation} year={year} />
          <UserMenu />
        </Stack>
      </Drawer>
    </Group>
  );
}
