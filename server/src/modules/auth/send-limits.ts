import type { Kysely } from "kysely";
import { DEFAULT_SEND_LIMIT_SETTINGS, type SendLimitSettings } from "../../config.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { takeFromLimit } from "./auth-limits.ts";

/**
 * How many messages people may send out of Bahi (issue 37: 60 mails to 60 outsiders went in 10 s,
 * support questions had no bound). Counted per person and per organisation, per minute and per
 * day, in the auth_limits table, so the counts hold across server processes. README
 * "Configuration" names the settings; docs/security.md the figures.
 */
export type SendLimits = SendLimitSettings;

export const SEND_LIMIT_MESSAGES = {
  personMinute:
    "You have sent many messages in the last minute. Please wait a minute and try again.",
  personDay: "You have reached today's limit of messages. Please try again tomorrow.",
  organisationMinute:
    "This organisation has sent many messages in the last minute. Please wait a minute and try again.",
  organisationDay:
    "This organisation has reached today's limit of messages. Please try again tomorrow.",
} as const;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Takes `count` messages from the sender's and the organisation's allowances, or refuses with 429
 * and a message saying whose limit and when to try again. Call it before building what is sent.
 */
export async function takeSendAllowance(
  db: Kysely<Database>,
  limits: SendLimits | undefined,
  sender: { organisation: { id: string }; userId: string },
  count = 1,
): Promise<void> {
  const figures = limits ?? DEFAULT_SEND_LIMIT_SETTINGS;
  const windows = [
    [`send:person:${sender.userId}:minute`, figures.perPersonPerMinute, MINUTE, "personMinute"],
    [`send:person:${sender.userId}:day`, figures.perPersonPerDay, DAY, "personDay"],
    [
      `send:organisation:${sender.organisation.id}:minute`,
      figures.perOrganisationPerMinute,
      MINUTE,
      "organisationMinute",
    ],
    [
      `send:organisation:${sender.organisation.id}:day`,
      figures.perOrganisationPerDay,
      DAY,
      "organisationDay",
    ],
  ] as const;
  for (let taken = 0; taken < count; taken += 1) {
    for (const [key, max, windowMs, message] of windows) {
      const left = await takeFromLimit(db, key, { max, windowMs });
      if (left === null) throw new AppError(429, SEND_LIMIT_MESSAGES[message]);
    }
  }
}
