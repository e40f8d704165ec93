import { randomInt } from "node:crypto";
import { SESSION_MESSAGES, type SignUpInput } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError, conflict } from "../../http/errors.ts";
import { isoAfter, nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { enqueueMessage } from "../messaging/outbox.ts";
import type { AuthDeps } from "../module-deps.ts";
import { ACCESS_TOKEN_TTL_SECONDS, SESSION_TTL_SECONDS } from "./auth.cookies.ts";
import * as users from "./auth.repository.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { hashSecret, newSecretToken, signAccessToken } from "./tokens.ts";
import {
  consumeVerificationOtp,
  consumeVerificationToken,
  issueVerificationCode,
} from "./verification.ts";

export type { AuthDeps };

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

export interface ClientMeta {
  userAgent: string | undefined;
  ip: string | undefined;
}

export const AUTH_MESSAGES = {
  wrongCredentials: "Incorrect email or password.",
  emailTaken: "An account with this email already exists. Please sign in.",
  mobileTaken: "This mobile number is already used by another account.",
  signedOut: "You have been successfully logged out.",
  resetSent: "If an account exists for this email, we have sent a code to reset the password.",
  passwordChanged: "Your password has been changed. Please sign in.",
} as const;

/** The own-user record the client shows (spec 3: name and userSupportId among others). */
export function presentUser(user: users.UserRow) {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    mobileNumber: user.mobile,
    userSupportId: user.support_id,
    emailVerified: user.email_verified === 1,
    mobileVerified: user.mobile_verified === 1,
    hasPassword: user.password_hash !== null,
  };
}

// Support ids are read out over the phone: no 0/O or 1/I.
const SUPPORT_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export function newSupportId(): string {
  let id = "BH";
  for (let i = 0; i < 8; i += 1) id += SUPPORT_ALPHABET[randomInt(SUPPORT_ALPHABET.length)];
  return id;
}

export async function signUp(deps: AuthDeps, input: SignUpInput) {
  const passwordHash = await hashPassword(input.password);
  const result = await deps.db.transaction().execute(async (trx) => {
    const existing = await users.findUserByEmail(trx, input.email);
    if (existing?.email_verified === 1) throw conflict(AUTH_MESSAGES.emailTaken);
    const now = nowIso();
    const userId = existing?.id ?? newId();
    if (existing) {
      // A sign-up that was never verified can be started again, with the new details.
      await users.updateUser(trx, userId, {
        name: input.name,
        mobile: input.mobileNumber,
        password_hash: passwordHash,
        updated_at: now,
      });
    } else {
      await users.insertUser(trx, {
        id: userId,
        name: input.name,
        email: input.email,
        mobile: input.mobileNumber,
        password_hash: passwordHash,
        support_id: newSupportId(),
        email_verified: 0,
        mobile_verified: 0,
        source: input.source1 ?? null,
        created_at: now,
        updated_at: now,
      });
    }
    await sendSignUpCode(deps, trx, { userId, email: input.email, name: input.name });
    return { userId, email: input.email };
  });
  deps.sendQueuedMessages();
  return result;
}

async function sendSignUpCode(
  deps: AuthDeps,
  db: Kysely<Database>,
  user: { userId: string; email: string; name: string },
) {
  const code = await issueVerificationCode(db, {
    userId: user.userId,
    purpose: "signup",
    target: user.email,
    withLink: true,
  });
  const link = `${deps.publicUrl}/verify/signup/token/${code.token}`;
  await enqueueMessage(db, {
    channel: "email",
    recipient: user.email,
    subject: `${code.otp} is your Bahi verification code`,
    text: [
      `Hello ${user.name},`,
      "",
      `Your Bahi verification code is ${code.otp}. It is valid for 10 minutes.`,
      "",
      `Or open this link to verify your email address: ${link}`,
      "",
      "If you did not sign up for Bahi, ignore this email.",
    ].join("\n"),
  });
}

export async function verifySignUpWithOtp(
  deps: AuthDeps,
  input: { userId: string; otp: string },
  meta: ClientMeta,
) {
  await consumeVerificationOtp(deps.db, {
    userId: input.userId,
    purpose: "signup",
    otp: input.otp,
  });
  return completeSignUp(deps, input.userId, meta);
}

export async function verifySignUpWithToken(deps: AuthDeps, token: string, meta: ClientMeta) {
  const { userId } = await consumeVerificationToken(deps.db, { token, purpose: "signup" });
  return completeSignUp(deps, userId, meta);
}

async function completeSignUp(deps: AuthDeps, userId: string, meta: ClientMeta) {
  await users.updateUser(deps.db, userId, { email_verified: 1, updated_at: nowIso() });
  const user = await users.findUserById(deps.db, userId);
  if (!user) throw new AppError(404, "User not found.");
  return { user, tokens: await startSession(deps, user.id, meta) };
}

export type SignInResult =
  | { kind: "signedIn"; user: users.UserRow; tokens: SessionTokens }
  | { kind: "verificationRequired"; userId: string; email: string };

