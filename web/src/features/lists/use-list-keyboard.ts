import { type HotkeyItem, useHotkeys } from "@mantine/hooks";
import { isForeignControl } from "../../app/shell/keyboard-targets.ts";
import { wasOverlayOpenAtKeydown } from "../../app/shell/overlay-state.ts";

export interface ListKeyboardActions {
  move: (step: 1 | -1) => void;
  open: () => void;
  duplicate: () => void;
  toggleSelection: () => void;
  /** Left and Right: a page change on the sales list, else back to the first row (spec 2.5). */
  sideways: (step: 1 | -1) => void;
  add: () => void;
  back: () => void;
}

/**
 * spec 2.5 "Keyboard on lists": Up and Down move the highlighted row, Enter opens it, Alt+2 and
 * Alt+D duplicate, Space toggles its selection, Left and Right page (sales) or go to the first
 * row, Alt+A adds and Esc goes back; none of them while a modal is open (spec 4). Alt+ keys
 * match the physical key, so they work whatever character the layout makes of them. Enter and
 * Space on a focused control (a button, a row's menu) keep their own meaning.
 */
export function useListKeyboard(actions: ListKeyboardActions) {
  const on =
    (run: () => void, options: { control?: boolean } = {}) =>
    (event: KeyboardEvent) => {
      if (wasOverlayOpenAtKeydown()) return;
      if (options.control && isForeignControl(event)) return;
      event.preventDefault();
      run();
    };
  const physical = { preventDefault: false, usePhysicalKeys: true };
  const plain = { preventDefault: false };
  const hotkeys: HotkeyItem[] = [
    ["ArrowUp", on(() => actions.move(-1)), plain],
    ["ArrowDown", on(() => actions.move(1)), plain],
    ["Enter", on(actions.open, { control: true }), plain],
    ["space", on(actions.toggleSelection, { control: true }), plain],
    ["ArrowLeft", on(() => actions.sideways(-1)), plain],
    ["ArrowRight", on(() => actions.sideways(1)), plain],
    ["alt+digit2", on(actions.duplicate), physical],
    ["alt+d", on(actions.duplicate), physical],
    ["alt+a", on(actions.add), physical],
    ["Escape", on(actions.back), plain],
  ];
  useHotkeys(hotkeys);
}
