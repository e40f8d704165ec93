import {
  buildClickToChatUrl,
  describeBulkTemplate,
  describeDefaultTemplate,
  describeDocumentPlaceholders,
  describeStatementPlaceholders,
  fillPlaceholders,
  isPartyNature,
  LEDGER_TEMPLATE_TYPE,
  type PlaceholderValues,
  placeDocumentList,
  rupeesToPaise,
  SEND_OUTCOME_MESSAGES,
  type SendDocumentInput,
  type VoucherType,
  validateEmail,
  validatePhone,
} from "@bahi/domain";
import type { OrganisationsTable } from "../../db/schema.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { readAccountContact } from "../accounts/accounts.service.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { takeSendAllowance } from "../auth/send-limits.ts";
import { createDocumentLink } from "../document-links/document-links.service.ts";
import {
  readPrintSource,
  renderAccountStatement,
  resolvePrintableType,
} from "../documents/documents.service.ts";
import { describeVoucher, renderVoucherPdf } from "../documents/print-renderer.ts";
import { readLedger } from "../ledger/ledger.service.ts";
import { enqueueMessage, type MessageAttachment } from "../messaging/outbox.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { readMailSender } from "../organisations/settings.service.ts";
import { findVoucherForPrint } from "../vouchers/vouchers.queries.ts";
import type { Channel } from "./templates.repository.ts";
import { readTemplatesOfType } from "./templates.service.ts";

/** spec api.md 8 and spec 5 "Add email, add phone, send", verbatim. */
export const SENDING_MESSAGES = {
  emailSent: SEND_OUTCOME_MESSAGES.emailSent,
  messageSent: SEND_OUTCOME_MESSAGES.messageSent,
  /** Issue 40: click-to-chat sends nothing itself; the person presses Send in WhatsApp. */
  whatsAppOpened: SEND_OUTCOME_MESSAGES.whatsAppOpened,
  missingEntry: "Missing organisation or entry details",
  missingAccount: "Missing organisation or account details",
  emailOnlyParty: "Email can only be sent for Debtor or Creditor accounts",
  whatsAppOnlyParty: "WhatsApp can only be sent for Debtor or Creditor accounts",
  fillAll: "Please fill in all fields",
  templateRequired: "Please fill in all fields",
} as const;

// ── The contact check ───────────────────────────────────────────────────────────────────────

async function partyOf(deps: ModuleDeps, organisationId: string, accountId: string | null) {
  if (!accountId) return null;
  return readAccountContact(deps.db, organisationId, accountId);
}

/**
 * GET /getpdf/getemail and getphone: the document's party with its saved contact. A debtor or
 * creditor without one gets the add-contact dialog first (spec 4); any other nature, or none,
 * goes straight to an empty send dialog.
 */
export async function checkDocumentContact(
  deps: ModuleDeps,
  caller: Caller,
  query: { organisationId: string; entryId: string; type: string },
  channel: Channel,
) {
  const type = resolvePrintableType(query.type);
  await requireOrganisationAccess(deps.db, caller, query.organisationId, {
    kind: "right",
    subject: type,
    action: "view",
  });
  const voucher = await findVoucherForPrint(deps.db, type, query.organisationId, query.entryId);
  const party = await partyOf(deps, query.organisationId, voucher.partyAccountId);
  return presentContact(party, channel);
}

function presentContact(party: Awaited<ReturnType<typeof readAccountContact>>, channel: Channel) {
  const base = {
    success: true,
    accountNature: party?.nature ?? "",
    accountName: party?.name ?? "",
    accountId: party?.id ?? "",
  };
  return channel === "email"
    ? { ...base, email: party?.email ?? "" }
    : { ...base, phone: party?.mobile ?? "" };
}

/** GET /ledger/getEmail and getPhone: the same check for an account; only parties may be sent. */
export async function checkAccountContact(
  deps: ModuleDeps,
  caller: Caller,
  query: { organisationId: string; accountId: string },
  channel: Channel,
) {
  await requireOrganisationAccess(deps.db, caller, query.organisationId, {
    kind: "right",
    subject: "account",
    action: "view",
  });
  const party = await partyOf(deps, query.organisationId, query.accountId);
  if (!party) throw badRequest(SENDING_MESSAGES.missingAccount);
  requireParty(party.nature, channel);
  return presentContact(party, channel);
}

