import { z } from "zod";
import { CivilDateText } from "../schemas/dates.ts";
import { buildPaging } from "../schemas/query-values.ts";
import { boundedText, EntityId } from "../schemas/text-fields.ts";

/** What the email log shows of a message's progress (issue 22). */
export const MESSAGE_STATUSES = ["queued", "sent", "failed", "handed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_STATUS_LABELS: Readonly<Record<MessageStatus, string>> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
  // WhatsApp without the Cloud API: the user sent it from their own WhatsApp (click-to-chat).
  handed: "Opened in WhatsApp",
};

export const MESSAGE_CHANNELS = ["email", "whatsapp", "sms"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const EMAIL_LOG_MESSAGES = {
  dateOrder: "From date must be on or before To date.",
} as const;

/** GET /emailreports/getEmailLogs (api.md 7 Reports). */
export const EmailLogQuery = z
  .object({
    organisationId: EntityId,
    ...buildPaging(500),
    searchText: boundedText(200, "Search text cannot be longer than 200 characters.").optional(),
    dateFrom: CivilDateText.optional(),
    dateTo: CivilDateText.optional(),
  })
  .refine((query) => !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo, {
    message: EMAIL_LOG_MESSAGES.dateOrder,
    path: ["dateTo"],
  });
export type EmailLogQuery = z.infer<typeof EmailLogQuery>;

/** POST /emailreports/resend: requestId is made once per click, so a double click sends once. */
export const ResendMessageInput = z.object({
  organisationId: EntityId,
  messageId: EntityId,
  requestId: z
    .string({ error: "Request id is required." })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "Request id must be 8 to 64 letters, digits, - or _."),
});
export type ResendMessageInput = z.infer<typeof ResendMessageInput>;

/** One row of the email log. */
export interface EmailLogEntry {
  _id: string;
  channel: MessageChannel;
  createdAt: string;
  sentAt: string | null;
  to: string;
  subject: string | null;
  documents: { entryId: string; transactionType: string; number: string | null }[];
  accountId: string | null;
  sentBy: string | null;
  sentByName: string | null;
  status: MessageStatus;
  reason: string | null;
  attempts: number;
  deliveredVia: string | null;
  providerMessageId: string | null;
  resentFrom: string | null;
  /** When the retention dropped the message's attached files (OUTBOX_RETENTION_DAYS); null while kept. */
  filesDroppedAt: string | null;
}

export interface EmailLogPage {
  emailLogs: EmailLogEntry[];
  count: number;
}

/** Document links (issue 22): the list and revoke calls. */
export const DocumentLinksQuery = z.object({
  organisationId: EntityId,
  entryId: EntityId,
  transactionType: z.string({ error: "Transaction type is required." }).max(64),
});

export const RevokeDocumentLinksInput = z.object({
  organisationId: EntityId,
  linkId: EntityId.optional(),
  entryId: EntityId.optional(),
  transactionType: z.string().max(64).optional(),
});
