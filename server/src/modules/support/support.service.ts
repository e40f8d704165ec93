import { DEFAULT_SUPPORT_EMAIL } from "../../config.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { takeSendAllowance } from "../auth/send-limits.ts";
import { enqueueMessage } from "../messaging/outbox.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { getOwnUser } from "../users/users.service.ts";
import type { SupportQueryInput } from "./support.schemas.ts";

export const SUPPORT_MESSAGES = {
  sent: "Thank you. Your message has been sent to Bahi support; we will reply to your email.",
} as const;

/**
 * POST /misc/supportquery (decision 031): the question goes through the outbox to SUPPORT_EMAIL,
 * with who asked (name, email, support ID) and from which organisation and year, so that support
 * can reply to the person's own address. A member of the organisation may ask; an API key may not.
 */
export async function sendSupportQuery(
  deps: ModuleDeps,
  caller: Caller,
  person: { userId: string },
  input: SupportQueryInput,
): Promise<{ success: true; message: string }> {
  const access = await requireOrganisationAccess(deps.db, caller, input.organisationId, {
    kind: "member",
  });
  // Support questions count against the sender's and the organisation's limits (issue 37).
  await takeSendAllowance(deps.db, deps.config.sendLimits, access);
  const user = await getOwnUser(deps, person.userId);
  await enqueueMessage(deps.db, {
    channel: "email",
    recipient: deps.config.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
    organisationId: input.organisationId,
    subject: `Support query from ${user.name} (${user.userSupportId})`,
    text: [
      `From: ${user.name} <${user.email}>`,
      `Support ID: ${user.userSupportId}`,
      `Organisation: ${access.organisation.name} (${input.organisationId})`,
      `Financial year: ${input.year}`,
      "",
      input.supportQuery,
    ].join("\n"),
  });
  deps.sendQueuedMessages();
  return { success: true, message: SUPPORT_MESSAGES.sent };
}
