import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { nowIso } from "../lib/clock.ts";
import type { Database } from "./schema.ts";

// Decision 340: with DATABASE_URL and no COOKIE_SECRET, the key that signs sessions is kept in the
// database (server_secrets, migration 0150), so every server on it signs and checks sessions with
// the same key however many are started. The first server to start stores its candidate (the key
// its DATA_DIR already had, or a new random one); the others find it there.

/** The database's shared cookie key, stored from `candidate` (or a new one) when there is none. */
export async function sharedCookieSecret(
  db: Kysely<Database>,
  candidate?: string,
): Promise<string> {
  const offered = candidate?.trim() || randomBytes(32).toString("hex");
  await db
    .insertInto("server_secrets")
    .values({ name: "cookie", value: offered, created_at: nowIso() })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("server_secrets")
    .select("value")
    .where("name", "=", "cookie")
    .executeTakeFirstOrThrow();
  return row.value;
}

/**
 * With COOKIE_SECRET given on PostgreSQL: records a fingerprint of it (a hash, never the key) and
 * says whether the servers started before on this database had another one, in which case the
 * sessions they made are refused here and this one's there. The newest start's fingerprint is
 * kept, so a key being rotated server by server is reported once per server, not forever.
 */
export async function cookieSecretDiffers(db: Kysely<Database>, secret: string): Promise<boolean> {
  const fingerprint = createHash("sha256").update(`bahi-cookie-key:${secret}`).digest("hex");
  const row = await db
    .selectFrom("server_secrets")
    .select("value")
    .where("name", "=", "cookie-fingerprint")
    .executeTakeFirst();
  if (row?.value === fingerprint) return false;
  await db
    .insertInto("server_secrets")
    .values({ name: "cookie-fingerprint", value: fingerprint, created_at: nowIso() })
    .onConflict((conflict) =>
      conflict.column("name").doUpdateSet({ value: fingerprint, created_at: nowIso() }),
    )
    .execute();
  return row !== undefined;
}
