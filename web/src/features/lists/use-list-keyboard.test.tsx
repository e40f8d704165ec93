import { fireEvent, render } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { type ListKeyboardActions, useListKeyboard } from "./use-list-keyboard.ts";

function Harness({ actions, modal = false }: { actions: ListKeyboardActions; modal?: boolean }) {
  useListKeyboard(actions);
  return (
    <div>
      <table>
        <tbody>
          <tr>
            <td>Invoice 1</td>
          </tr>
        </tbody>
      </table>
      <button type="button">Filter</button>
      <input aria-label="Search" />
      {modal && <div role="dialog" aria-modal="true" />}
    </div>
  );
}

function setUp(modal = false) {
  const actions = {
    move: vi.fn(),
    open: vi.fn(),
    duplicate: vi.fn(),
    toggleSelection: vi.fn(),
    sideways: vi.fn(),
    add: vi.fn(),
    back: vi.fn(),
  };
  const view = render(<Harness actions={actions} modal={modal} />);
  return { actions, ...view };
}

const press = (init: KeyboardEventInit, target: Element = document.body) =>
  fireEvent.keyDown(target, init);

describe("list keyboard (spec 2.5)", () => {
  test("Up and Down move, Enter opens, Space toggles", () => {
    const { actions } = setUp();
    press({ key: "ArrowDown", code: "ArrowDown" });
    press({ key: "ArrowDown", code: "ArrowDown" });
    press({ key: "ArrowUp", code: "ArrowUp" });
    expect(actions.move.mock.calls).toEqual([[1], [1], [-1]]);
    press({ key: "Enter", code: "Enter" });
    expect(actions.open).toHaveBeenCalledOnce();
    press({ key: " ", code: "Space" });
    expect(actions.toggleSelection).toHaveBeenCalledOnce();
  });

  test("Alt+2 and Alt+D duplicate, Alt+A adds, whatever the layout makes of them", () => {
    const { actions } = setUp();
    press({ key: "2", code: "Digit2", altKey: true });
    press({ key: "∂", code: "KeyD", altKey: true });
    expect(actions.duplicate).toHaveBeenCalledTimes(2);
    press({ key: "å", code: "KeyA", altKey: true });
    expect(actions.add).toHaveBeenCalledOnce();
  });

  test("Left and Right go sideways, Esc goes back", () => {
    const { actions } = setUp();
    press({ key: "ArrowRight", code: "ArrowRight" });
    press({ key: "ArrowLeft", code: "ArrowLeft" });
    expect(actions.sideways.mock.calls).toEqual([[1], [-1]]);
    press({ key: "Escape", code: "Escape" });
    expect(actions.back).toHaveBeenCalledOnce();
  });

  test("typing in the search box is not a shortcut", () => {
    const { actions, getByLabelText } = setUp();
    const search = getByLabelText("Search");
    press({ key: "ArrowDown", code: "ArrowDown" }, search);
    press({ key: "Enter", code: "Enter" }, search);
    press({ key: "Escape", code: "Escape" }, search);
    expect(actions.move).not.toHaveBeenCalled();
    expect(actions.open).not.toHaveBeenCalled();
    expect(actions.back).not.toHaveBeenCalled();
  });

  test("Enter and Space on a focused button keep their meaning", () => {
    const { actions, getByRole } = setUp();
    press({ key: "Enter", code: "Enter" }, getByRole("button", { name: "Filter" }));
    press({ key: " ", code: "Space" }, getByRole("button", { name: "Filter" }));
    expect(actions.open).not.toHaveBeenCalled();
    expect(actions.toggleSelection).not.toHaveBeenCalled();
    press({ key: "Enter", code: "Enter" }, getByRole("row"));
    expect(actions.open).toHaveBeenCalledOnce();
  });

  test("nothing while a modal is open", () => {
    const { actions } = setUp(true);
    press({ key: "Escape", code: "Escape" });
    press({ key: "ArrowDown", code: "ArrowDown" });
    press({ key: "a", code: "KeyA", altKey: true });
    expect(actions.back).not.toHaveBeenCalled();
    expect(actions.move).not.toHaveBeenCalled();
    expect(actions.add).not.toHaveBeenCalled();
  });
});
