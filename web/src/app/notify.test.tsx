import { notifications } from "@mantine/notifications";
import { afterEach, describe, expect, test, vi } from "vitest";
import { NOTIFICATION_TIMEOUT_MS, notify, styleNotification } from "./notify.tsx";

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
});
