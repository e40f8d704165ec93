import { findMenuLevel, type MenuEntry } from "../../app/shell/app-menu.ts";

/** Where the start screen is: the submenus opened (by id) and the highlighted entry's id. */
export interface StartMenuPosition {
  trail: string[];
  highlightedId: string | null;
}

export const START_POSITION: StartMenuPosition = { trail: [], highlightedId: null };

export type StartMenuKey =
  | { kind: "up" }
  | { kind: "down" }
  | { kind: "enter" }
  | { kind: "escape" }
  | { kind: "letter"; letter: string }
  | { kind: "choose"; id: string };

export interface StartMenuStep {
  position: StartMenuPosition;
  /** Set when a leaf was chosen: the route to open. */
  navigateTo?: string;
}

/** The entries shown and the highlighted index, a remembered id that vanished falling back to 0. */
export function describeStartLevel(tree: readonly MenuEntry[], position: StartMenuPosition) {
  const entries = findMenuLevel(tree, position.trail);
  const found = entries.findIndex((entry) => entry.id === position.highlightedId);
  return { entries, highlighted: Math.max(found, 0) };
}

function open(position: StartMenuPosition, entry: MenuEntry | undefined): StartMenuStep {
  if (!entry) return { position };
  if (entry.disabledReason) return { position: { ...position, highlightedId: entry.id } };
  if (entry.children && entry.children.length > 0) {
    return {
      position: {
        trail: [...position.trail, entry.id],
        highlightedId: entry.children[0]?.id ?? null,
      },
    };
  }
  const highlighted = { ...position, highlightedId: entry.id };
  return entry.path ? { position: highlighted, navigateTo: entry.path } : { position: highlighted };
}

/**
 * spec 2.4: Up and Down move the highlight (wrapping), Enter opens, Escape goes back one level,
 * a letter picks the entry with that shortcut; an entry with children opens its submenu, a leaf
 * navigates to its route.
 */
export function stepStartMenu(
  tree: readonly MenuEntry[],
  position: StartMenuPosition,
  key: StartMenuKey,
): StartMenuStep {
  const { entries, highlighted } = describeStartLevel(tree, position);
  const count = entries.length;
  const at = (index: number) => entries[index]?.id ?? null;
  switch (key.kind) {
    case "up":
      return { position: { ...position, highlightedId: at((highlighted - 1 + count) % count) } };
    case "down":
      return { position: { ...position, highlightedId: at((highlighted + 1) % count) } };
    case "enter":
      return open(position, entries[highlighted]);
    case "escape": {
      const parentId = position.trail.at(-1);
      if (parentId === undefined) return { position };
      return { position: { trail: position.trail.slice(0, -1), highlightedId: parentId } };
    }
    case "letter": {
      const letter = key.letter.toUpperCase();
      return open(
        position,
        entries.find((entry) => entry.shortcut === letter),
      );
    }
    case "choose":
      return open(
        position,
        entries.find((entry) => entry.id === key.id),
      );
  }
}
