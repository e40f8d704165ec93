import { TAB_ID } from "../../api/tab-id.ts";

/** One `change` event of GET /changes/stream (docs/api/vouchers.md): a saved or deleted voucher. */
export interface ChangeEvent {
  id: string;
  /** The voucher type, e.g. 'salesInvoice'. */
  entityType: string;
  entityId: string;
  action: string;
  userId: string | null;
  /** The tab that made the change (X-Bahi-Tab), null when unknown. */
  tabId: string | null;
}

/** Which changes make the screen on display stale; each screen says so for itself. */
export type ChangeInterest = (event: ChangeEvent) => boolean;

export const ANY_CHANGE: ChangeInterest = () => true;

export function parseChangeEvent(data: string): ChangeEvent | null {
  try {
    const value = JSON.parse(data) as Partial<ChangeEvent>;
    if (typeof value.entityType !== "string" || typeof value.entityId !== "string") return null;
    return {
      id: String(value.id ?? ""),
      entityType: value.entityType,
      entityId: value.entityId,
      action: String(value.action ?? ""),
      userId: typeof value.userId === "string" ? value.userId : null,
      tabId: typeof value.tabId === "string" ? value.tabId : null,
    };
  } catch {
    return null;
  }
}

/** How long a change this tab made is recognised as its own when the feed reports it back. */
export const OWN_CHANGE_MEMORY_MS = 60_000;

/**
 * The entries this tab itself saved or deleted a moment ago. The feed reports every change,
 * this tab's too; only changes made elsewhere (another tab, another person) ask for a refresh.
 */
export class OwnChanges {
  readonly #until = new Map<string, number>();

  record(entityIds: readonly string[], now: number = Date.now()): void {
    for (const id of entityIds) this.#until.set(id, now + OWN_CHANGE_MEMORY_MS);
  }

  isOwn(entityId: string, now: number = Date.now()): boolean {
    const until = this.#until.get(entityId);
    if (until === undefined) return false;
    if (until >= now) return true;
    this.#until.delete(entityId);
    return false;
  }
}

/**
 * spec 2.7: the banner shows when another tab or person changed what is on screen; never for
 * this tab's own saves, whatever else they changed on the way (an item's opening stock moves the
 * Closing Stock account, decision 040).
 */
export function makesScreenStale(
  event: ChangeEvent,
  interest: ChangeInterest,
  own: OwnChanges,
  now: number = Date.now(),
  tabId: string = TAB_ID,
): boolean {
  if (event.tabId !== null && event.tabId === tabId) return false;
  return !own.isOwn(event.entityId, now) && interest(event);
}

/** Waits between reconnections after the stream was refused (an expired session, a restart). */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 3000 * 2 ** Math.max(0, attempt - 1));
}
