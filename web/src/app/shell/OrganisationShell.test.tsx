import { notifications } from "@mantine/notifications";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { usePageAskedAbout } from "../../features/support/SupportPage.tsx";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderRoutes } from "../../test/render.tsx";
import { OrganisationYearRoutes } from "../route-guards.tsx";
import { currentYearOf } from "../routes.ts";
import type { Session } from "../session.tsx";
import { OrganisationShell } from "./OrganisationShell.tsx";

const ASHA = makeOrganisation({ _id: "org-1", name: "Asha Textiles", startingYear: "2023-24" });
const RAVI = makeOrganisation({ _id: "org-2", name: "Ravi Foods", role: "accountant" });
const CLOSED = makeOrganisation({ _id: "org-3", name: "Old Shop", active: false });
const SESSION: Session = { status: "signedIn", organisations: [ASHA, RAVI, CLOSED] };
const USER = {
  _id: "u-1",
  name: "Asha Verma",
  email: "asha@example.in",
  mobileNumber: "9876543210",
  userSupportId: "BH7K2M9QXR",
  emailVerified: true,
  mobileVerified: false,
  hasPassword: true,
};

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const path = String(input);
  if (path.startsWith("/api/user/")) return jsonResponse(200, { user: USER });
  if (path === "/api/auth/logout") return jsonResponse(200, { success: true });
  return jsonResponse(404, { message: "Not here." });
});

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
});

/** What the support screen would ask help for (decision 034). */
function AskedAbout() {
  return <p>Help asked for: {usePageAskedAbout() ?? "no page"}</p>;
}

function renderShell(at: string) {
  return renderRoutes(
    [
      {
        path: "/:organisationId/:year",
        element: <OrganisationYearRoutes />,
        children: [
          {
            element: <OrganisationShell />,
            children: [
              { path: "dashboard", element: <p>Dashboard page</p> },
              { path: "start", element: <p>Start screen</p> },
              { path: "settings/profile", element: <p>Profile page</p> },
              { path: "sales/edit/:id", element: <p>Edit page</p> },
              { path: "sales/list", element: <p>Sales list</p> },
              { path: "support-or-feedback", element: <AskedAbout /> },
            ],
          },
        ],
      },
      { path: "/signin", element: <p>Sign-in page</p> },
      { path: "/add-organisation", element: <p>Add organisation page</p> },
      { path: "/organisations", element: <p>Organisations page</p> },
    ],
    { at, session: SESSION },
  );
}

describe("organisation switcher (spec 2.7)", () => {
  test("shows the open organisation and lists the active ones, plus '+ Add New Organisation'", async () => {
    renderShell("/org-1/2024-25/dashboard");
    fireEvent.click(screen.getByRole("button", { name: "Organisation: Asha Textiles" }));
    expect(await screen.findByRole("menuitem", { name: "Asha Textiles" })).toBeTruthy();
    const menu = screen.getByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Ravi Foods" })).toBeTruthy();
    expect(within(menu).queryByRole("menuitem", { name: "Old Shop" })).toBeNull();
    expect(
      within(menu).getByRole("menuitem", { name: "+ Add New Organisation" }).getAttribute("href"),
    ).toBe("/add-organisation");
  });

  test("changing organisation opens its start page and says so", async () => {
    const show = vi.spyOn(notifications, "show");
    const { router } = renderShell("/org-1/2024-25/settings/profile");
    fireEvent.click(screen.getByRole("button", { name: "Organisation: Asha Textiles" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Ravi Foods" }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(`/org-2/${currentYearOf("2024-25")}/start`),
    );
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: "green", message: "Organisation changed to Ravi Foods" }),
    );
  });
});

describe("year switcher (spec 2.3)", () => {
  test("offers the starting year up to the current one", async () => {
    renderShell("/org-1/2024-25/dashboard");
    const select = screen.getByRole("combobox", { name: "Financial year" }) as HTMLInputElement;
    expect(select.value).toBe("2024-25");
    fireEvent.click(select);
    const options = (await screen.findAllByRole("option")).map((option) => option.textContent);
    expect(options[0]).toBe("2023-24");
    expect(options.at(-1)).toBe(currentYearOf("2023-24"));
  });

  test("an edit page falls back to its list under the new year, 100 ms later", async () => {
    const { router } = renderShell("/org-1/2024-25/sales/edit/inv-9");
    fireEvent.click(screen.getByRole("combobox", { name: "Financial year" }));
    const chosenAt = Date.now();
    fireEvent.click(await screen.findByRole("option", { name: "2023-24" }));
    expect(router.state.location.pathname).toBe("/org-1/2024-25/sales/edit/inv-9");
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe("/org-1/2023-24/sales/list"),
    );
    expect(Date.now() - chosenAt).toBeGreaterThanOrEqual(95);
  });

  test("any other page keeps its path", async () => {
    const { router } = renderShell("/org-1/2024-25/settings/profile");
    fireEvent.click(screen.getByRole("combobox", { name: "Financial year" }));
    fireEvent.click(await screen.findByRole("option", { name: "2023-24" }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe("/org-1/2023-24/settings/profile"),
    );
  });
});

describe("user menu (spec 2.7)", () => {
  test("support ID, Your Organisations, Profile and Sign out", async () => {
    renderShell("/org-1/2024-25/dashboard");
    fireEvent.click(await screen.findByRole("button", { name: "User menu" }));
    await screen.findByRole("menuitem", { name: "Sign out" });
    const menu = screen.getByRole("menu");
    const items = within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
    expect(items).toEqual(["Support ID: BH7K2M9QXR", "Your Organisations", "Profile", "Sign out"]);
    expect(within(menu).getByRole("menuitem", { name: "Profile" }).getAttribute("href")).toBe(
      "/org-1/2024-25/settings/profile",
    );
  });

  test("clicking the support ID copies it", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const show = vi.spyOn(notifications, "show");
    renderShell("/org-1/2024-25/dashboard");
    fireEvent.click(await screen.findByRole("button", { name: "User menu" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: /Support ID/ }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith("BH7K2M9QXR"));
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: "green", title: "Support ID copied" }),
      ),
    );
  });

  test("Sign out logs out, opens /signin and says so", async () => {
    const show = vi.spyOn(notifications, "show");
    const { router } = renderShell("/org-1/2024-25/dashboard");
    fireEvent.click(await screen.findByRole("button", { name: "User menu" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Sign out" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/signin"));
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/auth/logout",
      expect.objectContaining({ method: "POST", credentials: "include" }),
    );
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: "green",
        message: "You have been successfully logged out.",
      }),
    );
  });
});

describe("calculator button (spec 2.7, 9)", () => {
  test("the top bar's Calculator button opens the calculator, as Alt+K does", async () => {
    renderShell("/org-1/2024-25/dashboard");
    expect(screen.queryByRole("dialog", { name: "Calculator (Alt+K)" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Calculator (Alt+K)" }));
    expect(await screen.findByRole("dialog", { name: "Calculator (Alt+K)" })).toBeTruthy();
  });

  test("the sidebar's Support or feedback tells the support screen the page one was on", async () => {
    renderShell("/org-1/2024-25/sales/list");
    const [link] = await screen.findAllByRole("link", { name: "Support or feedback" });
    fireEvent.click(link as HTMLElement);
    expect(await screen.findByText("Help asked for: /org-1/2024-25/sales/list")).toBeTruthy();
  });
});
