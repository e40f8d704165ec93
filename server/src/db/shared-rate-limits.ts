import { type Kysely, sql } from "kysely";
import { MINUTE } from "../lib/clock.ts";
import type { Database } from "./schema.ts";

// Decision 340: the per-address limits of @fastify/rate-limit (`config.rateLimit` on the sign-in,
// code, GSTIN, support and link routes) counted in the database instead of each server's memory,
// so three servers behind a balancer allow one address what one server allows, not three times
// as much. One statement per request: an upsert that starts a new window when the old one has
// passed and otherwise adds one, under the row's lock, so concurrent requests on any server each
// see their own count. Used on PostgreSQL; SQLite is one server and keeps the plugin's memory
// store (a write per limited request would queue behind an import holding its one connection).

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Expired rows are deleted at most this often by each server. */
const SWEEP_EVERY_MS = 5 * MINUTE;

/** Fixed-width text so that the column's text order is the instants' order on both engines. */
export function resetsAtText(ms: number): string {
  return String(Math.max(0, Math.trunc(ms))).padStart(15, "0");
}

interface Shared {
  db: Kysely<Database>;
  lastSweep: number;
}

/** Adds one to `key`'s count in its window of `windowMs`: the count with this request and the ms left. */
export async function countRequest(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ current: number; ttl: number }> {
  const nowText = resetsAtText(now);
  const lapsed = sql<boolean>`rate_limit_counts.resets_at <= ${nowText}`;
  const row = await db
    .insertInto("rate_limit_counts")
    .values({ key, count: 1, resets_at: resetsAtText(now + windowMs) })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        count: sql<number>`case when ${lapsed} then 1 else rate_limit_counts.count + 1 end`,
        resets_at: sql<string>`case when ${lapsed} then excluded.resets_at else rate_limit_counts.resets_at end`,
      }),
    )
    .returning(["count", "resets_at"])
    .executeTakeFirstOrThrow();
  return { current: Number(row.count), ttl: Math.max(0, Number(row.resets_at) - now) };
}

/** The count in `key`'s current window without adding to it. */
export async function readRequestCount(
  db: Kysely<Database>,
  key: string,
  now = Date.now(),
): Promise<{ current: number; ttl: number }> {
  const row = await db
    .selectFrom("rate_limit_counts")
    .select(["count", "resets_at"])
    .where("key", "=", key)
    .where("resets_at", ">", resetsAtText(now))
    .executeTakeFirst();
  return row
    ? { current: Number(row.count), ttl: Math.max(0, Number(row.resets_at) - now) }
    : { current: 0, ttl: 0 };
}

/** Deletes the rows whose window has passed. */
export async function sweepRequestCounts(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom("rate_limit_counts").where("resets_at", "<=", resetsAtText(now)).execute();
}

function routeName(options: RouteOptions | undefined): string {
  const method = options?.routeInfo?.method;
  const methods = Array.isArray(method) ? method.join(",") : (method ?? "");
  return `${methods} ${options?.routeInfo?.url ?? ""}`.trim();
}

class DatabaseRateLimitStore {
  readonly #shared: Shared;
  readonly #prefix: string;

  constructor(shared: Shared, prefix: string) {
    this.#shared = shared;
    this.#prefix = prefix;
  }

  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    this.#sweepNowAndThen(now);
    countRequest(this.#shared.db, this.#prefix + key, timeWindow, now).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
  }

  read(key: string, callback: Callback): void {
    readRequestCount(this.#shared.db, this.#prefix + key).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
  }

  /** Each route counts apart, as the plugin's own stores do (it passes the route as `routeInfo`). */
  child(options: object): DatabaseRateLimitStore {
    return new DatabaseRateLimitStore(this.#shared, `${routeName(options as RouteOptions)}|`);
  }

  #sweepNowAndThen(now: number): void {
    if (now - this.#shared.lastSweep < SWEEP_EVERY_MS) return;
    this.#shared.lastSweep = now;
    sweepRequestCounts(this.#shared.db, now).catch(() => {
      // A missed sweep only leaves lapsed rows for the next one; the counts stay right.
    });
  }
}

/** The `store` option of @fastify/rate-limit: a class the plugin constructs with its settings. */
export function databaseRateLimitStore(db: Kysely<Database>) {
  const shared: Shared = { db, lastSweep: Date.now() };
  return class extends DatabaseRateLimitStore {
    constructor() {
      super(shared, "");
    }
  };
}
