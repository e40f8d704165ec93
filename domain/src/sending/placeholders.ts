import type { CivilDate } from "../calendar/index.ts";
import { formatRupees } from "../money/format-amount.ts";
import type { Paise } from "../money/index.ts";

/**
 * The placeholders a message template may carry (issue 22). The server fills them when it
 * prefills a send dialog and again when it sends, so whatever the person typed into the dialog
 * is filled too; only the server can make {link}.
 */
export const MESSAGE_PLACEHOLDERS = [
  { name: "customerName", description: "The party's name" },
  { name: "organisationName", description: "Your organisation's name" },
  { name: "documentType", description: "Tax Invoice, Credit Note, Quotation …" },
  { name: "invoiceNumber", description: "The document's number" },
  { name: "date", description: "The document's date" },
  { name: "amount", description: "The document's total" },
  { name: "pendingAmount", description: "What is still to be paid" },
  { name: "dueDate", description: "The due date" },
  { name: "startDate", description: "A statement's first day" },
  { name: "endDate", description: "A statement's last day" },
  { name: "closingBalance", description: "A statement's closing balance" },
  { name: "link", description: "A link to the document's PDF" },
] as const;

export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number]["name"];

export type PlaceholderValues = Partial<Record<MessagePlaceholder, string>>;

const KNOWN = new Set<string>(MESSAGE_PLACEHOLDERS.map((placeholder) => placeholder.name));

/**
 * Replaces every known {placeholder} by its value; a known one without a value (no due date, no
 * link) becomes empty, and braces that name nothing we know stay as written.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) =>
    KNOWN.has(name) ? (values[name as MessagePlaceholder] ?? "") : whole,
  );
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** '2025-05-09' → '09 May 2025': unambiguous in a message, whatever the reader's habit. */
export function formatMessageDate(date: CivilDate | string): string {
  const month = MONTHS[Number(date.slice(5, 7)) - 1] ?? date.slice(5, 7);
  return `${date.slice(8, 10)} ${month} ${date.slice(0, 4)}`;
}

export interface DocumentFacts {
  customerName: string;
  organisationName: string;
  documentType: string;
  number: string;
  date: string;
  amountPaise: Paise;
  pendingPaise: Paise | null;
  dueDate: string | null;
  link?: string | undefined;
}

/** The values of a document's message: en-IN money (₹1,23,456.00) and dates. */
export function describeDocumentPlaceholders(facts: DocumentFacts): PlaceholderValues {
  return {
    customerName: facts.customerName,
    organisationName: facts.organisationName,
    documentType: facts.documentType,
    invoiceNumber: facts.number,
    date: formatMessageDate(facts.date),
    amount: formatRupees(facts.amountPaise),
    pendingAmount: formatRupees(facts.pendingPaise ?? facts.amountPaise),
    ...(facts.dueDate ? { dueDate: formatMessageDate(facts.dueDate) } : {}),
    ...(facts.link ? { link: facts.link } : {}),
  };
}

export interface StatementFacts {
  customerName: string;
  organisationName: string;
  startDate: string;
  endDate: string;
  /** Positive: the party owes us (debit); negative: we owe the party. */
  closingBalancePaise: Paise;
  link?: string | undefined;
}

/** The values of a ledger statement's message; the balance says which way it lies. */
export function describeStatementPlaceholders(facts: StatementFacts): PlaceholderValues {
  const balance = facts.closingBalancePaise;
  const side = balance > 0 ? " Dr" : balance < 0 ? " Cr" : "";
  return {
    customerName: facts.customerName,
    organisationName: facts.organisationName,
    documentType: "Statement of Account",
    startDate: formatMessageDate(facts.startDate),
    endDate: formatMessageDate(facts.endDate),
    date: formatMessageDate(facts.endDate),
    closingBalance: `${formatRupees(Math.abs(balance))}${side}`,
    amount: formatRupees(Math.abs(balance)),
    pendingAmount: formatRupees(Math.abs(balance)),
    ...(facts.link ? { link: facts.link } : {}),
  };
}

/**
 * wa.me wants the number with its country code and no plus: a 10-digit Indian mobile gets 91;
 * anything else keeps its digits as given.
 */
export function toWhatsAppNumber(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `91${digits}`;
  if (digits.length === 11 && digits.startsWith("0")) return `91${digits.slice(1)}`;
  return digits;
}

/** Click-to-chat when no WhatsApp Business account is configured. */
export function buildClickToChatUrl(phone: string, body: string): string {
  return `https://wa.me/${toWhatsAppNumber(phone)}?text=${encodeURIComponent(body)}`;
}

/** The placeholder names that start with what follows the last unclosed '{' before the caret. */
export function suggestPlaceholders(
  textBeforeCaret: string,
  available: readonly MessagePlaceholder[] = MESSAGE_PLACEHOLDERS.map((p) => p.name),
): { start: number; names: MessagePlaceholder[] } | null {
  const match = /\{([A-Za-z]*)$/.exec(textBeforeCaret);
  if (!match) return null;
  const typed = (match[1] ?? "").toLowerCase();
  const names = available.filter((name) => name.toLowerCase().startsWith(typed));
  return names.length ? { start: match.index, names } : null;
}
