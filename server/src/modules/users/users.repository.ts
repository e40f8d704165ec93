import type { Kysely } from "kysely";
import type { Database, VerificationPurpose } from "../../db/schema.ts";

/**
 * The newest code of these purposes still waiting for its OTP, or undefined. Expired and locked
 * codes count as pending: asking again is how the person gets past them.
 */
export function findPendingCode(
  db: Kysely<Database>,
  userId: string,
  purposes: VerificationPurpose[],
) {
  return db
    .selectFrom("verification_codes")
    .select(["id", "purpose", "target", "created_at"])
    .where("user_id", "=", userId)
    .where("purpose", "in", purposes)
    .where("consumed_at", "is", null)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/** Someone other than `userId` holding this email, verified or not (the column is unique). */
export function findOtherUserWithEmail(db: Kysely<Database>, email: string, userId: string) {
  return db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email.toLowerCase())
    .where("id", "!=", userId)
    .executeTakeFirst();
}

/** Someone other than `userId` who has verified this mobile number. */
export function findOtherUserWithVerifiedMobile(
  db: Kysely<Database>,
  mobile: string,
  userId: string,
) {
  return db
    .selectFrom("users")
    .select("id")
    .where("mobile", "=", mobile)
    .where("mobile_verified", "=", 1)
    .where("id", "!=", userId)
    .executeTakeFirst();
}

/** Sets the first password; false when one was set meanwhile. */
export async function setFirstPassword(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: at })
    .where("id", "=", userId)
    .where("password_hash", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
