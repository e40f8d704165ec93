import type { Kysely } from "kysely";
import type { Database, VerificationPurpose } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import * as people from "../auth/auth.repository.ts";
import { AUTH_MESSAGES, assertPasswordAllowed, presentUser } from "../auth/auth.service.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { consumeVerificationOtp, VERIFICATION_MESSAGES } from "../auth/verification.ts";
import { enqueueMessage } from "../messaging/outbox.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { sendContactCode } from "./contact-codes.ts";
import {
  findOtherUserWithEmail,
  findOtherUserWithVerifiedMobile,
  findPendingCode,
  setFirstPassword,
} from "./users.repository.ts";
import type {
  AddMobileInput,
  ChangeEmailInput,
  ChangeMobileInput,
  ResetPasswordInput,
  VerifyAddMobileOtpInput,
} from "./users.schemas.ts";

export const USER_MESSAGES = {
  notFound: "User not found.",
  wrongPassword: "Password is not correct.",
  noPasswordYet: "No password is set yet. Please set a password first.",
  passwordAlreadySet: "A password is already set. Please use change password instead.",
  samePassword: "The new password must be different from the current one.",
  passwordSet: "Your password has been set.",
  passwordChanged: "Your password has been changed. Other devices have been signed out.",
  emailTaken: "This email address is already used by another account.",
  sameEmail: "This is already your email address.",
  noEmailChange: "No email change is pending. Please start again.",
  emailChanged: "Your email address has been changed.",
  mobileTaken: AUTH_MESSAGES.mobileTaken,
  sameMobile: "This is already your mobile number.",
  noMobileChange: "No mobile number change is pending. Please start again.",
  noMobile: "Please add a mobile number first.",
  mobileAlreadyVerified: "Your mobile number is already verified.",
  hasVerifiedMobile: "You already have a verified mobile number. Please use change mobile instead.",
  otherMobile: "This OTP was sent to another mobile number. Please request a new one.",
  mobileChangedMeanwhile:
    "Your mobile number has changed since this OTP was sent. Please request a new one.",
  mobileVerified: "Your mobile number has been verified.",
  mobileChanged: "Your mobile number has been changed.",
  emailCodeSent: "We have sent a 6-digit code to your new email address.",
  smsCodeSent: "We have sent a 6-digit code to your mobile number.",
} as const;

type UserRow = people.UserRow;

async function loadUser(db: Kysely<Database>, userId: string): Promise<UserRow> {
  const user = await people.findUserById(db, userId);
  if (!user) throw notFound(USER_MESSAGES.notFound);
  return user;
}

/** The caller proves it is them again before a contact detail moves. */
async function assertPassword(user: UserRow, password: string): Promise<void> {
  if (user.password_hash === null) throw badRequest(USER_MESSAGES.noPasswordYet);
  // 400, not 401: a 401 makes the client refresh its session or sign out (spec/api.md §8).
  if (!(await verifyPassword(password, user.password_hash))) {
    throw badRequest(USER_MESSAGES.wrongPassword);
  }
}

export async function getOwnUser(deps: ModuleDeps, userId: string) {
  return presentUser(await loadUser(deps.db, userId));
}

/** "Hash status" is whether a password hash exists: demo visitors sign in by OTP and have none. */
export async function hasPassword(deps: ModuleDeps, userId: string): Promise<boolean> {
  return (await loadUser(deps.db, userId)).password_hash !== null;
}

export async function changeName(deps: ModuleDeps, userId: string, name: string) {
  await loadUser(deps.db, userId);
  await people.updateUser(deps.db, userId, { name, updated_at: nowIso() });
  return presentUser(await loadUser(deps.db, userId));
}

// --- Email -----------------------------------------------------------------------------------

export async function requestEmailChange(
  deps: ModuleDeps,
  userId: string,
  input: ChangeEmailInput,
): Promise<void> {
  const user = await loadUser(deps.db, userId);
  await assertPassword(user, input.password);
  if (input.newEmail === user.email) throw badRequest(USER_MESSAGES.sameEmail);
  await sendEmailChangeCode(deps, userId, input.newEmail);
}

