import {
  DocumentSettingsInput,
  getVoucherDefinition,
  TransactionPdfQuery,
  VOUCHER_TYPES,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Caller } from "../access/caller.ts";
import { callerOf } from "../auth/auth.guard.ts";
import { describeAttachment } from "../exports/table-document.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  getDocumentSettings,
  saveDocumentSettings,
} from "../organisations/document-settings.service.ts";
import { OrganisationIdQuery } from "../organisations/organisations.schemas.ts";
import { renderTransactionPdf } from "./documents.service.ts";

/**
 * Printed documents (issue 21): GET /getpdf/transactionpdf, and the per-document settings calls
 * of api.md 7, registered from the registry's `settings` facts.
 */
/** format=email|whatsapp: the sending module's (issue 22); app.ts hands it in. */
export type SendDocument = (
  deps: ModuleDeps,
  caller: Caller,
  query: TransactionPdfQuery,
) => Promise<unknown>;

export const documentsRoutes: FastifyPluginAsyncZod<{
  deps: ModuleDeps;
  sendDocument?: SendDocument;
}> = async (app, { deps, sendDocument }) => {
  const guard = { preHandler: deps.authenticator.requireCaller };

  app.get(
    "/getpdf/transactionpdf",
    { ...guard, schema: { tags: ["Documents"], querystring: TransactionPdfQuery } },
    async (request, reply) => {
      if (request.query.format !== "download" && sendDocument) {
        return sendDocument(deps, callerOf(request), request.query);
      }
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
