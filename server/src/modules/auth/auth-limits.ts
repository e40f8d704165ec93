import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { isoAfter, nowIso } from "../../lib/clock.ts";

// Guessing and sending limits kept in the database (migration 0030), so they hold across server
// processes and restarts. Every decision is one conditional UPDATE: the database serialises the
// writes to a row, so thirty requests sent at once cannot all read "4 tries so far" (the bug of
// issue 26, where the count was read and then written). docs/security.md describes the figures.

export interface WindowLimit {
  /** How many within one window. */
  max: number;
  windowMs: number;
  /** Least time between two, if any (resends). */
  minIntervalMs?: number;
}

async function ensureRow(db: Kysely<Database>, key: string, now: string): Promise<void> {
  await db
    .insertInto("auth_limits")
    .values({ key, count: 0, window_started_at: now, last_at: null, blocked_until: null })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
}

/** Starts a new window for a key whose window has passed; a no-op otherwise. */
async function restartLapsedWindow(db: Kysely<Database>, key: string, windowMs: number) {
  const now = nowIso();
  await ensureRow(db, key, now);
  await db
    .updateTable("auth_limits")
    .set({ count: 0, window_started_at: now })
    .where("key", "=", key)
    .where("window_started_at", "<=", isoAfter(-windowMs))
    .execute();
}

/**
 * Takes one of `limit.max` uses of `key` in the current window: the count with this use, or null
 * when none is left (or the last was less than `minIntervalMs` ago); a refused try takes nothing.
 */
export async function takeFromLimit(
  db: Kysely<Database>,
  key: string,
  limit: WindowLimit,
): Promise<number | null> {
  await restartLapsedWindow(db, key, limit.windowMs);
  const now = nowIso();
  let update = db
    .updateTable("auth_limits")
    .set((eb) => ({ count: eb("count", "+", 1), last_at: now }))
    .where("key", "=", key)
    .where("count", "<", limit.max);
  if (limit.minIntervalMs) {
    const earliest = isoAfter(-limit.minIntervalMs);
    update = update.where((eb) =>
      eb.or([eb("last_at", "is", null), eb("last_at", "<=", earliest)]),
    );
  }
  const row = await update.returning("count").executeTakeFirst();
  return row ? row.count : null;
}

/** Forgets a key: a right code or password clears the wrong tries before it. */
export async function clearLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("auth_limits").where("key", "=", key).execute();
}

// Sign-in per account (issue 26): the first 5 wrong passwords cost nothing; after that each wrong
// one makes the account wait 30 s, then 1, 2, 4, 8 and at most 15 minutes before the next try is
// checked. A right password or a password reset clears the count; so does a day without tries. The
// owner is never locked out for long, and a guesser gets a handful of tries an hour.
export const SIGN_IN_FREE_FAILURES = 5;
const SIGN_IN_FIRST_DELAY_MS = 30_000;
const SIGN_IN_MAX_DELAY_MS = 15 * 60_000;
const SIGN_IN_FORGET_MS = 24 * 60 * 60_000;
// A try in progress holds the account for this long, so tries sent at once are checked one by one.
const SIGN_IN_LEASE_MS = 30_000;

export function signInDelayMs(failures: number): number {
  if (failures < SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(
    SIGN_IN_MAX_DELAY_MS,
    SIGN_IN_FIRST_DELAY_MS * 2 ** (failures - SIGN_IN_FREE_FAILURES),
  );
}

export type SignInTry =
  | { ok: true; key: string; failuresBefore: number }
  /** `busy`: another try of the account is being checked (no wrong password made it wait). */
  | { ok: false; retryAfterSeconds: number; busy: boolean };

/** Reserves a sign-in try for a username; refused while the account must wait. */
export async function beginSignInTry(db: Kysely<Database>, username: string): Promise<SignInTry> {
  const key = signInLimitKey(username);
  await restartLapsedWindow(db, key, SIGN_IN_FORGET_MS);
  const now = nowIso();
  const reserved = await db
    .updateTable("auth_limits")
    .set({ last_at: now, blocked_until: isoAfter(SIGN_IN_LEASE_MS), window_started_at: now })
    .where("key", "=", key)
    .where((eb) => eb.or([eb("blocked_until", "is", null), eb("blocked_until", "<=", now)]))
    .returning("count")
    .executeTakeFirst();
  if (reserved) return { ok: true, key, failuresBefore: reserved.count };
  const row = await db
    .selectFrom("auth_limits")
    .select(["blocked_until", "count"])
    .where("key", "=", key)
    .executeTakeFirst();
  const waitMs = row?.blocked_until ? Date.parse(row.blocked_until) - Date.now() : 1000;
  return {
    ok: false,
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    // Fewer failures than the free ones make no wait: what holds the account is a try's lease.
    busy: (row?.count ?? 0) < SIGN_IN_FREE_FAILURES,
  };
}

/**
 * beginSignInTry, waiting (up to `maxWaitMs`) while another try of the same account is being
 * checked, instead of refusing it (issue 37: several sign-ins sent at once with the right password
 * answered 429 "Too many wrong passwords"). A right password clears the account's row, so the
 * next try goes on at once; a wrong one makes the next wait as before. Refused only when the
 * account must wait for wrong passwords, or another try held it all along (`busy`).
 */
export async function waitForSignInTry(
  db: Kysely<Database>,
  username: string,
  maxWaitMs = 10_000,
): Promise<SignInTry> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const attempt = await beginSignInTry(db, username);
    if (attempt.ok || !attempt.busy || Date.now() >= deadline) return attempt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Ends a reserved try: a failure counts and sets the wait; a success forgets the account's count. */
export async function endSignInTry(
  db: Kysely<Database>,
  attempt: { key: string; failuresBefore: number },
  succeeded: boolean,
): Promise<void> {
  if (succeeded) {
    await clearLimit(db, attempt.key);
    return;
  }
  const failures = attempt.failuresBefore + 1;
  await db
    .updateTable("auth_limits")
    .set({ count: failures, blocked_until: isoAfter(signInDelayMs(failures)) })
    .where("key", "=", attempt.key)
    .execute();
}

export function signInLimitKey(username: string): string {
  return `signin:${username.toLowerCase()}`;
}
