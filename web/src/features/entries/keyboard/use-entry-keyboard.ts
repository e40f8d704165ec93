import {
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import {
  installOverlayTracker,
  wasOverlayOpenAtKeydown,
} from "../../../app/shell/overlay-state.ts";
import {
  type EntryAction,
  type EntryShortcutMap,
  matchEntryShortcut,
  registerEscape,
} from "./entry-shortcuts.ts";
import { focusStop, stopOf } from "./focus-stop.ts";
import { type FocusMove, type FocusPlan, planEnter, planTab } from "./line-navigation.ts";

/** Stops whose field refuses a bad value on Enter (the date input): a refusal does not move on. */
const REFUSING_STOPS = /^(date|dueDate)$/;

/** The plan with the line holding `stop` marked as filled in. */
function markFilled(plan: FocusPlan, stop: string): FocusPlan {
  const row = plan.rows.findIndex((stops) => stops.includes(stop));
  if (row < 0) return plan;
  return {
    ...plan,
    rowBlank: plan.rowBlank.map((blank, index) => (index === row ? false : blank)),
  };
}

function isModalOpen(): boolean {
  return document.querySelector('[role="dialog"]') !== null;
}

export interface EntryKeyboardOptions {
  root: RefObject<HTMLElement | null>;
  plan: FocusPlan;
  /** Adds a line after the last one; the stop to focus once it is drawn. */
  addLine: () => string | null;
  shortcuts: EntryShortcutMap;
  onShortcut: (action: Exclude<EntryAction, "escape">, target: EventTarget | null) => void;
  /** Esc once or twice (spec 2.6), as the type's rule says. */
  onLeave: () => void;
  /** The first Esc of a pair: tell the person a second one leaves. */
  onEscapeArmed: () => void;
  enabled: boolean;
}

/**
 * The keyboard of an entry screen: Enter along the stops and into new lines, Tab out of the last
 * line adding one, the shortcuts of spec 2.6, Esc to leave. Shortcuts pause while a modal is open
 * (spec 2.4, 4); Esc that closes a dropdown or a modal is theirs, not the screen's.
 */
export function useEntryKeyboard(options: EntryKeyboardOptions) {
  const latest = useRef(options);
  latest.current = options;
  const [pendingFocus, setPendingFocus] = useState<{ stop: string } | null>(null);
  const lastEscapeAt = useRef<number | null>(null);

  // Before the next key arrives: a line added by Enter takes the keys typed right after it.
  useLayoutEffect(() => {
    if (!pendingFocus) return;
    const root = latest.current.root.current;
    if (root) focusStop(root, pendingFocus.stop);
  }, [pendingFocus]);

  const apply = useCallback((move: FocusMove) => {
    const root = latest.current.root.current;
    if (!root) return;
    if (move.type === "focus") focusStop(root, move.stop);
    if (move.type === "addLine") {
      const stop = latest.current.addLine();
      if (stop) setPendingFocus({ stop });
    }
  }, []);

  /** Focus a stop after the next drawing (a line just added, a form just loaded). */
  const requestFocus = useCallback((stop: string) => setPendingFocus({ stop }), []);

  const onKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLElement>) => {
      if (!latest.current.enabled) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement;
      if (target.closest('[role="dialog"]')) return;
      const stop = stopOf(target);
      if (!stop) return;
      if (event.key === "Tab") {
        const move = planTab(latest.current.plan, stop, event.shiftKey);
        if (move.type === "addLine") {
          event.preventDefault();
          apply(move);
        }
        return;
      }
      if (event.key !== "Enter" || event.shiftKey) return;
      if (target.tagName === "TEXTAREA" || target.tagName === "BUTTON") return;
      // The field has acted already (this handler runs as the key bubbles up): a date refused
      // keeps the focus; a dropdown that took its highlighted option has just filled the line,
      // which the last drawing does not know yet.
      if (REFUSING_STOPS.test(stop) && event.defaultPrevented) return;
      const plan = event.defaultPrevented
        ? markFilled(latest.current.plan, stop)
        : latest.current.plan;
      event.preventDefault();
      apply(planEnter(plan, stop));
    },
    [apply],
  );

  useEffect(() => {
    installOverlayTracker();
    const onKeyDown = (event: KeyboardEvent) => {
      const current = latest.current;
      if (!current.enabled) return;
      const action = matchEntryShortcut(current.shortcuts, event);
      if (action === null) return;
      if (action === "escape") {
        // An Esc that closed a dropdown, a menu or a modal was theirs.
        if (wasOverlayOpenAtKeydown() || event.defaultPrevented) return;
        const result = registerEscape(current.shortcuts.escape, lastEscapeAt.current, Date.now());
        lastEscapeAt.current = result.lastEscapeAt;
        if (result.leave) current.onLeave();
        else current.onEscapeArmed();
        return;
      }
      // A picker that took Alt+C for itself has said so.
      if (event.defaultPrevented || isModalOpen()) return;
      event.preventDefault();
      current.onShortcut(action, event.target);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return { onKeyDown, requestFocus };
}
