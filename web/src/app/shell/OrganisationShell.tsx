import { AppShell, Button, Group } from "@mantine/core";
import { useDisclosure, useHotkeys, useMediaQuery } from "@mantine/hooks";
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import {
  CALCULATOR_SHORTCUT,
  CalculatorPanel,
  openCalculator,
} from "../../features/calculator/CalculatorPanel.tsx";
import { ChangeFeedProvider } from "../../features/change-feed/ChangeFeedProvider.tsx";
import { PageRefreshBanner } from "../../features/change-feed/PageRefreshBanner.tsx";
import { MastersModalHost } from "../../features/masters/MastersModalHost.tsx";
import { RecentTransactionsModal } from "../../features/recent/RecentTransactionsModal.tsx";
import { GlobalSearch } from "../../features/search/GlobalSearch.tsx";
import { ErrorBoundary } from "../error-screen/ErrorBoundary.tsx";
import { MobileBar } from "./MobileBar.tsx";
import { OrganisationSwitcher } from "./OrganisationSwitcher.tsx";
import { installOverlayTracker, isOverlayOpen } from "./overlay-state.ts";
import { QuickCreateMenu } from "./QuickCreateMenu.tsx";
import { Sidebar } from "./Sidebar.tsx";
import { TopBar } from "./TopBar.tsx";
import { useOrganisationScope } from "./use-current-scope.ts";
import { YearSwitcher } from "./YearSwitcher.tsx";

/** Below Mantine's sm breakpoint the shell turns mobile (spec 2.7 mobile bar and sidebar). */
export const MOBILE_QUERY = "(max-width: 48em)";

/**
 * The frame of every /{organisationId}/{year}/ page (spec 2.7): the top bar (or the mobile bar),
 * the sidebar, the Page Refresh Required banner, the error screen around the page and the
 * recent-transactions modal on Ctrl+T / Meta+T.
 */
export function OrganisationShell() {
  const { organisation, year } = useOrganisationScope();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [menuShow, menu] = useDisclosure(false);
  const [recentOpened, recent] = useDisclosure(false);
  const { pathname } = useLocation();

  useEffect(() => installOverlayTracker(), []);
  // The mobile sidebar closes once a page is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => menu.close(), [pathname]);
  // spec 2.7: 'Last 10 Transactions' on Ctrl+T or Meta+T, from anywhere, also while typing.
  const openRecent = (event: KeyboardEvent) => {
    if (!isOverlayOpen()) recent.open();
    else event.preventDefault();
  };
  useHotkeys(
    [
      ["ctrl+T", openRecent],
      ["meta+T", openRecent],
    ],
    [],
  );

  return (
    <ChangeFeedProvider organisationId={organisation._id}>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 250, breakpoint: "sm", collapsed: { mobile: !menuShow } }}
        padding="md"
      >
        <AppShell.Header>
          {mobile ? (
            <MobileBar menuOpened={menuShow} onMenu={menu.toggle} />
          ) : (
            <TopBar
              switchers={
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <OrganisationSwitcher current={organisation} />
                  <YearSwitcher organisation={organisation} year={year} />
                </Group>
              }
              tools={
                <>
                  <GlobalSearch />
                  <Button variant="default" onClick={recent.open} title="Ctrl+T">
                    Last 10 Transactions
                  </Button>
                  <Button
                    variant="default"
                    onClick={openCalculator}
                    title={CALCULATOR_SHORTCUT}
                    aria-label={`Calculator (${CALCULATOR_SHORTCUT})`}
                  >
                    Calculator
                  </Button>
                  <QuickCreateMenu />
                </>
              }
            />
          )}
        </AppShell.Header>
        <AppShell.Navbar>
          <Sidebar onNavigate={menu.close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <PageRefreshBanner />
          <ErrorBoundary resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
          <MastersModalHost />
          <CalculatorPanel />
        </AppShell.Main>
        <RecentTransactionsModal opened={recentOpened} onClose={recent.close} />
      </AppShell>
    </ChangeFeedProvider>
  );
}
