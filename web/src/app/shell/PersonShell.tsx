import { AppShell } from "@mantine/core";
import { Outlet } from "react-router";
import { TopBar } from "./TopBar.tsx";

/** Signed-in pages outside an organisation (/organisations, /add-organisation): no switchers (spec 2.2). */
export function PersonShell() {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
