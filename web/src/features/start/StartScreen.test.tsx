import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { makeOrganisation } from "../../test/fixtures.ts";
import { renderRoutes } from "../../test/render.tsx";
import { StartScreen } from "./StartScreen.tsx";

const ORGANISATION = makeOrganisation({ _id: "org-1", startingYear: "2024-25" });

function renderStart() {
  return renderRoutes(
    [
      { path: "/:organisationId/:year/start", element: <StartScreen /> },
      { path: "*", element: <p>Elsewhere</p> },
    ],
    { at: "/org-1/2024-25/start", session: { status: "signedIn", organisations: [ORGANISATION] } },
  );
}

const press = (key: string, code = key) => fireEvent.keyDown(document.body, { key, code });
const current = () =>
  screen
    .getByRole("navigation", { name: "Start menu" })
    .querySelector('[aria-current="true"]')
    ?.firstChild?.textContent?.replace(" ›", "");

afterEach(() => {
  sessionStorage.clear();
  document.body.innerHTML = "";
});

describe("StartScreen (spec 2.4)", () => {
  test("the title and the highlighted first entry", () => {
    renderStart();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Bahi Start Screen");
    expect(document.title).toBe("Bahi Start Screen");
    expect(current()).toBe("Dashboard");
  });

  test("Down, Enter into a submenu, a letter to a leaf's route", () => {
    const { router } = renderStart();
    press("ArrowDown");
    press("ArrowDown");
    expect(current()).toBe("Entries List");
    press("Enter");
    expect(current()).toBe("Sales Invoice");
    press("p", "KeyP");
    expect(router.state.location.pathname).toBe("/org-1/2024-25/purchases/list");
  });

  test("remembers where it was for the next visit", () => {
    const first = renderStart();
    press("n", "KeyN");
    press("ArrowDown");
    first.unmount();
    renderStart();
    expect(current()).toBe("Purchase");
  });

  test("does nothing while a modal is open", () => {
    renderStart();
    const modal = document.createElement("div");
    modal.setAttribute("role", "dialog");
    document.body.append(modal);
    press("ArrowDown");
    press("e", "KeyE");
    expect(current()).toBe("Dashboard");
    modal.remove();
    press("ArrowDown");
    expect(current()).toBe("New Entry");
  });
});
