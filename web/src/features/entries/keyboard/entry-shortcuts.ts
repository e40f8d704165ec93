import { getVoucherDefinition, type VoucherType } from "@bahi/domain";

// spec 2.6: the shortcuts of the add screens. Sales: Ctrl+A save and new, Ctrl+S save and close,
// Ctrl+D save and duplicate, Alt+C add an account or item, Esc twice to go back. Purchases:
// likewise with Alt+C account, Alt+I item, Esc cancel. The other types take the family of the side
// they are on; account vouchers take the sales family without items. Ctrl+P saves and opens the
// print preview on the types that have a printed form (the registry's `print`).

export type EntryAction =
  | "saveAndNew"
  | "saveAndClose"
  | "saveAndDuplicate"
  | "saveAndPrint"
  | "addAccount"
  | "addItem"
  /** Alt+C on sales-like documents: an item when the focus is on an item line, else an account. */
  | "addAccountOrItem"
  | "openTemplates"
  | "escape";

export interface EntryShortcut {
  action: EntryAction;
  /** As shown on screen: "Ctrl+S". */
  keys: string;
  label: string;
  ctrl: boolean;
  alt: boolean;
  /** KeyboardEvent.code: the physical key, so Alt+C works where Alt changes the character. */
  code: string;
}

function shortcut(action: EntryAction, keys: string, label: string): EntryShortcut {
  const parts = keys.split("+");
  const last = parts.at(-1) ?? "";
  return {
    action,
    keys,
    label,
    ctrl: parts.includes("Ctrl"),
    alt: parts.includes("Alt"),
    code: last === "Esc" ? "Escape" : `Key${last}`,
  };
}

/** How Esc leaves the screen: once (purchase-like, spec 2.6 "Esc cancel") or twice (sales). */
export type EscapeRule = "once" | "twice";

export interface EntryShortcutMap {
  shortcuts: readonly EntryShortcut[];
  escape: EscapeRule;
}

/** The shortcut map of a type, from the registry: its family, its side, whether it has templates. */
export function describeEntryShortcuts(type: VoucherType): EntryShortcutMap {
  const definition = getVoucherDefinition(type);
  const items = definition.family === "document";
  const supplierSide = definition.partySide === "supplier";
  const shortcuts: EntryShortcut[] = [
    shortcut("saveAndNew", "Ctrl+A", "Save & New"),
    shortcut("saveAndClose", "Ctrl+S", "Save & Close"),
    shortcut("saveAndDuplicate", "Ctrl+D", "Save & Duplicate"),
  ];
  if (definition.print !== null) shortcuts.push(shortcut("saveAndPrint", "Ctrl+P", "Save & Print"));
  if (items && !supplierSide) {
    shortcuts.push(shortcut("addAccountOrItem", "Alt+C", "Add Account or Item"));
  } else {
    shortcuts.push(shortcut("addAccount", "Alt+C", "Add Account"));
  }
  if (items) shortcuts.push(shortcut("addItem", "Alt+I", "Add Item"));
  if (definition.supportsTemplates) shortcuts.push(shortcut("openTemplates", "Alt+T", "Templates"));
  const escapeRule: EscapeRule = items && supplierSide ? "once" : "twice";
  shortcuts.push(shortcut("escape", "Esc", escapeRule === "once" ? "Cancel" : "Esc twice: Back"));
  return { shortcuts, escape: escapeRule };
}

export interface KeyLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** The action a key press asks for on this type's screen, or null. Cmd counts as Ctrl on a Mac. */
export function matchEntryShortcut(map: EntryShortcutMap, event: KeyLike): EntryAction | null {
  const ctrl = event.ctrlKey || event.metaKey;
  for (const candidate of map.shortcuts) {
    if (candidate.action === "escape") {
      if (event.key === "Escape" && !ctrl && !event.altKey && !event.shiftKey) return "escape";
      continue;
    }
    const code = event.code || `Key${event.key.toUpperCase()}`;
    if (
      code === candidate.code &&
      ctrl === candidate.ctrl &&
      event.altKey === candidate.alt &&
      !event.shiftKey
    ) {
      return candidate.action;
    }
  }
  return null;
}

/** spec 2.6 "Esc twice": a second Esc within this time leaves the screen. */
export const ESCAPE_TWICE_WINDOW_MS = 1500;

/**
 * An Esc press: whether to leave now, and when the last one was (to remember). With 'twice', the
 * first press only arms; a second within the window leaves.
 */
export function registerEscape(
  rule: EscapeRule,
  lastEscapeAt: number | null,
  now: number,
): { leave: boolean; lastEscapeAt: number | null } {
  if (rule === "once") return { leave: true, lastEscapeAt: null };
  if (lastEscapeAt !== null && now - lastEscapeAt <= ESCAPE_TWICE_WINDOW_MS) {
    return { leave: true, lastEscapeAt: null };
  }
  return { leave: false, lastEscapeAt: now };
}

/**
 * Issue 40: Ctrl+A is the spec's Save & New, but inside a box where text is typed a person may
 * mean "select all". Pressed there, the editor saves a complete entry at once and asks first only
 * when the entry is unfinished (model/entry-completeness.ts). A picker (combobox), a checkbox or a
 * button has no text to select, so there the key always saves as the spec says.
 */
export function isSaveAndNewInTextBox(action: EntryAction, target: EventTarget | null): boolean {
  if (action !== "saveAndNew" || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  if (target.getAttribute("role") === "combobox") return false;
  return ["text", "search", "email", "tel", "url", "number", "password"].includes(target.type);
}
