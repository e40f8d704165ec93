import type { AccountNature } from "@bahi/domain";
import { useSyncExternalStore } from "react";
import type { AccountRecord } from "./account-options.ts";

/**
 * The one way to open the Add/Edit Account and Add/Edit Item modals from anywhere: a picker's
 * Alt+C, a list's Add New, the '+ New' menu. A small store (DESIGN.md §7 "current modal"); the
 * masters feature mounts the one host that shows the modals.
 */
export type AccountModalRequest =
  | {
      mode: "add";
      /** Preselected nature (a per-nature list, a picker restricted to some natures). */
      nature?: AccountNature;
      /** Preset name (what was typed into a picker). */
      name?: string;
      onSaved?: (account: AccountRecord) => void;
    }
  | { mode: "edit"; accountId: string; onSaved?: (account: AccountRecord) => void };

export interface SavedItem {
  _id: string;
  name: string;
}

export type ItemModalRequest =
  | { mode: "add"; name?: string; onSaved?: (item: SavedItem) => void }
  | { mode: "edit"; itemId: string; onSaved?: (item: SavedItem) => void };

export interface MasterModals {
  /** `key` grows with every opening, so a modal opened again starts afresh. */
  account: (AccountModalRequest & { key: number }) | null;
  item: (ItemModalRequest & { key: number }) | null;
}

let state: MasterModals = { account: null, item: null };
let openings = 0;
const listeners = new Set<() => void>();

function update(next: MasterModals): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openAccountModal(request: AccountModalRequest): void {
  openings += 1;
  update({ ...state, account: { ...request, key: openings } });
}

export function closeAccountModal(): void {
  update({ ...state, account: null });
}

export function openItemModal(request: ItemModalRequest): void {
  openings += 1;
  update({ ...state, item: { ...request, key: openings } });
}

export function closeItemModal(): void {
  update({ ...state, item: null });
}

/** For screens whose shortcuts pause while a modal is open (spec 2.4, 4). */
export function isMasterModalOpen(): boolean {
  return state.account !== null || state.item !== null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMasterModals(): MasterModals {
  return useSyncExternalStore(subscribe, () => state);
}

/** `const openAccount = useAccountModal(); openAccount({ mode: "add" })`. */
export function useAccountModal(): (request: AccountModalRequest) => void {
  return openAccountModal;
}

export function useItemModal(): (request: ItemModalRequest) => void {
  return openItemModal;
}