function requireParty(nature: string, channel: Channel) {
  if (!isPartyNature(nature)) {
    throw badRequest(
      channel === "email" ? SENDING_MESSAGES.emailOnlyParty : SENDING_MESSAGES.whatsAppOnlyParty,
    );
  }
}

// ── Placeholder values ──────────────────────────────────────────────────────────────────────

export interface DocumentFacts {
  type: VoucherType;
  values: PlaceholderValues;
  pdf: () => Promise<{ bytes: Uint8Array; fileName: string }>;
  partyAccountId: string | null;
}

export async function readDocumentFacts(
  deps: ModuleDeps,
  caller: Caller,
  input: { organisationId: string; entryId: string; transactionType: string; copies?: number },
): Promise<DocumentFacts> {
  const type = resolvePrintableType(input.transactionType);
  const owner = { organisationId: input.organisationId };
  const source = await readPrintSource(deps, caller, {
    organisationId: input.organisationId,
    entryId: input.entryId,
    type,
    copies: input.copies ?? 1,
  });
  const [header, voucher] = await Promise.all([
    describeVoucher(source, owner),
    findVoucherForPrint(deps.db, type, input.organisationId, input.entryId),
  ]);
  return {
    type,
    partyAccountId: voucher.partyAccountId,
    values: describeDocumentPlaceholders({
      customerName: header.partyName,
      organisationName: header.supplierName,
      documentType: header.heading,
      number: header.number,
      date: voucher.date,
      amountPaise: voucher.amountPaise,
      pendingPaise: voucher.pendingPaise,
      dueDate: typeof voucher.document.dueDate === "string" ? voucher.document.dueDate : null,
    }),
    // A mail attachment: background work, never ahead of a person waiting on a screen.
    pdf: () => renderVoucherPdf(source, { ...owner, lane: "background" }),
  };
}

// ── Prefilled templates ─────────────────────────────────────────────────────────────────────

export async function templatesFor(
  deps: ModuleDeps,
  organisation: { id: string },
  channel: Channel,
  type: string,
) {
  const fallback = describeDefaultTemplate(channel, type);
  const standard = {
    _id: null,
    name: "Standard",
    subject: fallback.subject,
    template: fallback.template,
  };
  // Issue 40 (decision 350): saved templates are used whenever the type has one, as the
  // templates page says; no organisation switch hides them.
  const saved = await readTemplatesOfType(deps.db, organisation.id, channel, type);
  if (saved.length === 0) return [standard];
  return saved.map((row) => ({
    _id: row.id as string | null,
    name: row.name,
    subject: row.subject ?? fallback.subject,
    template: row.template,
  }));
}

/**
 * Fills everything but {link}: a link is made only when the message is sent, so that opening a
 * dialog makes none. The send fills {link} and anything typed in the dialog.
 */
function prefill(
  templates: { _id: string | null; name: string; subject: string; template: string }[],
  values: PlaceholderValues,
  channel: Channel,
) {
  const keep = { ...values, link: "{link}" };
  return templates.map((template) => ({
    _id: template._id,
    name: template.name,
    ...(channel === "email" ? { subject: fillPlaceholders(template.subject, keep) } : {}),
    template: fillPlaceholders(template.template, keep),
  }));
}

/** GET /getpdf/getemailtemplate and getwhatsapptemplate (organisationId, type, entryId). */
export async function prefillDocumentTemplates(
  deps: ModuleDeps,
  caller: Caller,
  query: { organisationId: string; type: string; entryId: string },
  channel: Channel,
) {
  const facts = await readDocumentFacts(deps, caller, {
    organisationId: query.organisationId,
    entryId: query.entryId,
    transactionType: query.type,
  });
  const access = await requireOrganisationAccess(deps.db, caller, query.organisationId);
  const templates = await templatesFor(deps, access.organisation, channel, facts.type);
  return { success: true, templates: prefill(templates, facts.values, channel) };
}

// ── Sending ─────────────────────────────────────────────────────────────────────────────────

