import type {
  EmailLogEntry,
  EmailLogPage,
  EmailLogQuery,
  MessageStatus,
  ResendMessageInput,
} from "@bahi/domain";
import { sendSubjectsOf } from "@bahi/domain";
import { AppError, badRequest, notFound } from "../../http/errors.ts";
import {
  ACCESS_MESSAGES,
  type OrganisationAccess,
  requireOrganisationAccess,
} from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { takeSendAllowance } from "../auth/send-limits.ts";
import { type MessageDocumentRef, queueMessage } from "../messaging/outbox.ts";
import { readAttachments, sendsWhatsAppByApi } from "../messaging/transports.ts";
import { toWhatsAppNumber } from "../messaging/whatsapp-cloud.ts";
import type { ModuleDeps } from "../module-deps.ts";
import * as repo from "./email-log.repository.ts";

export const EMAIL_LOG_MESSAGES = {
  notFound: "Message not found.",
  notResendable: "Only documents and statements sent by a user can be sent again from the log.",
  filesDropped:
    "The files of this message are no longer kept. Send the document again from its own page.",
} as const;

/** India's offset: the log's dates are the days people in India lived them. */
const IST_OFFSET_MS = 330 * 60_000;

function startOfIndianDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MS).toISOString();
}

function nextIndianDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000 - IST_OFFSET_MS).toISOString();
}

const STATUS: Record<string, MessageStatus> = {
  pending: "queued",
  sent: "sent",
  failed: "failed",
  handed: "handed",
};

/** Owners, admins and viewers see every message; an accountant sees the ones they sent. */
function seesAll(access: OrganisationAccess): boolean {
  return access.role !== "accountant";
}

/** GET /emailreports/getEmailLogs: every message of the organisation, newest first. */
export async function readEmailLog(
  deps: ModuleDeps,
  caller: Caller,
  query: EmailLogQuery,
): Promise<EmailLogPage> {
  const access = await requireOrganisationAccess(deps.db, caller, query.organisationId);
  const search = query.searchText?.trim().toLowerCase();
  const filter: repo.EmailLogFilter = {
    organisationId: query.organisationId,
    sentBy: seesAll(access) ? undefined : access.userId,
    pattern: search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined,
    fromIso: query.dateFrom ? startOfIndianDay(query.dateFrom) : undefined,
    beforeIso: query.dateTo ? nextIndianDay(query.dateTo) : undefined,
  };
  const [count, rows] = await Promise.all([
    repo.countEmailLog(deps.db, filter),
    repo.listEmailLog(deps.db, filter, { skip: query.skip, limit: query.limit }),
  ]);
  const emailLogs: EmailLogEntry[] = rows.map((row) => ({
    _id: row.id,
    channel: row.channel,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    to: row.recipient,
    subject: row.subject,
    documents: row.documents ? (JSON.parse(row.documents) as EmailLogEntry["documents"]) : [],
    accountId: row.account_id,
    sentBy: row.sent_by,
    sentByName: row.sent_by_name ?? null,
    status: STATUS[row.status] ?? "queued",
    reason: row.status === "sent" || row.status === "handed" ? null : row.last_error,
    attempts: row.attempts,
    deliveredVia: row.delivered_via,
    providerMessageId: row.provider_message_id,
    resentFrom: row.resent_from,
    filesDroppedAt: row.files_dropped_at,
  }));
  return { emailLogs, count };
}

/**
 * POST /emailreports/resend: queues the message again (same recipient, text and attachments) as a
 * new message of the caller. The request id is made once per click: the same click sends once.
 */
export async function resendMessage(deps: ModuleDeps, caller: Caller, input: ResendMessageInput) {
  const access = await requireOrganisationAccess(deps.db, caller, input.organisationId);
  const original = await repo.findOrganisationMessage(
    deps.db,
    input.organisationId,
    input.messageId,
  );
  if (!original) throw notFound(EMAIL_LOG_MESSAGES.notFound);
  if (!seesAll(access) && original.sent_by !== access.userId) {
    throw new AppError(403, ACCESS_MESSAGES.noRight);
  }
  if (!original.sent_by) throw badRequest(EMAIL_LOG_MESSAGES.notResendable);
  // A copy without the PDFs it promised would mislead the customer (decision 083).
  if (original.files_dropped_at) throw badRequest(EMAIL_LOG_MESSAGES.filesDropped);
  const documents = original.documents
    ? (JSON.parse(original.documents) as MessageDocumentRef[])
    : undefined;
  // A resend is a send: the same right as the first one (issue 37, decision 220).
  await requireOrganisationAccess(deps.db, caller, input.organisationId, {
    kind: "rights",
    subjects: sendSubjectsOf(documents ?? []),
    action: "send",
  });
  await takeSendAllowance(deps.db, deps.config.sendLimits, access);
  const queued = await queueMessage(deps.db, {
    channel: original.channel,
    organisationId: input.organisationId,
    recipient: original.recipient,
    ...(original.subject !== null ? { subject: original.subject } : {}),
    text: original.body_text,
    ...(original.body_html !== null ? { html: original.body_html } : {}),
    ...(original.attachments
      ? {
          attachments: readAttachments(original.attachments).map((file) => ({
            fileName: file.filename,
            contentType: file.contentType,
            content: file.content,
          })),
        }
      : {}),
    ...(documents ? { documents } : {}),
    ...(original.account_id ? { accountId: original.account_id } : {}),
    ...(original.placeholder_values
      ? { placeholderValues: JSON.parse(original.placeholder_values) as Record<string, string> }
      : {}),
    ...(original.from_name ? { fromName: original.from_name } : {}),
    ...(original.reply_to ? { replyTo: original.reply_to } : {}),
    idempotencyKey: `resend:${input.organisationId}:${input.messageId}:${input.requestId}`,
    sentBy: access.userId,
    resentFrom: original.id,
  });
  deps.sendQueuedMessages();
  const number = original.channel === "whatsapp" ? toWhatsAppNumber(original.recipient) : null;
  return {
    success: true as const,
    messageId: queued.id,
    created: queued.created,
    // Without the Cloud API, WhatsApp goes from the user's own app: the screen opens this.
    ...(original.channel === "whatsapp" && !sendsWhatsAppByApi(deps.config) && number
      ? { whatsAppUrl: `https://wa.me/${number}?text=${encodeURIComponent(original.body_text)}` }
      : {}),
  };
}