export async function resendEmailChangeCode(deps: ModuleDeps, userId: string): Promise<void> {
  const pending = await findPendingCode(deps.db, userId, ["change_email"]);
  if (!pending?.target) throw badRequest(USER_MESSAGES.noEmailChange);
  await sendEmailChangeCode(deps, userId, pending.target);
}

async function sendEmailChangeCode(deps: ModuleDeps, userId: string, newEmail: string) {
  await deps.db.transaction().execute(async (trx) => {
    if (await findOtherUserWithEmail(trx, newEmail, userId)) {
      throw conflict(USER_MESSAGES.emailTaken);
    }
    await sendContactCode(trx, {
      userId,
      purpose: "change_email",
      target: newEmail,
      delivery: {
        channel: "email",
        email: newEmail,
        subject: "code to change your email address",
        lead: "You asked to use this address for your Bahi account.",
      },
    });
  });
  deps.sendQueuedMessages();
}

export async function confirmEmailChange(deps: ModuleDeps, userId: string, otp: string) {
  const { target } = await consumeVerificationOtp(deps.db, {
    userId,
    purpose: "change_email",
    otp,
  });
  if (!target) throw badRequest(VERIFICATION_MESSAGES.none);
  const before = await loadUser(deps.db, userId);
  await applyContactChange(deps, USER_MESSAGES.emailTaken, async (trx) => {
    if (await findOtherUserWithEmail(trx, target, userId)) {
      throw conflict(USER_MESSAGES.emailTaken);
    }
    // The code reached the new mailbox, so the address stays verified.
    await people.updateUser(trx, userId, {
      email: target,
      email_verified: 1,
      updated_at: nowIso(),
    });
    // The old address hears of it, in case the change was not the owner's doing.
    await enqueueMessage(trx, {
      channel: "email",
      recipient: before.email,
      subject: "Your Bahi email address was changed",
      text: [
        `Hello ${before.name},`,
        "",
        "The email address of your Bahi account was changed to:",
        target,
        "",
        "If you did not do this, reply to this email at once.",
      ].join("\n"),
    });
  });
  deps.sendQueuedMessages();
  return presentUser(await loadUser(deps.db, userId));
}

// --- Mobile ----------------------------------------------------------------------------------

export async function requestMobileChange(
  deps: ModuleDeps,
  userId: string,
  input: ChangeMobileInput,
): Promise<void> {
  const user = await loadUser(deps.db, userId);
  await assertPassword(user, input.password);
  if (input.newMobile === user.mobile && user.mobile_verified === 1) {
    throw badRequest(USER_MESSAGES.sameMobile);
  }
  await sendMobileCode(deps, userId, "change_mobile", input.newMobile);
}

export async function resendMobileChangeCode(deps: ModuleDeps, userId: string): Promise<void> {
  const pending = await findPendingCode(deps.db, userId, ["change_mobile"]);
  if (!pending?.target) throw badRequest(USER_MESSAGES.noMobileChange);
  await sendMobileCode(deps, userId, "change_mobile", pending.target);
}

/** add-mobile is for a person without a verified number; a verified one is changed instead. */
export async function requestMobileAddition(
  deps: ModuleDeps,
  userId: string,
  input: AddMobileInput,
): Promise<void> {
  const user = await loadUser(deps.db, userId);
  if (user.mobile_verified === 1) throw badRequest(USER_MESSAGES.hasVerifiedMobile);
  await sendMobileCode(deps, userId, "add_mobile", input.mobile);
}

export async function confirmMobileAddition(
  deps: ModuleDeps,
  userId: string,
  input: VerifyAddMobileOtpInput,
) {
  const pending = await findPendingCode(deps.db, userId, ["add_mobile"]);
  if (!pending) throw badRequest(VERIFICATION_MESSAGES.none);
  if (pending.target !== input.mobile) throw badRequest(USER_MESSAGES.otherMobile);
  await consumeVerificationOtp(deps.db, { userId, purpose: "add_mobile", otp: input.otp });
  return setVerifiedMobile(deps, userId, input.mobile);
}

