import {
  DocumentSettingsInput,
  getVoucherDefinition,
  PdfDownloadQuery,
  VOUCHER_TYPES,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendIsAPost } from "../../http/errors.ts";
import { callerOf } from "../auth/auth.guard.ts";
import { describeAttachment } from "../exports/table-document.ts";
import { answerLedgerWith, type LedgerAnswers } from "../ledger/ledger-answers.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  getDocumentSettings,
  saveDocumentSettings,
} from "../organisations/document-settings.service.ts";
import { OrganisationIdQuery } from "../organisations/organisations.schemas.ts";
import { renderAccountStatement, renderTransactionPdf } from "./documents.service.ts";

/**
 * GET /ledger/getLedger?download=true&format=pdf&statement=true: the ledger's URL, this module's
 * PDF (issue 34). It closes over no app: the ledger's route hands it that app's deps.
 */
const answerStatement: LedgerAnswers["statement"] = async (deps, caller, query, reply) => {
  const { organisationId, accountId, startDate, endDate } = query;
  const { bytes, fileName } = await renderAccountStatement(deps, caller, {
    organisationId,
    accountId,
    startDate,
    endDate,
  });
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", describeAttachment(fileName))
    .header("cache-control", "private, no-store")
    .send(bytes);
};

/**
 * Printed documents (issue 21): GET /getpdf/transactionpdf (its POST, sending, is the sending
 * module's), and the per-document settings calls
 * of api.md 7, registered from the registry's `settings` facts; the ledger's statement PDF.
 */
export const documentsRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  answerLedgerWith("statement", answerStatement);

  app.get(
    "/getpdf/transactionpdf",
    { ...guard, schema: { tags: ["Documents"], querystring: PdfDownloadQuery } },
    async (request, reply) => {
      // Issue 37: sending is the sending module's POST of this path; a GET never sends.
      if (request.query.format !== "download") throw sendIsAPost("/getpdf/transactionpdf");
      const { bytes, fileName } = await renderTransactionPdf(
        deps,
        callerOf(request),
        request.query,
      );
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", describeAttachment(fileName))
        .header("cache-control", "private, no-store")
        .send(bytes);
    },
  );

  for (const type of VOUCHER_TYPES) {
    const settings = getVoucherDefinition(type).settings;
    if (!settings) continue;
    const tags = ["Document settings"];
    app.get(
      `/settings/${settings.getCallName}`,
      { ...guard, schema: { tags, querystring: OrganisationIdQuery } },
      async (request) =>
        getDocumentSettings(deps.db, callerOf(request), type, request.query.organisationId),
    );
    app.post(
      `/settings/${settings.callName}`,
      { ...guard, schema: { tags, body: DocumentSettingsInput } },
      async (request) => saveDocumentSettings(deps.db, callerOf(request), type, request.body),
    );
  }
};
