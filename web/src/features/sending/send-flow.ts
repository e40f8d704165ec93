import { isPartyNature } from "@bahi/domain";
import type { ContactAnswer, SendChannel } from "./sending.api.ts";

export type ContactStep =
  | { step: "add"; accountId: string; accountName: string }
  | { step: "send"; to: string; accountName: string };

/**
 * spec 4 "Email and WhatsApp sending": a debtor or creditor with no saved email (or phone) is
 * asked for one first; one with it goes straight to the send dialog, addressed; any other nature,
 * or no party at all, opens the send dialog empty.
 */
export function decideContactStep(contact: ContactAnswer, channel: SendChannel): ContactStep {
  const saved = (channel === "email" ? contact.email : contact.phone)?.trim() ?? "";
  if (!isPartyNature(contact.accountNature)) {
    return { step: "send", to: "", accountName: contact.accountName };
  }
  if (!saved) {
    return { step: "add", accountId: contact.accountId, accountName: contact.accountName };
  }
  return { step: "send", to: saved, accountName: contact.accountName };
}
