import { matchRoutes } from "react-router";
import { describe, expect, test } from "vitest";
import { appRoutes } from "../router.tsx";
import {
  ALL_SCREENS,
  buildQuickCreateMenu,
  buildSidebarMenu,
  buildStartMenu,
  type MenuContext,
  type MenuEntry,
} from "./app-menu.ts";

// Issue 25: no menu entry anywhere leads to 'Page not found'. Every sidebar, start-menu and
// quick-create entry of an organisation with every flag on (inventory, GST regular, the owner's
// rights) must match a route of the app's router other than the catch-all.
const EVERYTHING: MenuContext = {
  organisationId: "0190aaaa-0000-7000-8000-000000000001",
  year: "2025-26",
  manageInventory: true,
  gstRegistered: true,
  gstRegType: "regular",
  gstFilingFrequency: "quarterly",
  role: "owner",
};

function pathsOf(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path ? [entry.path] : []),
    ...(entry.addPath ? [entry.addPath] : []),
    ...pathsOf(entry.children ?? []),
  ]);
}

function opensAScreen(path: string): boolean {
  const matches = matchRoutes(appRoutes, path) ?? [];
  const leaf = matches.at(-1)?.route;
  return leaf !== undefined && leaf.path !== "*";
}

describe("every menu entry opens a real screen", () => {
  const menus = {
    sidebar: buildSidebarMenu(EVERYTHING),
    start: buildStartMenu(EVERYTHING),
    quickCreate: buildQuickCreateMenu(EVERYTHING),
  };

  test.each(Object.entries(menus))("%s", (_name, menu) => {
    const paths = pathsOf(menu);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !opensAScreen(path))).toEqual([]);
  });

  test("every screen the spec's menus name is built: nothing is held back any more", () => {
    const full = [
      ...pathsOf(buildSidebarMenu(EVERYTHING, ALL_SCREENS)),
      ...pathsOf(buildStartMenu(EVERYTHING, ALL_SCREENS)),
    ];
    expect(full.filter((path) => !opensAScreen(path))).toEqual([]);
  });

  test("the walk can fail: a path without a screen is caught", () => {
    expect(opensAScreen(`/${EVERYTHING.organisationId}/2025-26/no-such-screen`)).toBe(false);
  });

  test("Update Logs is in the sidebar and opens its screen", () => {
    const updateLogs = menus.sidebar.find((entry) => entry.id === "update-logs");
    expect(updateLogs?.path).toBe(`/${EVERYTHING.organisationId}/2025-26/updatelogs`);
    expect(opensAScreen(updateLogs?.path ?? "")).toBe(true);
  });
});
