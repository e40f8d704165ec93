import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export interface ChangeEvent {
  id: string;
  entityType: string;
  entityId: string;
  action: string;
  userId: string | null;
  createdAt: string;
  /** The tab that made it: that tab ignores its own changes (http/request-tab.ts). */
  tabId: string | null;
}

type Listener = (events: ChangeEvent[]) => void;

const POLL_INTERVAL_MS = 1000;

/**
 * The per-organisation change feed (DESIGN.md §4 "Concurrency"). Saves write change_events rows in
 * their transaction; this reads them back for subscribers. A save in this process wakes the
 * organisation's reader at once; saves made by other server processes arrive by the 1 s poll, so
 * any number of processes share one feed through the database.
 */
export class ChangeFeed {
  readonly #db: Kysely<Database>;
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #lastSeen = new Map<string, string>();
  readonly #timer: NodeJS.Timeout;
  #reading = new Map<string, Promise<void>>();

  constructor(db: Kysely<Database>) {
    this.#db = db;
    this.#timer = setInterval(() => {
      for (const organisationId of this.#listeners.keys()) void this.announce(organisationId);
    }, POLL_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Starts delivering the organisation's events from now on; returns the unsubscribe. */
  async subscribe(organisationId: string, listener: Listener): Promise<() => void> {
    let listeners = this.#listeners.get(organisationId);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(organisationId, listeners);
      this.#lastSeen.set(organisationId, await this.#latestId(organisationId));
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        this.#listeners.delete(organisationId);
        this.#lastSeen.delete(organisationId);
      }
    };
  }

  /** Reads the organisation's new events and hands them to its subscribers. */
  announce(organisationId: string): Promise<void> {
    if (!this.#listeners.has(organisationId)) return Promise.resolve();
    const running = this.#reading.get(organisationId);
    if (running) return running;
    const reading = this.#deliver(organisationId).finally(() =>
      this.#reading.delete(organisationId),
    );
    this.#reading.set(organisationId, reading);
    return reading;
  }

  close(): void {
    clearInterval(this.#timer);
    this.#listeners.clear();
  }

  async #deliver(organisationId: string): Promise<void> {
    const after = this.#lastSeen.get(organisationId) ?? "";
    const rows = await this.#db
      .selectFrom("change_events")
      .selectAll()
      .where("organisation_id", "=", organisationId)
      .where("id", ">", after)
      .orderBy("id")
      .limit(200)
      .execute();
    const last = rows.at(-1);
    if (!last) return;
    this.#lastSeen.set(organisationId, last.id);
    const events = rows.map((row) => ({
      id: row.id,
      entityType: row.entity_type,
      entityId: row.entity_id,
      action: row.action,
      userId: row.user_id,
      createdAt: row.created_at,
      tabId: row.tab_id,
    }));
    for (const listener of this.#listeners.get(organisationId) ?? []) listener(events);
  }

  async #latestId(organisationId: string): Promise<string> {
    const row = await this.#db
      .selectFrom("change_events")
      .select("id")
      .where("organisation_id", "=", organisationId)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? "";
  }
}
