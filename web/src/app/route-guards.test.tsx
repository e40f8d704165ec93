import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { makeOrganisation } from "../test/fixtures.ts";
import { appRoutes } from "./router.tsx";
import { type Session, SessionStateProvider } from "./session.tsx";

const ORG = makeOrganisation();

function renderAt(path: string, session: Session) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <SessionStateProvider value={session}>
          <RouterProvider router={router} />
        </SessionStateProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith("/api/user/")
        ? new Response(JSON.stringify({ user: { _id: "u-1", name: "Asha", userSupportId: "BH1" } }))
        : new Response("{}", { status: 200 }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("route groups of spec 2.1–2.3", () => {
  test("signed out, / goes to /signin", async () => {
    const router = renderAt("/", { status: "signedOut", organisations: [] });
    expect(await screen.findByRole("heading", { name: "Sign in to Bahi" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/signin");
  });

  test("signed in without organisations, / goes to /add-organisation", () => {
    const router = renderAt("/", { status: "signedIn", organisations: [] });
    expect(router.state.location.pathname).toBe("/add-organisation");
  });

  test("signed in, / goes to the first organisation's dashboard", () => {
    const router = renderAt("/", { status: "signedIn", organisations: [ORG] });
    expect(router.state.location.pathname).toMatch(/^\/org-1\/20\d\d-\d\d\/dashboard$/);
  });

  test("a public-only page sends a signed-in user home", () => {
    const router = renderAt("/signin", { status: "signedIn", organisations: [] });
    expect(router.state.location.pathname).toBe("/add-organisation");
  });

  test("organisation routes need a session", () => {
    const router = renderAt("/org-1/2024-25/dashboard", { status: "signedOut", organisations: [] });
    expect(router.state.location.pathname).toBe("/signin");
  });

  test("another person's organisation id is not found", async () => {
    renderAt("/org-2/2024-25/dashboard", { status: "signedIn", organisations: [ORG] });
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });

  test("an unknown path shows the not-found page", async () => {
    renderAt("/what/is/this", { status: "signedOut", organisations: [] });
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });

  test("an ended session's guard keeps the forced sign-in page", () => {
    const router = renderAt("/org-1/2024-25/dashboard", {
      status: "signedOut",
      organisations: [],
      signInPath: "/signin?forceLogout=true",
    });
    expect(router.state.location.pathname).toBe("/signin");
    expect(router.state.location.search).toBe("?forceLogout=true");
  });

  test("an inactive organisation's pages stay closed", async () => {
    const inactive = makeOrganisation({ active: false });
    renderAt("/org-1/2024-25/dashboard", { status: "signedIn", organisations: [inactive] });
    expect(await screen.findByRole("heading", { name: "Sharma Traders is inactive" })).toBeTruthy();
  });

  test("with only inactive organisations, / goes to /organisations", () => {
    const inactive = makeOrganisation({ active: false });
    const router = renderAt("/", { status: "signedIn", organisations: [inactive] });
    expect(router.state.location.pathname).toBe("/organisations");
  });

  test("a year before the organisation's starting year is not found", async () => {
    renderAt("/org-1/2023-24/dashboard", { status: "signedIn", organisations: [ORG] });
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });

  test("the dashboard says which organisation and year are open", async () => {
    renderAt("/org-1/2024-25/dashboard", { status: "signedIn", organisations: [ORG] });
    expect(await screen.findByRole("heading", { level: 1, name: "Sharma Traders" })).toBeTruthy();
    expect(
      screen.getByText(/Financial year 2024-25 is open: 01-04-2024 to 31-03-2025/),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Users" })).toBeTruthy();
  });

  test.each([
    ["accountant", "settings/users"],
    ["viewer", "settings/organisation"],
  ] as const)("a %s is not offered %s, and opening it says so", async (role, page) => {
    const member = makeOrganisation({ role, isOwner: false });
    renderAt(`/org-1/2024-25/${page}`, { status: "signedIn", organisations: [member] });
    expect(await screen.findByRole("heading", { name: "No access" })).toBeTruthy();
  });

  test("an accountant's dashboard offers no user or organisation settings", async () => {
    const member = makeOrganisation({ role: "accountant", isOwner: false });
    renderAt("/org-1/2024-25/dashboard", { status: "signedIn", organisations: [member] });
    const nav = await screen.findByRole("navigation", { name: "Settings" });
    expect(nav.textContent).toBe("SettingsProfile");
  });
});
