import {
  type ContactProblem,
  formatAmount,
  formatDateDisplay,
  getVoucherDefinition,
  rupeesToPaise,
  VOUCHER_TYPES,
  type VoucherType,
  validateEmail,
  validatePhone,
} from "@bahi/domain";
import type { AccountRecord } from "../../../components/inputs/account-options.ts";
import type { ListRecord } from "../../lists/lists.api.ts";
import { AVAILABLE_PLACEHOLDERS } from "../placeholders.ts";
import {
  type BulkResult,
  type PrefilledTemplate,
  SENDING_TOASTS,
  type SendChannel,
} from "../sending.api.ts";

// The pure part of tools/multiple-docs (MultipleDocsPage): the document types, the choice of
// documents, the address and message, what is checked before sending and what the screen says
// of each result. No React, no calls.

// The printable types a party's documents come in (the registry's print facts), customer's first.
export const DOCUMENT_TYPES = VOUCHER_TYPES.filter((type) => {
  const print = getVoucherDefinition(type).print;
  return print !== null && print.parentType === null;
});
export const TYPE_OPTIONS = DOCUMENT_TYPES.map((type) => ({
  value: type,
  label: getVoucherDefinition(type).titles.plural,
}));

/** At most this many documents go in one send. */
export const SEND_LIMIT = 50;

// One message for every document: only the names mean something ({documentList} is the list).
export const ONE_MESSAGE_PLACEHOLDERS = AVAILABLE_PLACEHOLDERS.filter(
  (name) => name === "customerName" || name === "organisationName",
);

/** The party's saved address for the channel: email, or mobile for WhatsApp; else "". */
export function addressOf(
  account: Pick<AccountRecord, "email" | "mobileNo"> | null,
  channel: SendChannel,
): string {
  return (channel === "email" ? account?.email : account?.mobileNo) ?? "";
}

export const addressLabel = (channel: SendChannel) =>
  channel === "email" ? "Email address" : "Phone number";

export const CHANNEL_OPTIONS = [
  { value: "email", label: "Email (one mail)" },
  { value: "whatsapp", label: "WhatsApp (one message each)" },
];

/** The choice after one document's box was ticked (on) or cleared. */
export function toggleChosen(chosen: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(chosen);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** "Choose all": the first SEND_LIMIT documents, or none. */
export function chooseAll(rows: readonly ListRecord[], on: boolean): Set<string> {
  return new Set(on ? rows.slice(0, SEND_LIMIT).map((row) => row._id) : []);
}

/** "Choose all" is ticked when there are documents and every one is chosen. */
export function allChosen(rows: readonly ListRecord[], chosen: ReadonlySet<string>): boolean {
  return rows.length > 0 && rows.every((row) => chosen.has(row._id));
}

/** Send is open for one document up to the limit. */
export const canSend = (count: number) => count > 0 && count <= SEND_LIMIT;

/** "Asha Traders has no sales invoices in 2025-26." */
export function noDocumentsText(accountName: string, type: VoucherType, year: string): string {
  return `${accountName} has no ${getVoucherDefinition(type).titles.plural.toLowerCase()} in ${year}.`;
}

/** The row's date and amount as the table shows them ("" when the list has none). */
export function rowCells(row: ListRecord): { date: string; amount: string } {
  return {
    date: row.date ? formatDateDisplay(row.date) : "",
    amount: typeof row.totalAmount === "number" ? formatAmount(rupeesToPaise(row.totalAmount)) : "",
  };
}

/** A document's result: red "Failed: why" or the green status. */
export function resultBadge(result: BulkResult): { color: "red" | "green"; text: string } {
  return result.status === "failed"
    ? { color: "red", text: `Failed: ${result.message}` }
    : { color: "green", text: result.status };
}

/** "Sending 2 documents…" while it runs, else "2 chosen". */
export function sendStatusText(sending: boolean, count: number): string {
  return sending ? `Sending ${count} document${count === 1 ? "" : "s"}…` : `${count} chosen`;
}

/** The message box's placeholders and help: per document on WhatsApp Business, else one list. */
export function messageHelp(perDocument: boolean | undefined): {
  available: readonly (typeof AVAILABLE_PLACEHOLDERS)[number][];
  description: string;
} {
  return perDocument
    ? {
        available: AVAILABLE_PLACEHOLDERS,
        description: "One message for each document, filled for that document.",
      }
    : {
        available: ONE_MESSAGE_PLACEHOLDERS,
        description: "{documentList} becomes the list of the chosen documents.",
      };
}

/** The message fields a template fills: its index (as the select's value), subject and text. */
export interface MessageFields {
  template: string | null;
  subject: string;
  body: string;
}

/** The fields from the template at `index`; the server's first when none was chosen yet. */
export function fieldsFromTemplate(
  templates: readonly PrefilledTemplate[] | undefined,
  index = 0,
): MessageFields {
  const template = templates?.[index];
  return {
    template: template ? String(index) : null,
    subject: template?.subject ?? "",
    body: template?.template ?? "",
  };
}

/** The template select's choices: each by its name, valued by its position. */
export function templateOptions(templates: readonly PrefilledTemplate[]) {
  return templates.map((option, index) => ({ value: String(index), label: option.name }));
}

/** What a send needs before it is checked further. */
export interface SendDraft {
  accountId: string | null;
  chosen: ReadonlySet<string>;
  channel: SendChannel;
  to: string;
  subject: string;
  body: string;
}

/**
 * What stops a send before it is asked: a blank field (the catalogue's "Please fill in all
 * fields"), or an address that is not one (the field's own message). Null when it may go.
 */
export function checkSend(
  draft: SendDraft,
): { kind: "fillAll" } | { kind: "address"; problem: ContactProblem } | null {
  if (
    !draft.accountId ||
    draft.chosen.size === 0 ||
    !draft.to.trim() ||
    !draft.body.trim() ||
    (draft.channel === "email" && !draft.subject.trim())
  ) {
    return { kind: "fillAll" };
  }
  const problem = draft.channel === "email" ? validateEmail(draft.to) : validatePhone(draft.to);
  return problem ? { kind: "address", problem } : null;
}

/** What POST /multipledocs/sendbulk… is sent: the chosen documents of the type, the message. */
export function sendPayload(
  draft: SendDraft & { accountId: string },
  input: { organisationId: string; type: VoucherType; requestId: string },
) {
  return {
    organisationId: input.organisationId,
    accountId: draft.accountId,
    to: draft.to.trim(),
    ...(draft.channel === "email" ? { subject: draft.subject } : {}),
    body: draft.body,
    documents: [...draft.chosen].map((entryId) => ({ entryId, transactionType: input.type })),
    requestId: input.requestId,
  };
}

/** The danger toast's title when the server says the send failed. */
export const sendFailedTitle = (channel: SendChannel) =>
  channel === "email" ? SENDING_TOASTS.emailFailed : SENDING_TOASTS.messageFailed;
