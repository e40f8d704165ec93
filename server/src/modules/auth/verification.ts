import type { Kysely } from "kysely";
import type { Database, VerificationPurpose } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { isoAfter, MINUTE, nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { hashSecret, newOtp, newSecretToken } from "./tokens.ts";

export const OTP_TTL_MS = 10 * MINUTE;
export const OTP_MAX_ATTEMPTS = 5;

export const VERIFICATION_MESSAGES = {
  invalid: "OTP is not valid.",
  expired: "OTP has expired. Please request a new one.",
  locked: "Too many wrong attempts. Please request a new OTP.",
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
  input: { userId: string; purpose: VerificationPurpose; target?: string; withLink?: boolean },
): Promise<IssuedCode> {
  const otp = newOtp();
  const token = input.withLink ? newSecretToken() : null;
  const now = nowIso();
  await db
    .updateTable("verification_codes")
    .set({ consumed_at: now })
    .where("user_id", "=", input.userId)
    .where("purpose", "=", input.purpose)
    .where("consumed_at", "is", null)
    .execute();
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
    })
    .execute();
  return { otp, token };
}

/**
 * Checks an OTP and consumes it when right. A wrong try is counted even when the request fails, so
 * the count is written outside the caller's transaction; after 5 the code is locked (spec issue 4).
 */
export async function consumeVerificationOtp(
  db: Kysely<Database>,
  input: { userId: string; purpose: VerificationPurpose; otp: string },
): Promise<{ target: string | null }> {
  const code = await db
    .selectFrom("verification_codes")
    .selectAll()
    .where("user_id", "=", input.userId)
    .where("purpose", "=", input.purpose)
    .where("consumed_at", "is", null)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!code) throw new AppError(400, VERIFICATION_MESSAGES.none);
  if (code.attempts >= OTP_MAX_ATTEMPTS) throw new AppError(429, VERIFICATION_MESSAGES.locked);
  if (code.expires_at <= nowIso()) throw new AppError(400, VERIFICATION_MESSAGES.expired);
  if (code.code_hash !== hashSecret(input.otp)) {
    const attempts = code.attempts + 1;
    await db
      .updateTable("verification_codes")
      .set({ attempts })
      .where("id", "=", code.id)
      .execute();
    throw new AppError(
      attempts >= OTP_MAX_ATTEMPTS ? 429 : 400,
      attempts >= OTP_MAX_ATTEMPTS ? VERIFICATION_MESSAGES.locked : VERIFICATION_MESSAGES.invalid,
    );
  }
  await markConsumed(db, code.id);
  return { target: code.target };
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
  await markConsumed(db, code.id);
  return { userId: code.user_id, target: code.target };
}

async function markConsumed(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable("verification_codes")
    .set({ consumed_at: nowIso() })
    .where("id", "=", id)
    .execute();
}
