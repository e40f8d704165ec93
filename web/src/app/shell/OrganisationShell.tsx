import { AppShell, Group } from "@mantine/core";
import { Outlet } from "react-router";
import { OrganisationSwitcher } from "./OrganisationSwitcher.tsx";
import { TopBar } from "./TopBar.tsx";
import { useOrganisationScope } from "./use-current-scope.ts";
import { YearSwitcher } from "./YearSwitcher.tsx";

/** The frame of every /{organisationId}/{year}/ page; later issues add sidebars and search. */
export function OrganisationShell() {
  const { organisation, year } = useOrganisationScope();
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <TopBar
          switchers={
            <Group gap="xs" wrap="nowrap" miw={0}>
              <OrganisationSwitcher current={organisation} />
              <YearSwitcher organisation={organisation} year={year} />
            </Group>
          }
        />
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