/** send- and resend-mobile-verification-otp alike: the target is always the current number. */
export async function requestMobileVerification(deps: ModuleDeps, userId: string): Promise<void> {
  const user = await loadUser(deps.db, userId);
  if (!user.mobile) throw badRequest(USER_MESSAGES.noMobile);
  if (user.mobile_verified === 1) throw badRequest(USER_MESSAGES.mobileAlreadyVerified);
  await sendMobileCode(deps, userId, "verify_mobile", user.mobile);
}

/**
 * POST /user/verify-mobile-otp confirms both a change of number and the verification of the
 * current one (the spec names no route for the latter): the newest pending code of the two decides.
 */
export async function confirmMobileCode(deps: ModuleDeps, userId: string, otp: string) {
  const pending = await findPendingCode(deps.db, userId, ["change_mobile", "verify_mobile"]);
  if (!pending) throw badRequest(VERIFICATION_MESSAGES.none);
  const { target } = await consumeVerificationOtp(deps.db, {
    userId,
    purpose: pending.purpose,
    otp,
  });
  if (!target) throw badRequest(VERIFICATION_MESSAGES.none);
  if (pending.purpose === "verify_mobile") {
    const user = await loadUser(deps.db, userId);
    if (user.mobile !== target) throw badRequest(USER_MESSAGES.mobileChangedMeanwhile);
  }
  return {
    purpose: pending.purpose,
    user: await setVerifiedMobile(deps, userId, target),
  };
}

async function sendMobileCode(
  deps: ModuleDeps,
  userId: string,
  purpose: VerificationPurpose,
  mobile: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (await findOtherUserWithVerifiedMobile(trx, mobile, userId)) {
      throw conflict(USER_MESSAGES.mobileTaken);
    }
    await sendContactCode(trx, {
      userId,
      purpose,
      target: mobile,
      delivery: { channel: "sms", mobile },
    });
  });
  deps.sendQueuedMessages();
}

async function setVerifiedMobile(deps: ModuleDeps, userId: string, mobile: string) {
  await applyContactChange(deps, USER_MESSAGES.mobileTaken, async (trx) => {
    if (await findOtherUserWithVerifiedMobile(trx, mobile, userId)) {
      throw conflict(USER_MESSAGES.mobileTaken);
    }
    await people.updateUser(trx, userId, { mobile, mobile_verified: 1, updated_at: nowIso() });
  });
  return presentUser(await loadUser(deps.db, userId));
}

/**
 * Runs a contact change in one transaction. The look-up inside catches the usual clash; the unique
 * index catches two people verifying the same address at the same moment.
 */
async function applyContactChange(
  deps: ModuleDeps,
  takenMessage: string,
  change: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  try {
    await deps.db.transaction().execute(change);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(takenMessage);
    throw error;
  }
}

// --- Password --------------------------------------------------------------------------------

export async function setPassword(deps: ModuleDeps, userId: string, password: string) {
  const user = await loadUser(deps.db, userId);
  if (user.password_hash !== null) throw badRequest(USER_MESSAGES.passwordAlreadySet);
  assertPasswordAllowed(password, user, "setPassword");
  const passwordHash = await hashPassword(password);
  if (!(await setFirstPassword(deps.db, userId, passwordHash, nowIso()))) {
    throw badRequest(USER_MESSAGES.passwordAlreadySet);
  }
}

/** A changed password ends the person's other sessions; the one that changed it stays. */
export async function changePassword(
  deps: ModuleDeps,
  caller: { userId: string; sessionId: string },
  input: ResetPasswordInput,
): Promise<void> {
  const user = await loadUser(deps.db, caller.userId);
  if (user.password_hash === null) throw badRequest(USER_MESSAGES.noPasswordYet);
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
    throw badRequest(USER_MESSAGES.wrongPassword);
  }
  if (input.newPassword === input.currentPassword) throw badRequest(USER_MESSAGES.samePassword);
  assertPasswordAllowed(input.newPassword, user, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    await people.updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now });
    await people.revokeAllSessionsOfUser(trx, user.id, "password changed", now, caller.sessionId);
  });
}
