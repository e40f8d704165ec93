import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { ConfirmDeleteDialog, truncateName } from "./ConfirmDeleteDialog.tsx";

function setUp(name = "Sharma Traders") {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <MantineProvider env="test">
      <ConfirmDeleteDialog
        opened
        what="organisation"
        name={name}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    </MantineProvider>,
  );
  return { onConfirm, onClose, dialog: screen.getByRole("dialog", { name: "Confirm Delete" }) };
}

describe("Confirm Delete (spec 2.8)", () => {
  test("Enter confirms", () => {
    const { onConfirm, onClose } = setUp();
    fireEvent.keyDown(screen.getByRole("button", { name: "Delete" }), { key: "Enter" });
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });

  test("Enter on Cancel cancels instead", () => {
    const { onConfirm } = setUp();
    fireEvent.keyDown(screen.getByRole("button", { name: "Cancel" }), { key: "Enter" });
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test("Esc closes", () => {
    const { onConfirm, onClose, dialog } = setUp();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test("names longer than 50 characters are cut, with dots", () => {
    const long = "A".repeat(60);
    setUp(long);
    expect(screen.getByText(new RegExp(`“${"A".repeat(50)}\\.\\.\\.”`))).toBeTruthy();
    expect(truncateName("Short")).toBe("Short");
    expect(truncateName("B".repeat(51))).toBe(`${"B".repeat(50)}...`);
  });
});