function requireEmailFields(
  address: string | undefined,
  subject: string | undefined,
  body: string | undefined,
) {
  if (!address?.trim() || !subject?.trim() || !body?.trim()) {
    throw badRequest(SENDING_MESSAGES.fillAll);
  }
  const problem = validateEmail(address);
  if (problem) throw badRequest(problem.message, [{ path: "address", message: problem.message }]);
  return { address: address.trim(), subject: subject.trim(), body: body.trim() };
}

function requireWhatsAppFields(phone: string | undefined, body: string | undefined) {
  if (!body?.trim()) throw badRequest(SENDING_MESSAGES.templateRequired);
  const problem = validatePhone(phone ?? "");
  if (problem) throw badRequest(problem.message, [{ path: "phone", message: problem.message }]);
  return { phone: (phone ?? "").trim(), body: body.trim() };
}

export function needsLink(...texts: string[]) {
  return texts.some((text) => text.includes("{link}"));
}

export function htmlOf(text: string): string {
  const escaped = text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
  const linked = escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
  return `<div style="font-family:sans-serif;white-space:pre-line">${linked}</div>`;
}

export function attachmentOf(pdf: { bytes: Uint8Array; fileName: string }): MessageAttachment {
  return {
    fileName: pdf.fileName,
    contentType: "application/pdf",
    content: Buffer.from(pdf.bytes),
  };
}

/**
 * One document's mail into the outbox: the subject and body filled from the document (a {link}
 * made only when either asks for one), the organisation as sender, the PDF attached, the email
 * log's facts. Shared by a single send and a list's selection.
 */
export async function queueDocumentEmail(
  deps: ModuleDeps,
  mail: {
    access: { organisation: OrganisationsTable; userId: string };
    facts: DocumentFacts;
    entryId: string;
    recipient: string;
    subject: string;
    body: string;
    once: { idempotencyKey?: string };
  },
) {
  const { access, facts, entryId } = mail;
  const organisationId = access.organisation.id;
  const values = needsLink(mail.subject, mail.body)
    ? {
        ...facts.values,
        link: (
          await createDocumentLink(deps.db, deps.config, {
            organisationId,
            entryId,
            transactionType: facts.type,
            createdBy: access.userId,
          })
        ).url,
      }
    : facts.values;
  const text = fillPlaceholders(mail.body, values);
  await enqueueMessage(deps.db, {
    channel: "email",
    recipient: mail.recipient,
    subject: fillPlaceholders(mail.subject, values),
    text,
    html: htmlOf(text),
    organisationId,
    ...readMailSender(access.organisation),
    attachments: [attachmentOf(await facts.pdf())],
    ...aboutDocuments(facts, entryId, access.userId),
    ...mail.once,
  });
}

/**
 * POST /getpdf/transactionpdf (format email or whatsapp): the document's PDF goes into the
 * outbox (sent after commit by the worker). WhatsApp without a Business account configured is
 * click-to-chat: nothing is queued and the answer carries the wa.me address, whose body holds a
 * link to the document.
 */