export async function signIn(
  deps: AuthDeps,
  input: { username: string; password: string },
  meta: ClientMeta,
): Promise<SignInResult> {
  const username = input.username.trim();
  const user = username.includes("@")
    ? await users.findUserByEmail(deps.db, username)
    : await users.findUserByMobile(
        deps.db,
        username.replace(/\D/g, "").replace(/^0(?=\d{10}$)/, ""),
      );
  // One message for an unknown person and a wrong password, so neither can be probed.
  if (!user || !(await verifyPassword(input.password, user.password_hash))) {
    throw new AppError(401, AUTH_MESSAGES.wrongCredentials);
  }
  if (user.email_verified !== 1) {
    await deps.db
      .transaction()
      .execute((trx) =>
        sendSignUpCode(deps, trx, { userId: user.id, email: user.email, name: user.name }),
      );
    deps.sendQueuedMessages();
    return { kind: "verificationRequired", userId: user.id, email: user.email };
  }
  return { kind: "signedIn", user, tokens: await startSession(deps, user.id, meta) };
}

export async function startSession(
  deps: AuthDeps,
  userId: string,
  meta: ClientMeta,
): Promise<SessionTokens> {
  const sessionId = newId();
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await users.insertSession(trx, {
      id: sessionId,
      user_id: userId,
      created_at: now,
      expires_at: isoAfter(SESSION_TTL_SECONDS * 1000),
      revoked_at: null,
      revoked_reason: null,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip ?? null,
    });
  });
  return issueTokens(deps, userId, sessionId);
}

async function issueTokens(
  deps: AuthDeps,
  userId: string,
  sessionId: string,
): Promise<SessionTokens> {
  const refreshToken = newSecretToken();
  await users.insertRefreshToken(deps.db, {
    id: newId(),
    session_id: sessionId,
    token_hash: hashSecret(refreshToken),
    created_at: nowIso(),
    expires_at: isoAfter(SESSION_TTL_SECONDS * 1000),
    used_at: null,
  });
  const accessToken = signAccessToken(
    { userId, sessionId, exp: Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS },
    deps.cookieSecret,
  );
  return { accessToken, refreshToken };
}

// Two tabs refreshing at once present the same token; within this window the second is treated
// as a race, not as theft, and gets its own new token instead of ending the session.
const REFRESH_RACE_WINDOW_MS = 10_000;

/** Rotates a refresh token. A spent one presented again (after the race window) revokes the family. */
export async function refreshSession(deps: AuthDeps, refreshToken: string | undefined) {
  if (!refreshToken) throw new AppError(401, SESSION_MESSAGES.refreshTokenInvalid);
  const token = await users.findRefreshToken(deps.db, hashSecret(refreshToken));
  if (!token || token.session_revoked_at) {
    throw new AppError(401, SESSION_MESSAGES.refreshTokenInvalid);
  }
  const now = nowIso();
  if (token.expires_at <= now || token.session_expires_at <= now) {
    throw new AppError(401, SESSION_MESSAGES.refreshTokenExpired);
  }
  const spent = token.used_at !== null || !(await users.spendRefreshToken(deps.db, token.id, now));
  if (spent) {
    const usedAt = token.used_at ?? now;
    if (Date.now() - Date.parse(usedAt) > REFRESH_RACE_WINDOW_MS) {
      await users.revokeSession(deps.db, token.session_id, "refresh token reused", now);
      throw new AppError(401, SESSION_MESSAGES.refreshTokenInvalid);
    }
  }
  return issueTokens(deps, token.user_id, token.session_id);
}

export async function signOut(deps: AuthDeps, sessionId: string): Promise<void> {
  await users.revokeSession(deps.db, sessionId, "signed out", nowIso());
}

/**
 * Always answers the same way, whether or not the email is known. The id returned is the
 * person's for a known email and a random one otherwise, so the OTP screen works alike for both.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string) {
  const user = await users.findUserByEmail(deps.db, email);
  if (!user) return { userId: newId() };
  await deps.db.transaction().execute(async (trx) => {
    const code = await issueVerificationCode(trx, {
      userId: user.id,
      purpose: "reset_password",
      target: user.email,
      withLink: true,
    });
    const link = `${deps.publicUrl}/verify/reset/token/${code.token}`;
    await enqueueMessage(trx, {
      channel: "email",
      recipient: user.email,
      subject: `${code.otp} is your Bahi password reset code`,
      text: [
        `Hello ${user.name},`,
        "",
        `Your Bahi password reset code is ${code.otp}. It is valid for 10 minutes.`,
        "",
        `Or open this link to choose a new password: ${link}`,
        "",
        "If you did not ask to reset your password, ignore this email; your password is unchanged.",
      ].join("\n"),
    });
  });
  deps.sendQueuedMessages();
  return { userId: user.id };
}

export async function resetPasswordWithOtp(
  deps: AuthDeps,
  input: { userId: string; otp: string; password: string },
) {
  const user = await users.findUserById(deps.db, input.userId);
  if (!user) throw new AppError(400, "OTP is not valid.");
  await consumeVerificationOtp(deps.db, {
    userId: user.id,
    purpose: "reset_password",
    otp: input.otp,
  });
  await setNewPassword(deps, user.id, input.password);
}

export async function resetPasswordWithToken(
  deps: AuthDeps,
  input: { token: string; password: string },
) {
  const { userId } = await consumeVerificationToken(deps.db, {
    token: input.token,
    purpose: "reset_password",
  });
  await setNewPassword(deps, userId, input.password);
}

/** A new password ends every session: whoever knew the old one is signed out everywhere. */
async function setNewPassword(deps: AuthDeps, userId: string, password: string) {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    // Proving control of the mailbox by OTP or link also verifies it.
    await users.updateUser(trx, userId, {
      password_hash: passwordHash,
      email_verified: 1,
      updated_at: now,
    });
    await users.revokeAllSessionsOfUser(trx, userId, "password reset", now);
  });
}
