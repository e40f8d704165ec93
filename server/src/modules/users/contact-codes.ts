import type { Kysely } from "kysely";
import type { Database, VerificationPurpose } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { isoAfter, MINUTE } from "../../lib/clock.ts";
import { issueVerificationCode, OTP_TTL_MS } from "../auth/verification.ts";
import { enqueueMessage } from "../messaging/outbox.ts";

export const OTP_RESEND_WAIT_MS = 30_000;
export const OTP_SENDS_PER_HOUR = 5;

export const CODE_MESSAGES = {
  wait: "Please wait 30 seconds before asking for a new OTP.",
  tooMany: "Too many OTPs asked for. Please try again in an hour.",
} as const;

const OTP_VALID_MINUTES = OTP_TTL_MS / MINUTE;

/** Where a code goes: the mailbox or the phone the person must prove they hold. */
export type CodeDelivery =
  | { channel: "email"; email: string; subject: string; lead: string }
  | { channel: "sms"; mobile: string };

/**
 * Issues a fresh code (replacing any earlier one of the purpose) and queues it, in the caller's
 * transaction. Sends are throttled per person and purpose: one per 30 seconds, and five an hour,
 * because a resend also resets the 5-wrong-tries lock and would otherwise allow endless guessing.
 */
export async function sendContactCode(
  db: Kysely<Database>,
  input: { userId: string; purpose: VerificationPurpose; target: string; delivery: CodeDelivery },
): Promise<void> {
  await assertMaySendCode(db, input.userId, input.purpose);
  const { otp } = await issueVerificationCode(db, {
    userId: input.userId,
    purpose: input.purpose,
    target: input.target,
  });
  const { delivery } = input;
  const code = `Your Bahi verification code is ${otp}.`;
  const validity = `It is valid for ${OTP_VALID_MINUTES} minutes. Do not share it with anyone.`;
  if (delivery.channel === "email") {
    await enqueueMessage(db, {
      channel: "email",
      recipient: delivery.email,
      subject: `${otp} is your Bahi ${delivery.subject}`,
      // Short lines: mail encodings wrap long ones, and the code must stay whole on its line.
      text: [
        delivery.lead,
        "",
        code,
        validity,
        "",
        "If you did not ask for this code, ignore this email.",
      ].join("\n"),
    });
  } else {
    // Indian numbers only (spec 5: exactly 10 digits); the country code makes the recipient whole.
    await enqueueMessage(db, {
      channel: "sms",
      recipient: `+91${delivery.mobile}`,
      // One SMS segment (160 characters), so no greeting.
      text: `${code} ${validity}`,
    });
  }
}

async function assertMaySendCode(
  db: Kysely<Database>,
  userId: string,
  purpose: VerificationPurpose,
): Promise<void> {
  const recent = await db
    .selectFrom("verification_codes")
    .select("created_at")
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("created_at", ">", isoAfter(-60 * MINUTE))
    .orderBy("created_at", "desc")
    .execute();
  const last = recent[0];
  if (last && Date.now() - Date.parse(last.created_at) < OTP_RESEND_WAIT_MS) {
    throw new AppError(429, CODE_MESSAGES.wait);
  }
  if (recent.length >= OTP_SENDS_PER_HOUR) throw new AppError(429, CODE_MESSAGES.tooMany);
}
