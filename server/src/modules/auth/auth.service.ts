import { createHmac, randomInt } from "node:crypto";
import { passwordProblem, SESSION_MESSAGES, type SignUpInput } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { isoAfter, MINUTE, nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { enqueueMessage } from "../messaging/outbox.ts";
import type { AuthDeps } from "../module-deps.ts";
import { ACCESS_TOKEN_TTL_SECONDS, SESSION_TTL_SECONDS } from "./auth.cookies.ts";
import * as users from "./auth.repository.ts";
import {
  clearLimit,
  endSignInTry,
  signInLimitKey,
  takeFromLimit,
  type WindowLimit,
  waitForSignInTry,
} from "./auth-limits.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { hashSecret, newSecretToken, signAccessToken } from "./tokens.ts";
import {
  consumeVerificationOtp,
  consumeVerificationToken,
  issueVerificationCode,
  VERIFICATION_MESSAGES,
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
  signInBusy: "Another sign-in to this account is being checked. Please try again in a moment.",
  tooManySignIns: (seconds: number) =>
    `Too many wrong passwords for this account. Please try again in ${describeWait(seconds)}, or reset your password.`,
  sendWait: "Please wait a minute before asking for another code.",
  sendTooMany: "Too many codes asked for. Please try again in an hour.",
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

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * The id a sign-up or reset answer carries and its OTP call names (spec: `userId`): derived from the
 * email alone, with the server's secret, so it is the same for a known and an unknown email and
 * across resends, and reveals nothing about the account (issue 26).
 */
export function challengeIdFor(secret: string, purpose: string, email: string): string {
  const hex = createHmac("sha256", secret)
    .update(`challenge\n${purpose}\n${email.toLowerCase()}`)
    .digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

// Codes mailed on sign-up, sign-in of an unverified account and password reset (issue 26): per
// email and purpose one a minute and five an hour; per client address AUTH_CODE_SENDS_PER_HOUR.
const SENDS_PER_EMAIL: WindowLimit = { max: 5, windowMs: 60 * MINUTE, minIntervalMs: MINUTE };

/** Takes one send for an email (and the client's address); false for "wait a minute". */
async function takeCodeSend(
  deps: AuthDeps,
  purpose: string,
  email: string,
  ip: string | undefined,
): Promise<"ok" | "wait" | "tooMany"> {
  const perEmail = await takeFromLimit(deps.db, `send:${purpose}:${email}`, SENDS_PER_EMAIL);
  if (perEmail === null) {
    const row = await deps.db
      .selectFrom("auth_limits")
      .select("count")
      .where("key", "=", `send:${purpose}:${email}`)
      .executeTakeFirst();
    return (row?.count ?? 0) >= SENDS_PER_EMAIL.max ? "tooMany" : "wait";
  }
  if (
    ip &&
    (await takeFromLimit(deps.db, `sendip:${ip}`, {
      max: deps.codeSendsPerHourPerAddress,
      windowMs: 60 * MINUTE,
    })) === null
  ) {
    return "tooMany";
  }
  return "ok";
}

async function assertMaySendCode(
  deps: AuthDeps,
  purpose: string,
  email: string,
  ip: string | undefined,
) {
  const verdict = await takeCodeSend(deps, purpose, email, ip);
  if (verdict === "wait") throw new AppError(429, AUTH_MESSAGES.sendWait);
  if (verdict === "tooMany") throw new AppError(429, AUTH_MESSAGES.sendTooMany);
}

/**
 * Starts (or restarts) a sign-up. The answer is the same whether the email is new or taken: a
 * taken address is mailed a note that it already has an account, instead of being told so on the
 * screen (issue 26).
 */
export async function signUp(deps: AuthDeps, input: SignUpInput, meta?: Partial<ClientMeta>) {
  const challengeId = challengeIdFor(deps.cookieSecret, "signup", input.email);
  await assertMaySendCode(deps, "signup", input.email, meta?.ip);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    const existing = await users.findUserByEmail(trx, input.email);
    if (existing?.email_verified === 1) {
      await enqueueMessage(trx, {
        channel: "email",
        recipient: existing.email,
        subject: "You already have a Bahi account",
        text: [
          `Hello ${existing.name},`,
          "",
          "Someone (perhaps you) tried to sign up for Bahi with this email address, which already has an account.",
          "",
          `To sign in, open ${deps.publicUrl}/login. If you have forgotten your password, reset it at ${deps.publicUrl}/forgetPassword.`,
          "",
          "If it was not you, ignore this email; nothing has changed.",
        ].join("\n"),
      });
      return;
    }
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
    await sendSignUpCode(deps, trx, { userId, email: input.email, name: input.name, challengeId });
  });
  deps.sendQueuedMessages();
  return { userId: challengeId, email: input.email };
}

async function sendSignUpCode(
  deps: AuthDeps,
  db: Kysely<Database>,
  user: { userId: string; email: string; name: string; challengeId: string },
) {
  const code = await issueVerificationCode(db, {
    userId: user.userId,
    purpose: "signup",
    target: user.email,
    withLink: true,
    challengeId: user.challengeId,
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
  const { userId } = await consumeVerificationOtp(deps.db, {
    challengeId: input.userId,
    purpose: "signup",
    otp: input.otp,
  });
  if (!userId) throw new AppError(400, VERIFICATION_MESSAGES.invalid);
  return completeSignUp(deps, userId, meta);
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
  | { kind: "verificationRequired"; userId: string; email: string; sent: boolean };

// Unknown people and people without a password are checked against this, so a wrong password
// costs the same time whether or not the account exists (issue 26).
// The hash of nobody: random salt and key with the parameters of hashPassword, written here
// rather than made on the first unknown sign-in (which then did the work of two hashes).
const HASH_OF_NOBODY =
  "scrypt$32768$8$1$2WUapM1aNISNtDQjyXN4Zw$d-MuSHXTmGzoCbHWTS7X6HMQzf7NdL1i2vCAsQ_n4NY";

const signInsInLine = new Map<string, Promise<unknown>>();

/** Runs `work` after the tries of the same account that came before it in this process. */
function oneTryAtATime<T>(identifier: string, work: () => Promise<T>): Promise<T> {
  const before = signInsInLine.get(identifier) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  signInsInLine.set(identifier, settled);
  void settled.then(() => {
    if (signInsInLine.get(identifier) === settled) signInsInLine.delete(identifier);
  });
  return run;
}

/** One sign-in try: the account's lease, the password checked, the try's outcome recorded. */
async function checkSignIn(
  deps: AuthDeps,
  identifier: string,
  byEmail: boolean,
  password: string,
): Promise<{ user: users.UserRow | undefined; passwordRight: boolean }> {
  const attempt = await waitForSignInTry(deps.db, identifier);
  if (!attempt.ok) {
    throw new AppError(
      429,
      attempt.busy
        ? AUTH_MESSAGES.signInBusy
        : AUTH_MESSAGES.tooManySignIns(attempt.retryAfterSeconds),
    );
  }
  let user: users.UserRow | undefined;
  let passwordRight = false;
  try {
    user = byEmail
      ? await users.findUserByEmail(deps.db, identifier)
      : await users.findUserByMobile(deps.db, identifier);
    // An unknown person, or one without a password, is checked against the hash of nobody: the
    // same work, so a wrong password costs the same time either way.
    const stored = user?.password_hash ?? HASH_OF_NOBODY;
    passwordRight = (await verifyPassword(password, stored)) && Boolean(user?.password_hash);
  } finally {
    await endSignInTry(deps.db, attempt, passwordRight);
  }
  return { user, passwordRight };
}

export async function signIn(
  deps: AuthDeps,
  input: { username: string; password: string },
  meta: ClientMeta,
): Promise<SignInResult> {
  const username = input.username.trim();
  const byEmail = username.includes("@");
  const identifier = byEmail
    ? username.toLowerCase()
    : username.replace(/\D/g, "").replace(/^0(?=\d{10}$)/, "");
  // Tries of one account are checked one by one (the database's lease holds across servers);
  // in this process they wait in line for each other rather than poll the lease.
  const attempt = await oneTryAtATime(identifier, () =>
    checkSignIn(deps, identifier, byEmail, input.password),
  );
  const { user, passwordRight } = attempt;
  // One message for an unknown person and a wrong password, so neither can be probed.
  if (!user || !passwordRight) throw new AppError(401, AUTH_MESSAGES.wrongCredentials);
  if (user.email_verified !== 1) {
    const known = user;
    const challengeId = challengeIdFor(deps.cookieSecret, "signup", known.email);
    // The right password proves the person; within the send limits a fresh code goes out, and
    // past them the code already mailed stands.
    const verdict = await takeCodeSend(deps, "signup", known.email, meta.ip);
    if (verdict === "ok") {
      await deps.db.transaction().execute((trx) =>
        sendSignUpCode(deps, trx, {
          userId: known.id,
          email: known.email,
          name: known.name,
          challengeId,
        }),
      );
      deps.sendQueuedMessages();
    }
    return {
      kind: "verificationRequired",
      userId: challengeId,
      email: known.email,
      sent: verdict === "ok",
    };
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
 * Always answers the same way, whether or not the email is known (issue 26): the same send limits,
 * the same challenge id (challengeIdFor), and a code row written for both (an unknown email's has
 * no person and is mailed to nobody), so neither the answer nor its time tells them apart.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, ip?: string) {
  const challengeId = challengeIdFor(deps.cookieSecret, "reset_password", email);
  await assertMaySendCode(deps, "reset_password", email, ip);
  const user = await users.findUserByEmail(deps.db, email);
  await deps.db.transaction().execute(async (trx) => {
    const code = await issueVerificationCode(trx, {
      userId: user?.id ?? null,
      purpose: "reset_password",
      target: email,
      withLink: true,
      challengeId,
    });
    if (!user) return;
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
  if (user) deps.sendQueuedMessages();
  return { userId: challengeId };
}

export async function resetPasswordWithOtp(
  deps: AuthDeps,
  input: { userId: string; otp: string; password: string },
) {
  const { userId } = await consumeVerificationOtp(deps.db, {
    challengeId: input.userId,
    purpose: "reset_password",
    otp: input.otp,
  });
  if (!userId) throw new AppError(400, VERIFICATION_MESSAGES.invalid);
  await setNewPassword(deps, userId, input.password);
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
  const person = await users.findUserById(deps.db, userId);
  if (!person) throw new AppError(400, VERIFICATION_MESSAGES.invalid);
  assertPasswordAllowed(password, person);
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
  // A reset proves the mailbox: the wrong-password wait on the account ends with it.
  await clearLimit(deps.db, signInLimitKey(person.email));
  if (person.mobile) await clearLimit(deps.db, signInLimitKey(person.mobile));
}

/** The person-dependent half of the password policy (domain's passwordProblem), as a 400. */
export function assertPasswordAllowed(
  password: string,
  person: { name: string; email: string },
  path = "password",
): void {
  const problem = passwordProblem(password, person);
  if (problem) throw new AppError(400, problem, [{ path, message: problem }]);
}