export async function sendDocument(deps: ModuleDeps, caller: Caller, query: SendDocumentInput) {
  if (!query.organisationId || !query.entryId) throw badRequest(SENDING_MESSAGES.missingEntry);
  const access = await requireOrganisationAccess(deps.db, caller, query.organisationId, {
    kind: "right",
    subject: resolvePrintableType(query.transactionType),
    action: "send",
  });
  await takeSendAllowance(deps.db, deps.config.sendLimits, access);
  const facts = await readDocumentFacts(deps, caller, {
    organisationId: query.organisationId,
    entryId: query.entryId,
    transactionType: query.transactionType,
    copies: query.noOfCopies,
  });
  const link = async () =>
    (
      await createDocumentLink(deps.db, deps.config, {
        organisationId: query.organisationId,
        entryId: query.entryId,
        transactionType: facts.type,
        createdBy: access.userId,
      })
    ).url;

  if (query.format === "email") {
    const fields = requireEmailFields(query.address, query.subject, query.body);
    await queueDocumentEmail(deps, {
      access,
      facts,
      entryId: query.entryId,
      recipient: fields.address,
      subject: fields.subject,
      body: fields.body,
      once: onceFor(query.organisationId, access.userId, query.requestId, "document"),
    });
    deps.sendQueuedMessages();
    return { success: true, message: SENDING_MESSAGES.emailSent };
  }

  const fields = requireWhatsAppFields(query.phone, query.body);
  const cloud = deps.config.whatsapp !== undefined;
  // Click-to-chat carries no file, so its body always carries the link.
  const template = cloud || needsLink(fields.body) ? fields.body : `${fields.body}\n{link}`;
  const values = needsLink(template) ? { ...facts.values, link: await link() } : facts.values;
  const body = fillPlaceholders(template, values);
  const about = {
    ...aboutDocuments(facts, query.entryId, access.userId),
    ...onceFor(query.organisationId, access.userId, query.requestId, "document"),
  };
  if (!cloud) {
    await recordClickToChat(deps, {
      organisationId: query.organisationId,
      phone: fields.phone,
      body,
      ...about,
    });
    return {
      success: true,
      message: SENDING_MESSAGES.whatsAppOpened,
      chatUrl: buildClickToChatUrl(fields.phone, body),
    };
  }
  await enqueueMessage(deps.db, {
    channel: "whatsapp",
    recipient: fields.phone,
    text: body,
    organisationId: query.organisationId,
    attachments: [attachmentOf(await facts.pdf())],
    // For the approved template, should the customer's 24-hour window be closed (decision 084).
    placeholderValues: values,
    ...about,
  });
  deps.sendQueuedMessages();
  return { success: true, message: SENDING_MESSAGES.messageSent };
}

/**
 * WhatsApp without the Business account: the person sends the message from their own WhatsApp
 * (click-to-chat). It is still recorded, without files, so the email log lists it: the worker
 * marks it handed ("Opened in WhatsApp") and keeps a copy under DATA_DIR/outbox/whatsapp.
 */
async function recordClickToChat(
  deps: ModuleDeps,
  message: {
    organisationId: string;
    phone: string;
    body: string;
    documents: { entryId: string; transactionType: string; number?: string | null }[];
    accountId?: string;
    sentBy: string;
    idempotencyKey?: string;
  },
) {
  await enqueueMessage(deps.db, {
    channel: "whatsapp",
    recipient: message.phone,
    text: message.body,
    organisationId: message.organisationId,
    documents: message.documents,
    ...(message.accountId ? { accountId: message.accountId } : {}),
    sentBy: message.sentBy,
    ...(message.idempotencyKey ? { idempotencyKey: message.idempotencyKey } : {}),
  });
  deps.sendQueuedMessages();
}

/**
 * The outbox's idempotency key for one dialog's request: the same request id from the same person
 * queues once (a double click, a retry after a lost answer). No id, no key: every call queues.
 */
export function onceFor(
  organisationId: string,
  userId: string,
  requestId: string | undefined,
  ...part: string[]
): { idempotencyKey?: string } {
  return requestId
    ? { idempotencyKey: ["send", organisationId, userId, requestId, ...part].join(":") }
    : {};
}

/** What the email log shows of a document's message: the document, its party, the sender. */
export function aboutDocuments(facts: DocumentFacts, entryId: string, userId: string) {
  return {
    documents: [
      { entryId, transactionType: facts.type, number: facts.values.invoiceNumber ?? null },
    ],
    ...(facts.partyAccountId ? { accountId: facts.partyAccountId } : {}),
    sentBy: userId,
  };
}

// ── Ledgers ─────────────────────────────────────────────────────────────────────────────────

export interface LedgerSendQuery {
  organisationId: string;
  accountId: string;
  startDate: string;
  endDate: string;
  format: "email" | "whatsapp";
  address?: string | undefined;
  phone?: string | undefined;
  subject?: string | undefined;
  body?: string | undefined;
  includePdf: boolean;
  requestId?: string | undefined;
}

async function readStatementFacts(
  deps: ModuleDeps,
  caller: Caller,
  query: { organisationId: string; accountId: string; startDate: string; endDate: string },
  channel: Channel,
) {
  const ledger = await readLedger(deps.db, caller, { ...query, skip: 0, limit: 1 });
  requireParty(ledger.account.nature, channel);
  const access = await requireOrganisationAccess(deps.db, caller, query.organisationId);
  return {
    access,
    values: describeStatementPlaceholders({
      customerName: ledger.account.name,
      organisationName: access.organisation.name,
      startDate: ledger.startDate,
      endDate: ledger.endDate,
      closingBalancePaise: rupeesToPaise(ledger.closingBalance.signed),
    }),
  };
}

