import {
  BooksDateText,
  EntityId,
  QueryBoolean,
  SendDocumentInput,
  SendRequestId,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../auth/auth.guard.ts";
import { LEDGER_SEND_FORMATS } from "../ledger/ledger-answers.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { SELECTION_SEND_LIMIT, sendSelectionByEmail } from "./selection-send.service.ts";
import * as sending from "./sending.service.ts";

const tags = ["Sending"];
const DocumentRef = z.object({
  organisationId: EntityId,
  entryId: EntityId,
  type: z.string({ error: "Transaction type is required." }).max(40),
});
const AccountRef = z.object({ organisationId: EntityId, accountId: EntityId });
const BulkTemplateQuery = AccountRef.extend({
  type: z.string({ error: "Transaction type is required." }).max(40),
});
const Range = AccountRef.extend({
  startDate: z.iso.date("Start date must be a date in the form YYYY-MM-DD."),
  endDate: z.iso.date("End date must be a date in the form YYYY-MM-DD."),
});
const Bulk = z.object({
  organisationId: EntityId,
  requestId: SendRequestId,
  accountId: EntityId,
  subject: z.string().max(500, "Subject is too long.").optional(),
  body: z.string().max(10_000, "Message is too long.").optional(),
  documents: z
    .array(z.object({ entryId: EntityId, transactionType: z.string().max(40) }), {
      error: "Choose the documents to send.",
    })
    .min(1, "Choose the documents to send.")
    .max(
      sending.BULK_DOCUMENT_LIMIT,
      `At most ${sending.BULK_DOCUMENT_LIMIT} documents can be sent at once.`,
    ),
});

/** Issue 40: a list's selection, each document to its own party (docs/api/sending.md). */
const Selection = z.object({
  organisationId: EntityId,
  requestId: SendRequestId,
  documents: z
    .array(z.object({ entryId: EntityId, transactionType: z.string().max(40) }), {
      error: "Choose the documents to send.",
    })
    .min(1, "Choose the documents to send.")
    .max(SELECTION_SEND_LIMIT, `At most ${SELECTION_SEND_LIMIT} documents can be sent at once.`),
});

/** POST /ledger/getLedger: a statement's range and the message (format email or whatsapp). */
const SendLedgerInput = AccountRef.extend({
  startDate: BooksDateText,
  endDate: BooksDateText,
  format: z.enum(LEDGER_SEND_FORMATS, { error: "Format must be email or whatsapp." }),
  address: z.string().max(320, "Email address is too long.").optional(),
  phone: z.string().max(30, "Phone number is too long.").optional(),
  subject: z.string().max(500, "Subject is too long.").optional(),
  body: z.string().max(10_000, "Message is too long.").optional(),
  includePdf: QueryBoolean.default(true),
  requestId: SendRequestId,
});

/**
 * api.md 7: the contact check and prefilled templates of a document (getpdf/…) and of a ledger
 * (ledger/…), and bulk send (multipledocs/…). Sending one document or one ledger is the POST of
 * getpdf/transactionpdf and ledger/getLedger in email and WhatsApp formats, whose GETs download
 * and read: no GET sends (issue 37), and every POST meets the cross-site check.
 */
export const sendingRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  app.post(
    "/getpdf/transactionpdf",
    { ...guard, schema: { tags, body: SendDocumentInput } },
    async (request) => sending.sendDocument(deps, callerOf(request), request.body),
  );
  app.post(
    "/ledger/getLedger",
    { ...guard, schema: { tags, body: SendLedgerInput } },
    async (request) => sending.sendLedger(deps, callerOf(request), request.body),
  );
  for (const channel of ["email", "whatsapp"] as const) {
    const word = channel === "email" ? "email" : "phone";
    const Word = channel === "email" ? "Email" : "Phone";
    const templateWord = channel === "email" ? "EmailTemplate" : "WhatsAppTemplate";

    app.get(
      `/getpdf/get${word}`,
      { ...guard, schema: { tags, querystring: DocumentRef } },
      async (request) =>
        sending.checkDocumentContact(deps, callerOf(request), request.query, channel),
    );
    app.get(
      `/getpdf/get${templateWord.toLowerCase()}`,
      { ...guard, schema: { tags, querystring: DocumentRef } },
      async (request) =>
        sending.prefillDocumentTemplates(deps, callerOf(request), request.query, channel),
    );
    app.get(
      `/multipledocs/get${templateWord.toLowerCase()}`,
      { ...guard, schema: { tags, querystring: BulkTemplateQuery } },
      async (request) =>
        sending.prefillBulkTemplates(deps, callerOf(request), request.query, channel),
    );
    app.get(
      `/ledger/get${Word}`,
      { ...guard, schema: { tags, querystring: AccountRef } },
      async (request) =>
        sending.checkAccountContact(deps, callerOf(request), request.query, channel),
    );
    app.get(
      `/ledger/get${templateWord}`,
      { ...guard, schema: { tags, querystring: Range } },
      async (request) =>
        sending.prefillLedgerTemplates(deps, callerOf(request), request.query, channel),
    );
  }

  app.post(
    "/multipledocs/sendbulkemail",
    { ...guard, schema: { tags, body: Bulk.extend({ email: z.string().max(320) }) } },
    async (request) => sending.sendBulk(deps, callerOf(request), request.body, "email"),
  );
  app.post(
    "/multipledocs/sendselectedemail",
    { ...guard, schema: { tags, body: Selection } },
    async (request) => sendSelectionByEmail(deps, callerOf(request), request.body),
  );
  app.post(
    "/multipledocs/sendbulkwhatsapp",
    { ...guard, schema: { tags, body: Bulk.extend({ phone: z.string().max(30) }) } },
    async (request) => sending.sendBulk(deps, callerOf(request), request.body, "whatsapp"),
  );
};
