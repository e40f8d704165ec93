import { AppError } from "../../http/errors.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { readAccountContact } from "../accounts/accounts.service.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { takeSendAllowance } from "../auth/send-limits.ts";
import { resolvePrintableType } from "../documents/documents.service.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  type DocumentFacts,
  onceFor,
  queueDocumentEmail,
  readDocumentFacts,
  SENDING_MESSAGES,
  templatesFor,
} from "./sending.service.ts";

// Issue 40: send from a list's selection. Several invoices ticked in the Sales list, Send: each
// goes by email to its own party's saved address, with its PDF and the type's template (the saved
// one when there is one, else the standard text); a document whose party has no email is skipped
// and said so. The answer sums up what was sent and what was skipped.

export const SELECTION_SEND_LIMIT = 50;

export const SELECTION_MESSAGES = {
  noEmail: "The party has no email address. Add one to the account to send it.",
  noParty: "This document has no party to send it to.",
  summary: (sent: number, skipped: number, failed: number) =>
    `${[
      `${sent} ${sent === 1 ? "email" : "emails"} sent`,
      ...(skipped > 0 ? [`${skipped} skipped without an email address`] : []),
      ...(failed > 0 ? [`${failed} could not be sent`] : []),
    ].join("; ")}.`,
} as const;

export interface SelectionSendInput {
  organisationId: string;
  requestId?: string | undefined;
  documents: { entryId: string; transactionType: string }[];
}

export interface SelectionResult {
  entryId: string;
  transactionType: string;
  number: string;
  partyName: string;
  email: string;
  status: "queued" | "skipped" | "failed";
  message: string;
}

/** POST /multipledocs/sendselectedemail: each document of the selection to its party's email. */
export async function sendSelectionByEmail(
  deps: ModuleDeps,
  caller: Caller,
  input: SelectionSendInput,
) {
  const access = await requireOrganisationAccess(deps.db, caller, input.organisationId);
  const results: SelectionResult[] = [];
  const ready: { result: SelectionResult; facts: DocumentFacts }[] = [];
  const seen = new Set<string>();
  for (const document of input.documents) {
    if (seen.has(document.entryId)) continue;
    seen.add(document.entryId);
    const result: SelectionResult = {
      entryId: document.entryId,
      transactionType: document.transactionType,
      number: "",
      partyName: "",
      email: "",
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
      result.partyName = facts.values.customerName ?? "";
      const party = facts.partyAccountId
        ? await readAccountContact(deps.db, input.organisationId, facts.partyAccountId)
        : null;
      if (!party) {
        result.status = "skipped";
        result.message = SELECTION_MESSAGES.noParty;
        continue;
      }
      result.partyName = party.name;
      if (!party.email.trim()) {
        result.status = "skipped";
        result.message = SELECTION_MESSAGES.noEmail;
        continue;
      }
      result.email = party.email.trim();
      ready.push({ result, facts });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      result.message = error.message;
    }
  }
  if (ready.length > 0) {
    // One mail per document: all of them counted before any is queued.
    await takeSendAllowance(deps.db, deps.config.sendLimits, access, ready.length);
    const templates = new Map<string, Awaited<ReturnType<typeof templatesFor>>[number]>();
    for (const { result, facts } of ready) {
      let template = templates.get(facts.type);
      if (!template) {
        [template] = await templatesFor(deps, access.organisation, "email", facts.type);
        if (!template) throw new Error(`no email template for ${facts.type}`);
        templates.set(facts.type, template);
      }
      await queueDocumentEmail(deps, {
        access,
        facts,
        entryId: result.entryId,
        recipient: result.email,
        subject: template.subject,
        body: template.template,
        once: onceFor(
          input.organisationId,
          access.userId,
          input.requestId,
          "selection",
          result.entryId,
        ),
      });
      result.status = "queued";
      result.message = SENDING_MESSAGES.emailSent;
    }
    deps.sendQueuedMessages();
  }
  const count = (status: SelectionResult["status"]) =>
    results.filter((result) => result.status === status).length;
  const sent = count("queued");
  return {
    success: sent > 0,
    message: SELECTION_MESSAGES.summary(sent, count("skipped"), count("failed")),
    sent,
    skipped: count("skipped"),
    failed: count("failed"),
    results,
  };
}