/** GET /ledger/getEmailTemplate and getWhatsAppTemplate: the ledger's templates, filled. */
export async function prefillLedgerTemplates(
  deps: ModuleDeps,
  caller: Caller,
  query: { organisationId: string; accountId: string; startDate: string; endDate: string },
  channel: Channel,
) {
  const { access, values } = await readStatementFacts(deps, caller, query, channel);
  const templates = await templatesFor(deps, access.organisation, channel, LEDGER_TEMPLATE_TYPE);
  // A statement has no document link; {link} stays out of a ledger's message.
  return {
    success: true,
    templates: prefill(templates, values, channel).map((template) => ({
      ...template,
      template: template.template.replaceAll("{link}", "").trim(),
    })),
  };
}

/**
 * POST /ledger/getLedger (format email or whatsapp): the statement of a debtor or creditor, its PDF
 * attached when includePdf (email always may; WhatsApp needs the Business account for a file).
 */
export async function sendLedger(deps: ModuleDeps, caller: Caller, query: LedgerSendQuery) {
  const channel = query.format;
  const sender = await requireOrganisationAccess(deps.db, caller, query.organisationId, {
    kind: "right",
    subject: "account",
    action: "send",
  });
  await takeSendAllowance(deps.db, deps.config.sendLimits, sender);
  const { values, access } = await readStatementFacts(deps, caller, query, channel);
  const about = {
    documents: [{ entryId: query.accountId, transactionType: LEDGER_TEMPLATE_TYPE, number: null }],
    accountId: query.accountId,
    sentBy: access.userId,
  };
  const range = {
    organisationId: query.organisationId,
    accountId: query.accountId,
    startDate: query.startDate,
    endDate: query.endDate,
  };
  const statementPdf = async () => {
    const pdf = await renderAccountStatement(deps, caller, range, "background");
    return [attachmentOf(pdf)];
  };
  if (channel === "email") {
    const fields = requireEmailFields(query.address, query.subject, query.body);
    const body = fillPlaceholders(fields.body, values);
    await enqueueMessage(deps.db, {
      channel: "email",
      recipient: fields.address,
      subject: fillPlaceholders(fields.subject, values),
      text: body,
      html: htmlOf(body),
      organisationId: query.organisationId,
      ...readMailSender(access.organisation),
      ...(query.includePdf ? { attachments: await statementPdf() } : {}),
      ...about,
      ...onceFor(query.organisationId, access.userId, query.requestId, "ledger"),
    });
    deps.sendQueuedMessages();
    return { success: true, message: SENDING_MESSAGES.emailSent };
  }
  const fields = requireWhatsAppFields(query.phone, query.body);
  const body = fillPlaceholders(fields.body, values);
  if (deps.config.whatsapp === undefined) {
    await recordClickToChat(deps, {
      organisationId: query.organisationId,
      phone: fields.phone,
      body,
      ...about,
      ...onceFor(query.organisationId, access.userId, query.requestId, "ledger"),
    });
    return {
      success: true,
      message: SENDING_MESSAGES.whatsAppOpened,
      chatUrl: buildClickToChatUrl(fields.phone, body),
    };
  }
  await enqueueMessage(deps.db, {
    channel: "whatsapp",
    recipient: fields.phone,
    text: body,
    organisationId: query.organisationId,
    ...(query.includePdf ? { attachments: await statementPdf() } : {}),
    placeholderValues: values,
    ...about,
    ...onceFor(query.organisationId, access.userId, query.requestId, "ledger"),
  });
  deps.sendQueuedMessages();
  return { success: true, message: SENDING_MESSAGES.messageSent };
}

// ── Bulk send ───────────────────────────────────────────────────────────────────────────────

export const BULK_DOCUMENT_LIMIT = 50;

export interface BulkSendInput {
  organisationId: string;
  accountId: string;
  email?: string | undefined;
  phone?: string | undefined;
  subject?: string | undefined;
  body?: string | undefined;
  documents: { entryId: string; transactionType: string }[];
  requestId?: string | undefined;
}

