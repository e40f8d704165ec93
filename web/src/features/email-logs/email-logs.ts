import {
  buildVoucherScreenPath,
  type EmailLogEntry,
  getVoucherDefinition,
  isVoucherType,
  MESSAGE_STATUS_LABELS,
  type OrganisationYear,
} from "@bahi/domain";
import { organisationPath } from "../../app/routes.ts";
import { formatInstant } from "../lists/format-values.ts";

export interface EmailLogRow {
  id: string;
  at: string;
  channel: string;
  to: string;
  subject: string;
  documents: {
    key: string;
    label: string;
    path: string | null;
    /** A voucher's links can be listed and revoked (Shared links); statements have none. */
    shared: { entryId: string; type: string } | null;
  }[];
  sentBy: string;
  status: EmailLogEntry["status"];
  statusLabel: string;
  /** Why it failed, or the last temporary failure of a message still queued. */
  reason: string;
  /** Only messages a user sent (documents, statements), whose files are still kept, can be sent again. */
  canResend: boolean;
  /** The retention dropped its attached files (decision 083). */
  filesDropped: boolean;
}

const CHANNEL_LABELS: Record<string, string> = { email: "Email", whatsapp: "WhatsApp", sms: "SMS" };

/** The email log's rows as the screen shows them: India's time, names, links to the documents. */
export function describeEmailLog(
  entries: readonly EmailLogEntry[],
  scope: OrganisationYear,
): EmailLogRow[] {
  return entries.map((entry) => ({
    id: entry._id,
    at: formatInstant(entry.createdAt),
    channel: CHANNEL_LABELS[entry.channel] ?? entry.channel,
    to: entry.to,
    subject: entry.subject ?? "",
    documents: entry.documents.map((document) => ({
      key: `${document.transactionType}:${document.entryId}`,
      ...describeDocument(document, scope),
    })),
    sentBy: entry.sentByName ?? (entry.sentBy ? "" : "Bahi"),
    status: entry.status,
    statusLabel: MESSAGE_STATUS_LABELS[entry.status],
    reason: entry.reason ?? "",
    canResend: entry.sentBy !== null && !entry.filesDroppedAt,
    filesDropped: Boolean(entry.filesDroppedAt),
  }));
}

function describeDocument(
  document: EmailLogEntry["documents"][number],
  scope: OrganisationYear,
): { label: string; path: string | null; shared: { entryId: string; type: string } | null } {
  if (isVoucherType(document.transactionType)) {
    const title = getVoucherDefinition(document.transactionType).titles.singular;
    return {
      label: document.number ? `${title} ${document.number}` : title,
      shared: { entryId: document.entryId, type: document.transactionType },
      path: buildVoucherScreenPath(scope, document.transactionType, {
        screen: "print",
        id: document.entryId,
      }),
    };
  }
  if (document.transactionType === "ledger") {
    return {
      label: document.number ? `Statement ${document.number}` : "Statement",
      shared: null,
      path: organisationPath(scope.organisationId, scope.year, `ledger/${document.entryId}`),
    };
  }
  return { label: document.number ?? document.transactionType, path: null, shared: null };
}

export const STATUS_COLORS: Record<EmailLogEntry["status"], string> = {
  queued: "yellow",
  sent: "green",
  failed: "red",
  handed: "blue",
};
