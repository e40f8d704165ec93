import { describe, expect, test } from "vitest";
import { ALL_SCREENS, buildStartMenu, type MenuContext } from "../../app/shell/app-menu.ts";
import {
  describeStartLevel,
  START_POSITION,
  type StartMenuPosition,
  stepStartMenu,
} from "./start-menu-state.ts";

const context: MenuContext = {
  organisationId: "o1",
  year: "2025-26",
  manageInventory: false,
  gstRegistered: false,
  gstRegType: null,
  role: "owner",
};
const tree = buildStartMenu(context, ALL_SCREENS);
const highlightedLabel = (position: StartMenuPosition) => {
  const { entries, highlighted } = describeStartLevel(tree, position);
  return entries[highlighted]?.label;
};

describe("start screen keys (spec 2.4)", () => {
  test("starts on the first entry; Down and Up move, wrapping at the ends", () => {
    expect(highlightedLabel(START_POSITION)).toBe("Dashboard");
    const down = stepStartMenu(tree, START_POSITION, { kind: "down" }).position;
    expect(highlightedLabel(down)).toBe("New Entry");
    const wrapped = stepStartMenu(tree, START_POSITION, { kind: "up" }).position;
    expect(highlightedLabel(wrapped)).toBe("Send Multiple Docs");
    expect(highlightedLabel(stepStartMenu(tree, wrapped, { kind: "down" }).position)).toBe(
      "Dashboard",
    );
  });

  test("Enter on an entry with children opens its submenu; Escape goes back one level", () => {
    const onList = { trail: [], highlightedId: "entries-list" };
    const opened = stepStartMenu(tree, onList, { kind: "enter" });
    expect(opened.navigateTo).toBeUndefined();
    expect(opened.position.trail).toEqual(["entries-list"]);
    expect(highlightedLabel(opened.position)).toBe("Sales Invoice");
    const back = stepStartMenu(tree, opened.position, { kind: "escape" }).position;
    expect(back).toEqual({ trail: [], highlightedId: "entries-list" });
    // Escape at the top does nothing.
    expect(stepStartMenu(tree, back, { kind: "escape" }).position).toBe(back);
  });

  test("Enter on a leaf navigates to its route", () => {
    const step = stepStartMenu(
      tree,
      { trail: ["entries-list"], highlightedId: "list-payments" },
      {
        kind: "enter",
      },
    );
    expect(step.navigateTo).toBe("/o1/2025-26/payment/list");
    expect(step.position.highlightedId).toBe("list-payments");
  });

  test("a letter picks the entry with that shortcut, in any case", () => {
    const step = stepStartMenu(tree, START_POSITION, { kind: "letter", letter: "e" });
    expect(step.position.trail).toEqual(["entries-list"]);
    const leaf = stepStartMenu(tree, step.position, { kind: "letter", letter: "J" });
    expect(leaf.navigateTo).toBe("/o1/2025-26/journal/list");
    expect(stepStartMenu(tree, START_POSITION, { kind: "letter", letter: "z" }).position).toEqual(
      START_POSITION,
    );
  });

  test("a remembered entry that is gone falls back to the first", () => {
    expect(highlightedLabel({ trail: [], highlightedId: "items" })).toBe("Dashboard");
    expect(highlightedLabel({ trail: ["gst-returns"], highlightedId: "iff" })).toBe("Dashboard");
  });
  test("a disabled entry (IFF of a monthly filer) is highlighted but opens nothing (issue 40)", () => {
    const gst = buildStartMenu(
      { ...context, gstRegistered: true, gstRegType: "regular", gstFilingFrequency: "monthly" },
      ALL_SCREENS,
    );
    const position = { trail: ["gst-returns"], highlightedId: "iff" };
    const step = stepStartMenu(gst, position, { kind: "enter" });
    expect(step.navigateTo).toBeUndefined();
    expect(step.position).toEqual(position);
  });
});