interface BulkResult {
  entryId: string;
  transactionType: string;
  number: string;
  status: "queued" | "sent" | "failed";
  message: string;
}

const NOT_THIS_PARTY = "This document is not made out to this account.";

/**
 * POST /multipledocs/sendbulkemail and sendbulkwhatsapp: several documents of one party. Email:
 * one mail with every PDF attached. WhatsApp: one message per document through the Business
 * account; without one, one click-to-chat message listing each document with its link. Each
 * document answers for itself: one that cannot be sent fails alone, with its reason.
 */
export async function sendBulk(
  deps: ModuleDeps,
  caller: Caller,
  input: BulkSendInput,
  channel: Channel,
) {
  const access = await requireOrganisationAccess(deps.db, caller, input.organisationId);
  const party = await readAccountContact(deps.db, input.organisationId, input.accountId);
  if (!party) throw badRequest(SENDING_MESSAGES.missingAccount);
  requireParty(party.nature, channel);
  const recipient =
    channel === "email"
      ? requireEmailFields(input.email, input.subject ?? "-", input.body ?? "-").address
      : requireWhatsAppFields(input.phone, input.body ?? "-").phone;

  const results: BulkResult[] = [];
  const ready: { result: BulkResult; facts: DocumentFacts }[] = [];
  for (const document of input.documents) {
    const result: BulkResult = {
      entryId: document.entryId,
      transactionType: document.transactionType,
      number: "",
      status: "failed",
      message: "",
    };
    results.push(result);
    try {
      await requireOrganisationAccess(deps.db, caller, input.organisationId, {
        kind: "right",
        subject: resolvePrintableType(document.transactionType),
        action: "send",
      });
      const facts = await readDocumentFacts(deps, caller, {
        organisationId: input.organisationId,
        entryId: document.entryId,
        transactionType: document.transactionType,
      });
      result.number = facts.values.invoiceNumber ?? "";
      if (facts.partyAccountId !== party.id) {
        result.message = NOT_THIS_PARTY;
        continue;
      }
      ready.push({ result, facts });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      result.message = error.message;
    }
  }
  if (ready.length === 0) return { success: false, message: describeBulk(results), results };
  // One send to one party, however many documents (at most BULK_DOCUMENT_LIMIT) it carries.
  await takeSendAllowance(deps.db, deps.config.sendLimits, access);

  const makeLink = async (facts: DocumentFacts, entryId: string) =>
    (
      await createDocumentLink(deps.db, deps.config, {
        organisationId: input.organisationId,
        entryId,
        transactionType: facts.type,
        createdBy: access.userId,
      })
    ).url;
  const listLine = (values: PlaceholderValues, link?: string) =>
    `${values.documentType} ${values.invoiceNumber} dated ${values.date} for ${values.amount}${
      link ? `: ${link}` : ""
    }`;
  const common = { customerName: party.name, organisationName: access.organisation.name };
  const perDocument = channel === "whatsapp" && deps.config.whatsapp !== undefined;
  // What the screen showed and the person edited, else what it would have shown.
  const standard = describeBulkTemplate(
    channel,
    ready[0]?.facts.type ?? "salesInvoice",
    perDocument,
  );
  const subjectTemplate = input.subject?.trim() || standard.subject;
  const bodyTemplate = input.body?.trim() || standard.template;
  const documentsOf = (entries: typeof ready) =>
    entries.map(({ facts, result }) => ({
      entryId: result.entryId,
      transactionType: facts.type,
      number: result.number,
    }));

  if (channel === "email") {
    const lines = ready.map(({ facts }) => `- ${listLine(facts.values)}`);
    const text = placeDocumentList(fillPlaceholders(bodyTemplate, common), lines.join("\n"));
    const attachments: MessageAttachment[] = [];
    for (const { facts } of ready) attachments.push(attachmentOf(await facts.pdf()));
    await enqueueMessage(deps.db, {
      channel: "email",
      recipient,
      subject: fillPlaceholders(subjectTemplate, common),
      text,
      html: htmlOf(text),
      organisationId: input.organisationId,
      ...readMailSender(access.organisation),
      attachments,
      documents: documentsOf(ready),
      accountId: party.id,
      sentBy: access.userId,
      ...onceFor(input.organisationId, access.userId, input.requestId, "bulk"),
    });
    deps.sendQueuedMessages();
    for (const { result } of ready) {
      result.status = "queued";
      result.message = SENDING_MESSAGES.emailSent;
    }
    return { success: true, message: SENDING_MESSAGES.emailSent, results };
  }

  if (!perDocument) {
    const lines: string[] = [];
    for (const { facts, result } of ready) {
      lines.push(listLine(facts.values, await makeLink(facts, result.entryId)));
      result.status = "sent";
      result.message = SENDING_MESSAGES.whatsAppOpened;
    }
    const text = placeDocumentList(fillPlaceholders(bodyTemplate, common), lines.join("\n"));
    await recordClickToChat(deps, {
      organisationId: input.organisationId,
      phone: recipient,
      body: text,
      documents: documentsOf(ready),
      accountId: party.id,
      sentBy: access.userId,
      ...onceFor(input.organisationId, access.userId, input.requestId, "bulk"),
    });
    return {
      success: true,
      message: SENDING_MESSAGES.whatsAppOpened,
      chatUrl: buildClickToChatUrl(recipient, text),
      results,
    };
  }
  for (const { facts, result } of ready) {
    const values = needsLink(bodyTemplate)
      ? { ...facts.values, link: await makeLink(facts, result.entryId) }
      : facts.values;
    await enqueueMessage(deps.db, {
      channel: "whatsapp",
      recipient,
      text: fillPlaceholders(bodyTemplate, values),
      organisationId: input.organisationId,
      attachments: [attachmentOf(await facts.pdf())],
      placeholderValues: values,
      ...aboutDocuments(facts, result.entryId, access.userId),
      ...onceFor(input.organisationId, access.userId, input.requestId, "bulk", result.entryId),
    });
    result.status = "queued";
    result.message = SENDING_MESSAGES.messageSent;
  }
  deps.sendQueuedMessages();
  return { success: true, message: SENDING_MESSAGES.messageSent, results };
}

