import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import * as people from "../auth/auth.repository.ts";
import { type ClientMeta, newSupportId, presentUser, startSession } from "../auth/auth.service.ts";
import { consumeVerificationOtp, VERIFICATION_MESSAGES } from "../auth/verification.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { CODE_MESSAGES, sendContactCode } from "../users/contact-codes.ts";
import type { DemoSendOtpInput, DemoVerifyOtpInput } from "./demo.schemas.ts";

export const DEMO_MESSAGES = {
  codeSent: "We have sent a 6-digit code to your email address.",
} as const;

/**
 * The demo signs a visitor in by an emailed code, no password. A new email becomes a person with
 * no password (they can set one later), named after the email's local part and unverified until
 * the code comes back; a known email is the same person signing in again. The answer is the same
 * for both, so the call does not tell who has an account.
 */
export async function sendDemoCode(deps: ModuleDeps, input: DemoSendOtpInput): Promise<void> {
  try {
    await deps.db.transaction().execute(async (trx) => {
      const existing = await people.findUserByEmail(trx, input.email);
      const now = nowIso();
      const userId = existing?.id ?? newId();
      if (!existing) {
        await people.insertUser(trx, {
          id: userId,
          name: nameFromEmail(input.email),
          email: input.email,
          // Kept unverified: the demo proves the mailbox, not the phone.
          mobile: input.mobile,
          password_hash: null,
          support_id: newSupportId(),
          email_verified: 0,
          mobile_verified: 0,
          source: sourceOf(input),
          created_at: now,
          updated_at: now,
        });
      } else if (!existing.mobile) {
        await people.updateUser(trx, userId, { mobile: input.mobile, updated_at: now });
      }
      await sendContactCode(trx, {
        userId,
        purpose: "demo",
        target: input.email,
        delivery: {
          channel: "email",
          email: input.email,
          subject: "code to open the demo",
          lead: "Here is your code to open the Bahi demo.",
        },
      });
    });
  } catch (error) {
    // Two first visits with one email at the same moment: the other request made the person
    // and sent the code.
    if (isUniqueViolation(error)) throw new AppError(429, CODE_MESSAGES.wait);
    throw error;
  }
  deps.sendQueuedMessages();
}

export async function verifyDemoCode(
  deps: ModuleDeps,
  input: DemoVerifyOtpInput,
  meta: ClientMeta,
) {
  // An unknown email gets the same answer as a known one without a code.
  const user = await people.findUserByEmail(deps.db, input.email);
  if (!user) throw badRequest(VERIFICATION_MESSAGES.none);
  const { target } = await consumeVerificationOtp(deps.db, {
    userId: user.id,
    purpose: "demo",
    otp: input.otp,
  });
  if (target !== user.email) throw badRequest(VERIFICATION_MESSAGES.none);
  if (user.email_verified !== 1) {
    await people.updateUser(deps.db, user.id, { email_verified: 1, updated_at: nowIso() });
  }
  const tokens = await startSession(deps.auth, user.id, meta);
  const signedIn = await people.findUserById(deps.db, user.id);
  if (!signedIn) throw badRequest(VERIFICATION_MESSAGES.none);
  return { user: presentUser(signedIn), tokens };
}

/** "asha.verma@example.in" → "Asha Verma"; the person can change it on their profile. */
export function nameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  const words = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return (words.join(" ") || local || email).slice(0, 100);
}

function sourceOf(input: DemoSendOtpInput): string | null {
  const parts = [input.source1, input.source2, input.gclid, input.fbclid].filter(Boolean);
  return parts.length > 0 ? parts.join(" ").slice(0, 500) : null;
}
