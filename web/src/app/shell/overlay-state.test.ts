import { afterEach, describe, expect, test } from "vitest";
import { isOverlayOpen } from "./overlay-state.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("overlay detection (spec 2.4: shortcuts are disabled while a modal is open)", () => {
  test("an open modal, menu or dropdown counts", () => {
    expect(isOverlayOpen()).toBe(false);
    for (const role of ["dialog", "menu", "listbox"]) {
      document.body.innerHTML = `<div role="${role}"></div>`;
      expect(isOverlayOpen()).toBe(true);
    }
  });

  test("a dropdown kept in the page while closed does not", () => {
    document.body.innerHTML = `<div style="display: none"><div role="listbox"></div></div>`;
    expect(isOverlayOpen()).toBe(false);
  });
});