/**
 * GET /multipledocs/getemailtemplate and getwhatsapptemplate (organisationId, accountId, type):
 * what Send Multiple Docs starts from, filled with the party's and the organisation's names.
 * One mail (or one click-to-chat message) for every document: the bulk text, whose
 * {documentList} becomes the list of the documents chosen. One WhatsApp message per document
 * (the Business account): the type's saved templates, or its standard text when it has none,
 * each filled for its document when sent.
 */
export async function prefillBulkTemplates(
  deps: ModuleDeps,
  caller: Caller,
  query: { organisationId: string; accountId: string; type: string },
  channel: Channel,
) {
  const type = resolvePrintableType(query.type);
  const access = await requireOrganisationAccess(deps.db, caller, query.organisationId, {
    kind: "right",
    subject: type,
    action: "view",
  });
  const party = await readAccountContact(deps.db, query.organisationId, query.accountId);
  if (!party) throw badRequest(SENDING_MESSAGES.missingAccount);
  requireParty(party.nature, channel);
  const perDocument = channel === "whatsapp" && deps.config.whatsapp !== undefined;
  const common = { customerName: party.name, organisationName: access.organisation.name };
  const standard = describeBulkTemplate(channel, type, perDocument);
  const templates = perDocument
    ? await templatesFor(deps, access.organisation, channel, type)
    : [{ _id: null, name: "Standard", subject: standard.subject, template: standard.template }];
  // Only the names are known before the documents are: the rest stays for the send to fill.
  const keep = (text: string) =>
    text.replace(
      /\{(customerName|organisationName)\}/g,
      (_, name: keyof typeof common) => common[name],
    );
  return {
    success: true,
    perDocument,
    templates: templates.map((template) => ({
      _id: template._id,
      name: template.name,
      ...(channel === "email" ? { subject: keep(template.subject) } : {}),
      template: keep(template.template),
    })),
  };
}

function describeBulk(results: BulkResult[]) {
  return results.length === 1
    ? (results[0]?.message ?? "")
    : `None of the ${results.length} documents could be sent.`;
}
