import {
  buildEntryApiPath,
  ENTRY_INPUT_SCHEMAS,
  EntityId,
  EntryDeleteQuery,
  EntryDetailsQuery,
  EntryListQuery,
  FinancialYearText,
  getVoucherDefinition,
  listEntryCalls,
  OldEntryDetailsQuery,
  OldEntryListQuery,
  VOUCHER_TYPES,
  type VoucherType,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DatabaseKind } from "../../db/database.ts";
import { callerOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import * as templates from "./templates.service.ts";
import { sendVoucherListFile } from "./voucher-export.ts";
import * as queries from "./vouchers.queries.ts";
import { createVoucher, deleteVouchers, editVoucher, restoreVouchers } from "./vouchers.service.ts";

type EntryPayload = Record<string, unknown> & { organisationId: string };

const TemplateName = z
  .string()
  .trim()
  .min(1, "Template name is required.")
  .max(100, "Template name cannot be more than 100 characters.");
const TemplateQuery = z.object({ organisationId: EntityId, templateId: EntityId });
// A saved draft is whatever the form held; only its size is bounded.
const TemplateEntry = z
  .record(z.string(), z.unknown())
  .refine((entry) => JSON.stringify(entry).length <= 200_000, "The template is too large.");

const EntryRestoreBody = z.object({
  organisationId: EntityId,
  entryIds: z
    .array(EntityId)
    .min(1, "Select at least one entry to restore.")
    .max(500, "At most 500 entries at once."),
});

export function deletedMessage(count: number): string {
  return `${count} ${count === 1 ? "entry" : "entries"} Deleted Successfully.`;
}

/**
 * Every call of the 12 entry families (api.md 7), registered from the voucher registry in one
 * loop (STYLE.md "One engine"). Add is POST; edit is PUT for every family (the spec leaves it open).
 */
export const vouchersRoutes: FastifyPluginAsyncZod<{
  deps: ModuleDeps;
  kind: DatabaseKind;
  announceChange: (organisationId: string) => void;
}> = async (app, { deps, kind, announceChange }) => {
  const writeDeps = { db: deps.db, announceChange };
  const readDeps = { db: deps.db, kind };
  const guard = { preHandler: deps.authenticator.requireCaller };

  for (const type of VOUCHER_TYPES) {
    const definition = getVoucherDefinition(type);
    const schemas = ENTRY_INPUT_SCHEMAS[type];
    const path = (call: Parameters<typeof buildEntryApiPath>[1]) => buildEntryApiPath(type, call);
    const tags = [definition.titles.plural];

    app.post(path("add"), { ...guard, schema: { tags, body: schemas.add } }, async (request) => {
      const saved = await createVoucher(
        writeDeps,
        callerOf(request),
        type,
        request.body as EntryPayload,
      );
      const { figures, ...ids } = saved;
      return {
        success: true,
        message: `${definition.titles.singular} saved.`,
        ...figures,
        ...ids,
        invoiceNumber: saved.number,
      };
    });

    app.put(path("edit"), { ...guard, schema: { tags, body: schemas.edit } }, async (request) => {
      const payload = request.body as EntryPayload & { entryId: string; version?: number };
      const saved = await editVoucher(writeDeps, callerOf(request), type, payload);
      const { figures, ...ids } = saved;
      return {
        success: true,
        message: `${definition.titles.singular} updated.`,
        ...figures,
        ...ids,
        invoiceNumber: saved.number,
      };
    });

    app.delete(
      path("delete"),
      { ...guard, schema: { tags, querystring: EntryDeleteQuery } },
      async (request) => {
        const { organisationId, entryIds } = request.query;
        const { deleted } = await deleteVouchers(
          writeDeps,
          callerOf(request),
          type,
          organisationId,
          entryIds,
        );
        return { success: true, deleted, message: deletedMessage(deleted) };
      },
    );

    // Deleted Entries' Restore (issue 39, decision 312): back into the books, in the audit trail.
    app.post(
      path("restore"),
      { ...guard, schema: { tags, body: EntryRestoreBody } },
      async (request) => {
        const { organisationId, entryIds } = request.body;
        const { restored } = await restoreVouchers(
          writeDeps,
          callerOf(request),
          type,
          organisationId,
          entryIds,
        );
        return {
          success: true,
          restored,
          message: `${restored} ${restored === 1 ? "entry" : "entries"} Restored Successfully.`,
        };
      },
    );

    app.get(
      path("getsingleentrydetails"),
      { ...guard, schema: { tags, querystring: EntryDetailsQuery } },
      async (request) => ({
        entry: await queries.getVoucherDetails(
          readDeps,
          callerOf(request),
          type,
          request.query.organisationId,
          request.query.entryId,
        ),
      }),
    );

    app.get(
      path("list"),
      { ...guard, schema: { tags, querystring: EntryListQuery } },
      async (request, reply) => {
        if (!request.query.download)
          return queries.listVouchers(readDeps, callerOf(request), type, request.query);
        const { organisation, pages } = await queries.listAllVoucherRows(
          readDeps,
          callerOf(request),
          type,
          request.query,
        );
        return sendVoucherListFile(reply, deps.db, { ...request.query, organisation, type, pages });
      },
    );

    app.get(
      path("getoldentrylist"),
      { ...guard, schema: { tags, querystring: OldEntryListQuery } },
      async (request) =>
        queries.listOldVersions(
          readDeps,
          callerOf(request),
          type,
          request.query.organisationId,
          request.query.entryId,
        ),
    );

    app.get(
      path("getoldentrydetails"),
      { ...guard, schema: { tags, querystring: OldEntryDetailsQuery } },
      async (request) =>
        queries.getOldVersion(
          readDeps,
          callerOf(request),
          type,
          request.query.organisationId,
          request.query.entryId,
          request.query.version,
        ),
    );

    registerExtras(type);
    if (listEntryCalls(type).includes("gettemplates")) registerTemplates(type);
  }

  function registerExtras(type: VoucherType) {
    const calls = listEntryCalls(type);
    const tags = [getVoucherDefinition(type).titles.plural];
    for (const call of ["getreceipts", "getpayments"] as const) {
      if (!calls.includes(call)) continue;
      app.get(
        buildEntryApiPath(type, call),
        { ...guard, schema: { tags, querystring: EntryDetailsQuery } },
        async (request) =>
          queries.listSettlements(
            readDeps,
            callerOf(request),
            type,
            request.query.organisationId,
            request.query.entryId,
          ),
      );
    }
    if (calls.includes("lastinvoicenumber")) {
      app.get(
        buildEntryApiPath(type, "lastinvoicenumber"),
        {
          ...guard,
          schema: {
            tags,
            querystring: z.object({ organisationId: EntityId, year: FinancialYearText }),
          },
        },
        async (request) =>
          queries.suggestNumber(
            readDeps,
            callerOf(request),
            type,
            request.query.organisationId,
            request.query.year,
          ),
      );
    }
  }

  function registerTemplates(type: VoucherType) {
    const tags = [getVoucherDefinition(type).titles.plural];
    const path = (call: Parameters<typeof buildEntryApiPath>[1]) => buildEntryApiPath(type, call);
    app.get(
      path("gettemplates"),
      { ...guard, schema: { tags, querystring: z.object({ organisationId: EntityId }) } },
      async (request) =>
        templates.listTemplates(deps.db, callerOf(request), type, request.query.organisationId),
    );
    app.get(
      path("gettemplatedetails"),
      { ...guard, schema: { tags, querystring: TemplateQuery } },
      async (request) =>
        templates.getTemplate(
          deps.db,
          callerOf(request),
          type,
          request.query.organisationId,
          request.query.templateId,
        ),
    );
    app.post(
      path("addtemplate"),
      {
        ...guard,
        schema: {
          tags,
          body: z.object({
            organisationId: EntityId,
            templateName: TemplateName,
            entry: TemplateEntry,
          }),
        },
      },
      async (request) => templates.addTemplate(deps.db, callerOf(request), type, request.body),
    );
    app.put(
      path("edittemplatename"),
      {
        ...guard,
        schema: {
          tags,
          body: z.object({
            organisationId: EntityId,
            templateId: EntityId,
            templateName: TemplateName,
          }),
        },
      },
      async (request) => templates.renameTemplate(deps.db, callerOf(request), type, request.body),
    );
    app.delete(
      path("template"),
      { ...guard, schema: { tags, querystring: TemplateQuery } },
      async (request) =>
        templates.deleteTemplate(
          deps.db,
          callerOf(request),
          type,
          request.query.organisationId,
          request.query.templateId,
        ),
    );
  }
};
