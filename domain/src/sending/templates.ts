import { z } from "zod";
import { buildPaging } from "../schemas/query-values.ts";
import { boundedText, EntityId } from "../schemas/text-fields.ts";
import { getVoucherDefinition } from "../vouchers/voucher-registry.ts";
import { VOUCHER_TYPES } from "../vouchers/voucher-type.ts";

/** A statement of account is sent from the ledger; its templates have this type. */
export const LEDGER_TEMPLATE_TYPE = "ledger";

/** A template's type: a voucher type that prints (the registry says which), or the ledger. */
export const MESSAGE_TEMPLATE_TYPES: readonly string[] = [
  ...VOUCHER_TYPES.filter((type) => getVoucherDefinition(type).print !== null),
  LEDGER_TEMPLATE_TYPE,
];

export function describeTemplateType(type: string): string {
  if (type === LEDGER_TEMPLATE_TYPE) return "Ledger Statement";
  const known = VOUCHER_TYPES.find((candidate) => candidate === type);
  return known ? getVoucherDefinition(known).titles.singular : type;
}

export const TEMPLATE_LIMITS = { name: 100, subject: 200, template: 5000 } as const;

export const TEMPLATE_MESSAGES = {
  nameRequired: "Template name is required.",
  typeRequired: "Template type is required.",
  typeUnknown: "Choose what the template is for.",
  subjectRequired: "Subject is required.",
  templateRequired: "Template text is required.",
  notFound: "This template does not exist or has been deleted.",
  nameTaken: "A template with this name already exists for this type.",
  added: "Template Added",
  edited: "Template Edited",
  deleted: "Template Deleted Successfully.",
  madeDefault: "Default template set",
} as const;

const Name = boundedText(
  TEMPLATE_LIMITS.name,
  `Template name cannot be more than ${TEMPLATE_LIMITS.name} characters.`,
).pipe(z.string().min(1, TEMPLATE_MESSAGES.nameRequired));
const Type = z
  .string({ error: TEMPLATE_MESSAGES.typeRequired })
  .refine((type) => MESSAGE_TEMPLATE_TYPES.includes(type), TEMPLATE_MESSAGES.typeUnknown);
const Subject = boundedText(
  TEMPLATE_LIMITS.subject,
  `Subject cannot be more than ${TEMPLATE_LIMITS.subject} characters.`,
).pipe(z.string().min(1, TEMPLATE_MESSAGES.subjectRequired));
// Template text keeps its line breaks; only trailing and leading blanks go.
const Text = z
  .string({ error: TEMPLATE_MESSAGES.templateRequired })
  .trim()
  .max(
    TEMPLATE_LIMITS.template,
    `Template text cannot be more than ${TEMPLATE_LIMITS.template} characters.`,
  )
  .min(1, TEMPLATE_MESSAGES.templateRequired);

/** POST /settings/emailtemplate {name,type,subject,template} (api.md 7 Settings). */
export const EmailTemplateInput = z.object({
  organisationId: EntityId,
  name: Name,
  type: Type,
  subject: Subject,
  template: Text,
  /** The one the send dialogs open with for its type (one per type, channel and organisation). */
  isDefault: z.boolean().optional(),
});
export type EmailTemplateInput = z.infer<typeof EmailTemplateInput>;

/** POST /settings/whatsapptemplate {name,type,template}. */
export const WhatsAppTemplateInput = z.object({
  organisationId: EntityId,
  name: Name,
  type: Type,
  template: Text,
  isDefault: z.boolean().optional(),
});
export type WhatsAppTemplateInput = z.infer<typeof WhatsAppTemplateInput>;

export const TemplateListQuery = z.object({
  organisationId: EntityId,
  type: Type.optional(),
  ...buildPaging(100),
});

export const TemplateRef = z.object({ organisationId: EntityId, templateId: EntityId });

export interface DefaultTemplate {
  subject: string;
  template: string;
}

/** What a send dialog starts from when the organisation keeps no template of its own. */
export function describeDefaultTemplate(
  channel: "email" | "whatsapp",
  type: string,
): DefaultTemplate {
  if (type === LEDGER_TEMPLATE_TYPE) {
    return {
      subject: "Statement of account from {organisationName}",
      template:
        channel === "email"
          ? "Dear {customerName},\n\nPlease find your statement of account from {startDate} to {endDate}. The closing balance is {closingBalance}.\n\nRegards,\n{organisationName}"
          : "Dear {customerName}, your statement of account with {organisationName} from {startDate} to {endDate}: closing balance {closingBalance}. {link}",
    };
  }
  return {
    subject: "{documentType} {invoiceNumber} from {organisationName}",
    template:
      channel === "email"
        ? "Dear {customerName},\n\nPlease find attached {documentType} {invoiceNumber} dated {date} for {amount}.\n\nRegards,\n{organisationName}"
        : "Dear {customerName}, here is {documentType} {invoiceNumber} dated {date} for {amount} from {organisationName}. {link}",
  };
}

/**
 * Bulk send (tools/multiple-docs): where the list of the chosen documents goes in a message that
 * carries several ("- Tax Invoice 7 dated 10 May 2025 for ₹1,260.00", with its link on WhatsApp).
 * The server puts the list there, or after the text when the person took the word out.
 */
export const DOCUMENT_LIST_PLACEHOLDER = "{documentList}";

/**
 * What bulk send starts from. Email is one mail for every document, WhatsApp click-to-chat one
 * message listing them: only {customerName}, {organisationName} and {documentList} mean something
 * there. WhatsApp through the Business account sends one message per document (`perDocument`):
 * that message is the document type's own standard text, filled for each document.
 */
export function describeBulkTemplate(
  channel: "email" | "whatsapp",
  type: string,
  perDocument: boolean,
): DefaultTemplate {
  if (channel === "whatsapp" && perDocument) return describeDefaultTemplate("whatsapp", type);
  return {
    subject: "Documents from {organisationName}",
    template:
      channel === "email"
        ? `Dear {customerName},\n\nPlease find attached:\n\n${DOCUMENT_LIST_PLACEHOLDER}\n\nRegards,\n{organisationName}`
        : `Dear {customerName}, your documents from {organisationName}:\n${DOCUMENT_LIST_PLACEHOLDER}`,
  };
}

/** Puts the list of documents where {documentList} is, or after the text when it is not there. */
export function placeDocumentList(text: string, list: string): string {
  return text.includes(DOCUMENT_LIST_PLACEHOLDER)
    ? text.replaceAll(DOCUMENT_LIST_PLACEHOLDER, list)
    : `${text}\n\n${list}`;
}
