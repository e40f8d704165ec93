import { SEND_OUTCOME_MESSAGES } from "@bahi/domain";
import { apiRequest } from "../../api/http.ts";

// spec/api.md §8 catalogue, verbatim; issue 40: what click-to-chat really did.
export const SENDING_TOASTS = {
  emailSent: SEND_OUTCOME_MESSAGES.emailSent,
  messageSent: SEND_OUTCOME_MESSAGES.messageSent,
  whatsAppOpened: SEND_OUTCOME_MESSAGES.whatsAppOpened,
  emailFailed: "Could not send email",
  messageFailed: "Could not send message",
  emailTemplateFailed: "Failed to fetch email template",
  whatsAppTemplateFailed: "Failed to fetch WhatsApp template",
  checkFailed: "Failed to check account details",
  missingEntry: "Missing organisation or entry details",
  missingAccount: "Missing organisation or account details",
  fillAll: "Please fill in all fields",
} as const;

export type SendChannel = "email" | "whatsapp";

export type SendTarget =
  | {
      kind: "document";
      organisationId: string;
      entryId: string;
      type: string;
      copies?: number;
      /** "Tax Invoice INV-7", for the dialog's title. */
      label: string;
    }
  | {
      kind: "ledger";
      organisationId: string;
      accountId: string;
      startDate: string;
      endDate: string;
      label: string;
    };

export interface ContactAnswer {
  accountNature: string;
  accountName: string;
  accountId: string;
  email?: string;
  phone?: string;
}

export interface PrefilledTemplate {
  _id: string | null;
  name: string;
  subject?: string;
  template: string;
}

export function checkContact(target: SendTarget, channel: SendChannel) {
  const word = channel === "email" ? "email" : "phone";
  if (target.kind === "document") {
    return apiRequest<ContactAnswer>("GET", `/getpdf/get${word}`, {
      query: { organisationId: target.organisationId, entryId: target.entryId, type: target.type },
      errorTitle: SENDING_TOASTS.checkFailed,
    });
  }
  return apiRequest<ContactAnswer>("GET", `/ledger/get${channel === "email" ? "Email" : "Phone"}`, {
    query: { organisationId: target.organisationId, accountId: target.accountId },
    errorTitle: SENDING_TOASTS.checkFailed,
  });
}

export function fetchPrefilledTemplates(target: SendTarget, channel: SendChannel) {
  const errorTitle =
    channel === "email"
      ? SENDING_TOASTS.emailTemplateFailed
      : SENDING_TOASTS.whatsAppTemplateFailed;
  if (target.kind === "document") {
    return apiRequest<{ templates: PrefilledTemplate[] }>(
      "GET",
      `/getpdf/get${channel === "email" ? "emailtemplate" : "whatsapptemplate"}`,
      {
        query: {
          organisationId: target.organisationId,
          entryId: target.entryId,
          type: target.type,
        },
        errorTitle,
      },
    );
  }
  return apiRequest<{ templates: PrefilledTemplate[] }>(
    "GET",
    `/ledger/get${channel === "email" ? "EmailTemplate" : "WhatsAppTemplate"}`,
    {
      query: {
        organisationId: target.organisationId,
        accountId: target.accountId,
        startDate: target.startDate,
        endDate: target.endDate,
      },
      errorTitle,
    },
  );
}

export interface SendFields {
  to: string;
  subject: string;
  body: string;
  includePdf: boolean;
  /** One dialog's request: sent twice, the server still queues the message once. */
  requestId?: string;
}

export function sendMessage(target: SendTarget, channel: SendChannel, fields: SendFields) {
  const errorTitle =
    channel === "email" ? SENDING_TOASTS.emailFailed : SENDING_TOASTS.messageFailed;
  const contact =
    channel === "email"
      ? { address: fields.to, subject: fields.subject, body: fields.body }
      : { phone: fields.to, body: fields.body };
  if (target.kind === "document") {
    // POSTs: no GET sends anything (issue 37).
    return apiRequest<{ message: string; chatUrl?: string }>("POST", "/getpdf/transactionpdf", {
      body: {
        organisationId: target.organisationId,
        entryId: target.entryId,
        transactionType: target.type,
        noOfCopies: target.copies ?? 1,
        format: channel,
        ...contact,
        requestId: fields.requestId,
      },
      errorTitle,
    });
  }
  return apiRequest<{ message: string; chatUrl?: string }>("POST", "/ledger/getLedger", {
    body: {
      organisationId: target.organisationId,
      accountId: target.accountId,
      startDate: target.startDate,
      endDate: target.endDate,
      format: channel,
      includePdf: fields.includePdf,
      ...contact,
      requestId: fields.requestId,
    },
    errorTitle,
  });
}

/**
 * What Send Multiple Docs starts from (filled with the party's and the organisation's names).
 * `perDocument`: WhatsApp through the Business account, one message per document.
 */
export function fetchBulkTemplates(
  channel: SendChannel,
  query: { organisationId: string; accountId: string; type: string },
  signal?: AbortSignal,
) {
  return apiRequest<{ templates: PrefilledTemplate[]; perDocument: boolean }>(
    "GET",
    `/multipledocs/get${channel === "email" ? "emailtemplate" : "whatsapptemplate"}`,
    {
      query,
      ...(signal ? { signal } : {}),
      errorTitle:
        channel === "email"
          ? SENDING_TOASTS.emailTemplateFailed
          : SENDING_TOASTS.whatsAppTemplateFailed,
    },
  );
}

export interface BulkResult {
  entryId: string;
  transactionType: string;
  number: string;
  status: "queued" | "sent" | "failed";
  message: string;
}

export function sendBulk(
  channel: SendChannel,
  payload: {
    organisationId: string;
    accountId: string;
    to: string;
    subject?: string;
    body?: string;
    documents: { entryId: string; transactionType: string }[];
    requestId?: string;
  },
) {
  const { to, ...rest } = payload;
  return apiRequest<{ success: boolean; message: string; chatUrl?: string; results: BulkResult[] }>(
    "POST",
    `/multipledocs/${channel === "email" ? "sendbulkemail" : "sendbulkwhatsapp"}`,
    {
      body: channel === "email" ? { ...rest, email: to } : { ...rest, phone: to },
      errorTitle: channel === "email" ? SENDING_TOASTS.emailFailed : SENDING_TOASTS.messageFailed,
    },
  );
}
