import type { Kysely } from "kysely";
import type { Database, VerificationPurpose } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { isoAfter, MINUTE, nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { clearLimit, takeFromLimit } from "./auth-limits.ts";
import { hashSecret, newOtp, newSecretToken } from "./tokens.ts";

export const OTP_TTL_MS = 10 * MINUTE;
export const OTP_MAX_ATTEMPTS = 5;

export const VERIFICATION_MESSAGES = {
  invalid: "OTP is not valid.",
  expired: "OTP has expired. Please request a new one.",
  locked: "Too many wrong attempts. Please request a new OTP.",
  challengeLocked: "Too many wrong attempts. Please wait 15 minutes, then request a new OTP.",
  none: "No OTP is pending. Please request a new one.",
  invalidLink: "This link is not valid or has expired. Please request a new one.",
} as const;

export interface IssuedCode {
  otp: string;
  /** For links in emails; only issued when asked. */
  token: string | null;
}

/** A fresh code replaces any earlier one of the same purpose for the same person. */
export async function issueVerificationCode(
  db: Kysely<Database>,
  input: {
    /** Null for a reset asked for an unknown email: a code no one is mailed (auth.service). */
    userId: string | null;
    purpose: VerificationPurpose;
    target?: string;
    withLink?: boolean;
    challengeId?: string;
  },
): Promise<IssuedCode> {
  const otp = newOtp();
  const token = input.withLink ? newSecretToken() : null;
  const now = nowIso();
  let replaced = db
    .updateTable("verification_codes")
    .set({ consumed_at: now })
    .where("purpose", "=", input.purpose)
    .where("consumed_at", "is", null);
  replaced = input.challengeId
    ? replaced.where("challenge_id", "=", input.challengeId)
    : replaced.where("user_id", "=", input.userId);
  await replaced.execute();
  await db
    .insertInto("verification_codes")
    .values({
      id: newId(),
      user_id: input.userId,
      purpose: input.purpose,
      target: input.target ?? null,
      code_hash: hashSecret(otp),
      token_hash: token ? hashSecret(token) : null,
      attempts: 0,
      created_at: now,
      expires_at: isoAfter(OTP_TTL_MS),
      consumed_at: null,
      challenge_id: input.challengeId ?? null,
    })
    .execute();
  return { otp, token };
}

/** Which pending code an OTP is for: the person's own (signed in, demo) or a sign-in challenge. */
export type OtpOwner = { userId: string } | { challengeId: string };

// Wrong tries per sign-up or reset challenge, kept across resends (issue 26): a resend is a new
// code, not five new tries. The count lapses 15 minutes after the first wrong try of a window.
export const CHALLENGE_OTP_LIMIT = { max: OTP_MAX_ATTEMPTS, windowMs: 15 * MINUTE } as const;

/**
 * Checks an OTP and consumes it when right. A try is counted before the code is compared, by one
 * conditional UPDATE (`attempts < 5`), so tries sent at once cannot all be checked; the count is
 * written outside the caller's transaction, so a failed request still counts. After 5 the code is
 * locked (spec issue 4). A challenge's tries, and a person's tries of one purpose (email or mobile
 * change, demo sign-in), are also counted across their codes (CHALLENGE_OTP_LIMIT: 5 in 15
 * minutes), and a challenge with no pending code answers like a wrong code, so it reveals nothing.
 */
export async function consumeVerificationOtp(
  db: Kysely<Database>,
  input: OtpOwner & { purpose: VerificationPurpose; otp: string },
): Promise<{ target: string | null; userId: string | null }> {
  if ("challengeId" in input) {
    const key = `otp:${input.purpose}:${input.challengeId}`;
    const tries = await takeFromLimit(db, key, CHALLENGE_OTP_LIMIT);
    if (tries === null) throw new AppError(429, VERIFICATION_MESSAGES.challengeLocked);
    const code = await findPendingCode(db, input);
    if (!code || code.code_hash !== hashSecret(input.otp) || !(await takeCodeTry(db, code.id))) {
      if (tries >= CHALLENGE_OTP_LIMIT.max) {
        throw new AppError(429, VERIFICATION_MESSAGES.challengeLocked);
      }
      throw new AppError(400, VERIFICATION_MESSAGES.invalid);
    }
    if (code.expires_at <= nowIso()) throw new AppError(400, VERIFICATION_MESSAGES.expired);
    if (!(await markConsumed(db, code.id))) throw new AppError(400, VERIFICATION_MESSAGES.invalid);
    await clearLimit(db, key);
    return { target: code.target, userId: code.user_id };
  }
  const code = await findPendingCode(db, input);
  if (!code) throw new AppError(400, VERIFICATION_MESSAGES.none);
  // The person's tries of this purpose are counted across resent codes too, as a sign-up
  // challenge's are: a resend is a new code, not five new guesses (issue 26).
  const key = ownerOtpLimitKey(input.purpose, input.userId);
  const tries = await takeFromLimit(db, key, CHALLENGE_OTP_LIMIT);
  if (tries === null) throw new AppError(429, VERIFICATION_MESSAGES.challengeLocked);
  const attempts = await takeCodeTry(db, code.id);
  if (attempts === null) throw new AppError(429, VERIFICATION_MESSAGES.locked);
  if (code.expires_at <= nowIso()) throw new AppError(400, VERIFICATION_MESSAGES.expired);
  if (code.code_hash !== hashSecret(input.otp)) {
    if (tries >= CHALLENGE_OTP_LIMIT.max) {
      throw new AppError(429, VERIFICATION_MESSAGES.challengeLocked);
    }
    throw new AppError(
      attempts >= OTP_MAX_ATTEMPTS ? 429 : 400,
      attempts >= OTP_MAX_ATTEMPTS ? VERIFICATION_MESSAGES.locked : VERIFICATION_MESSAGES.invalid,
    );
  }
  if (!(await markConsumed(db, code.id))) throw new AppError(400, VERIFICATION_MESSAGES.none);
  await clearLimit(db, key);
  return { target: code.target, userId: code.user_id };
}

/** The key of a signed-in person's (or demo visitor's) wrong tries of one purpose. */
export function ownerOtpLimitKey(purpose: VerificationPurpose, userId: string): string {
  return `otp:${purpose}:user:${userId}`;
}

function findPendingCode(db: Kysely<Database>, input: OtpOwner & { purpose: VerificationPurpose }) {
  let query = db
    .selectFrom("verification_codes")
    .selectAll()
    .where("purpose", "=", input.purpose)
    .where("consumed_at", "is", null);
  query =
    "challengeId" in input
      ? query.where("challenge_id", "=", input.challengeId)
      : query.where("user_id", "=", input.userId);
  return query.orderBy("created_at", "desc").executeTakeFirst();
}

/** Counts one try on a code; the count after it, or null when the code is already locked. */
async function takeCodeTry(db: Kysely<Database>, id: string): Promise<number | null> {
  const row = await db
    .updateTable("verification_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("attempts", "<", OTP_MAX_ATTEMPTS)
    .returning("attempts")
    .executeTakeFirst();
  return row ? row.attempts : null;
}

/** Whether the person has ever proven a code of this purpose (a demo sign-in, say). */
export async function hasConsumedCode(
  db: Kysely<Database>,
  userId: string,
  purpose: VerificationPurpose,
): Promise<boolean> {
  const row = await db
    .selectFrom("verification_codes")
    .select("id")
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("consumed_at", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Checks a link token and consumes it; returns whose it was and what it was for. */
export async function consumeVerificationToken(
  db: Kysely<Database>,
  input: { token: string; purpose: VerificationPurpose },
): Promise<{ userId: string; target: string | null }> {
  const code = await db
    .selectFrom("verification_codes")
    .selectAll()
    .where("token_hash", "=", hashSecret(input.token))
    .where("purpose", "=", input.purpose)
    .executeTakeFirst();
  if (!code?.user_id || code.consumed_at || code.expires_at <= nowIso()) {
    throw new AppError(400, VERIFICATION_MESSAGES.invalidLink);
  }
  if (!(await markConsumed(db, code.id)))
    throw new AppError(400, VERIFICATION_MESSAGES.invalidLink);
  return { userId: code.user_id, target: code.target };
}

/** Consumes a code once: false when another request consumed it first. */
async function markConsumed(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable("verification_codes")
    .set({ consumed_at: nowIso() })
    .where("id", "=", id)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
