import { START_POSITION, type StartMenuPosition } from "./start-menu-state.ts";

// spec 4 "List reloads": Esc from a list returns to the start page "remembering the row and start
// page". Kept per organisation for the tab's life (sessionStorage survives a reload, not the tab).
const KEY_PREFIX = "bahi.start-position.";

function isPosition(value: unknown): value is StartMenuPosition {
  if (typeof value !== "object" || value === null) return false;
  const { trail, highlightedId } = value as Record<string, unknown>;
  return (
    Array.isArray(trail) &&
    trail.every((id) => typeof id === "string") &&
    (highlightedId === null || typeof highlightedId === "string")
  );
}

export function readStartPosition(organisationId: string): StartMenuPosition {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY_PREFIX + organisationId) ?? "null");
    return isPosition(stored) ? stored : START_POSITION;
  } catch {
    return START_POSITION;
  }
}

export function saveStartPosition(organisationId: string, position: StartMenuPosition): void {
  try {
    sessionStorage.setItem(KEY_PREFIX + organisationId, JSON.stringify(position));
  } catch {
    // Storage full or refused: the start screen then opens at its top.
  }
}
