import { notifications } from "@mantine/notifications";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { renderPage } from "../test/render.tsx";
import { ErrorBoundary } from "./error-screen/ErrorBoundary.tsx";
import { NOTIFICATION_TIMEOUT_MS, notify, styleNotification } from "./notify.tsx";

function Broken(): never {
  throw new Error("a notification's content failed to draw");
}

describe("notifications (spec 4)", () => {
  afterEach(() => vi.restoreAllMocks());

  test.each([
    ["success", "green", "success"],
    ["danger", "red", "danger"],
    ["warn", "orange", "warn"],
    ["info", "orange", "warn"],
    ["", "orange", "warn"],
  ])("type %s shows %s (as %s)", (type, color, shownAs) => {
    const style = styleNotification(type);
    expect(style.color).toBe(color);
    expect(style.type).toBe(shownAs);
    expect(style.icon).toBeTruthy();
  });

  test("each type has its own icon", () => {
    const icons = ["success", "danger", "warn"].map((type) => styleNotification(type).icon);
    expect(new Set(icons).size).toBe(3);
  });

  test("closes after 5 seconds, with title and message", () => {
    const show = vi.spyOn(notifications, "show").mockReturnValue("n-1");
    expect(
      notify({ type: "danger", title: "Could not fetch Organisations", message: "Down." }),
    ).toBe("n-1");
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: "red",
        title: "Could not fetch Organisations",
        message: "Down.",
        autoClose: 5000,
      }),
    );
    expect(NOTIFICATION_TIMEOUT_MS).toBe(5000);
  });

  test("a title alone is the message", () => {
    const show = vi.spyOn(notifications, "show").mockReturnValue("n-2");
    notify({ type: "success", title: "You have been successfully logged out." });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: "green",
        title: undefined,
        message: "You have been successfully logged out.",
      }),
    );
  });

  test("a crash inside a notification shows 'Some Error occurred' there, and the page stays (spec 2.7)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderPage(
      <ErrorBoundary>
        <p>The page behind</p>
      </ErrorBoundary>,
    );
    act(() => {
      notify({ type: "danger", title: "Could not save", message: <Broken /> });
      notify({ type: "success", title: "Saved the other one" });
    });
    expect(await screen.findByText("Some Error occurred")).toBeTruthy();
    expect(screen.getByText("Could not save")).toBeTruthy();
    expect(screen.getByText("Saved the other one")).toBeTruthy();
    expect(screen.getByText("The page behind")).toBeTruthy();
    expect(screen.queryByText("We have encountered some errors.")).toBeNull();
  });
});
