import { buildRowAction } from "@bahi/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderPage } from "../../test/render.tsx";
import { RowActionsMenu } from "./RowActionsMenu.tsx";

const actions = [
  buildRowAction("edit"),
  buildRowAction("delete", { kind: "action", destructive: true, separatedAbove: true }),
];

function renderMenu() {
  renderPage(
    <RowActionsMenu
      label="Sales Invoice 12"
      actions={actions}
      linkOf={(action) => (action.kind === "link" ? `/${action.id}` : null)}
      onAction={() => {}}
    />,
  );
  return () => screen.getByRole("button", { name: "Actions for Sales Invoice 12" });
}

const menuShown = () => waitFor(() => expect(screen.queryByRole("menu")).not.toBeNull());
const menuGone = () => waitFor(() => expect(screen.queryByRole("menu")).toBeNull());

describe("RowActionsMenu (spec 2.5)", () => {
  test("hover opens it with the row's actions", async () => {
    const button = renderMenu();
    fireEvent.mouseEnter(button());
    await menuShown();
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Edit",
      "Delete",
    ]);
  });

  test("closed with Esc, it stays closed while the pointer stays on the button", async () => {
    const button = renderMenu();
    fireEvent.mouseEnter(button());
    await menuShown();
    fireEvent.keyDown(window, { key: "Escape" });
    await menuGone();
    // The pointer is still over the button: entering it again (a redrawn button) or moving on it.
    fireEvent.mouseEnter(button());
    fireEvent.mouseMove(button());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole("menu")).toBeNull();
    // Leaving and coming back opens it again.
    fireEvent.mouseLeave(button());
    fireEvent.mouseEnter(button());
    await menuShown();
  });

  test("a click opens it again after Esc, without leaving the button", async () => {
    const button = renderMenu();
    fireEvent.click(button());
    await menuShown();
    fireEvent.keyDown(window, { key: "Escape" });
    await menuGone();
    fireEvent.click(button());
    await menuShown();
  });
});
