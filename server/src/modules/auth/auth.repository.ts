import type { Kysely, Updateable } from "kysely";
import type { Database, UsersTable } from "../../db/schema.ts";

export type UserRow = UsersTable;

export function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
}

export function findUserByMobile(db: Kysely<Database>, mobile: string) {
  return db
    .selectFrom("users")
    .selectAll()
    .where("mobile", "=", mobile)
    .where("mobile_verified", "=", 1)
    .executeTakeFirst();
}

export async function insertUser(db: Kysely<Database>, user: UserRow): Promise<void> {
  await db.insertInto("users").values(user).execute();
}

export async function updateUser(
  db: Kysely<Database>,
  id: string,
  changes: Updateable<UsersTable>,
): Promise<void> {
  await db.updateTable("users").set(changes).where("id", "=", id).execute();
}

export async function insertSession(
  db: Kysely<Database>,
  session: Database["sessions"],
): Promise<void> {
  await db.insertInto("sessions").values(session).execute();
}

export async function revokeSession(db: Kysely<Database>, id: string, reason: string, at: string) {
  await db
    .updateTable("sessions")
    .set({ revoked_at: at, revoked_reason: reason })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .execute();
}

export async function revokeAllSessionsOfUser(
  db: Kysely<Database>,
  userId: string,
  reason: string,
  at: string,
  exceptSessionId?: string,
) {
  let query = db
    .updateTable("sessions")
    .set({ revoked_at: at, revoked_reason: reason })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
  await query.execute();
}

export async function insertRefreshToken(
  db: Kysely<Database>,
  token: Database["refresh_tokens"],
): Promise<void> {
  await db.insertInto("refresh_tokens").values(token).execute();
}

export function findRefreshToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("refresh_tokens")
    .innerJoin("sessions", "sessions.id", "refresh_tokens.session_id")
    .select([
      "refresh_tokens.id",
      "refresh_tokens.session_id",
      "refresh_tokens.expires_at",
      "refresh_tokens.used_at",
      "sessions.user_id",
      "sessions.revoked_at as session_revoked_at",
      "sessions.expires_at as session_expires_at",
    ])
    .where("refresh_tokens.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Marks a refresh token spent; false when another request spent it first. */
export async function spendRefreshToken(db: Kysely<Database>, id: string, at: string) {
  const result = await db
    .updateTable("refresh_tokens")
    .set({ used_at: at })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
