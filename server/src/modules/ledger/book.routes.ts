import {
  BooksDateText,
  DEFAULT_EXPORT_FORMAT,
  EntityId,
  EXPORT_FORMATS,
  FinancialYearText,
  QueryBoolean,
  SendRequestId,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Caller } from "../access/caller.ts";
import { callerOf } from "../auth/auth.guard.ts";
import { sendReportFile } from "../exports/report-files.ts";
import { describeAttachment } from "../exports/table-document.ts";
import type { ModuleDeps } from "../module-deps.ts";
import * as book from "./book.service.ts";
import { readLedger, readTrialBalance } from "./ledger.service.ts";
import { tabulateLedger, tabulateTrialBalance } from "./ledger-tables.ts";

// Report and ledger dates lie within the years the product keeps (issue 26: 9999-12-31 was a 500).
const CivilDate = BooksDateText;
const Download = {
  download: QueryBoolean.default(false),
  format: z
    .enum(EXPORT_FORMATS, { error: "Format must be pdf or excel." })
    .default(DEFAULT_EXPORT_FORMAT),
};
// A download holds every entry of the range, however many pages the screen shows them in.
const WHOLE_RANGE = 1_000_000;
const Skip = z.coerce.number().int().min(0, "Skip cannot be negative.").default(0);
const Limit = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1, `Limit must be between 1 and ${max}.`)
    .max(max, `Limit must be between 1 and ${max}.`)
    .default(fallback);

/** Reads across the books: ledger, trial balance and the small calls screens make about entries. */
/**
 * Renders an account's statement PDF. The documents module does (documents.service.ts); app.ts
 * hands it in, so that the ledger, which documents read, does not import documents back.
 */
export type RenderAccountStatement = (
  deps: ModuleDeps,
  caller: Caller,
  query: { organisationId: string; accountId: string; startDate: string; endDate: string },
) => Promise<{ bytes: Uint8Array; fileName: string }>;

/** Sends an account's statement by email or WhatsApp (modules/sending; app.ts hands it in). */
export type SendLedger = (
  deps: ModuleDeps,
  caller: Caller,
  query: {
    organisationId: string;
    accountId: string;
    startDate: string;
    endDate: string;
    format: "email" | "whatsapp";
    address: string | undefined;
    phone: string | undefined;
    subject: string | undefined;
    body: string | undefined;
    includePdf: boolean;
    requestId: string | undefined;
  },
) => Promise<unknown>;

const LEDGER_SEND_FORMATS = ["email", "whatsapp"] as const;

export const bookRoutes: FastifyPluginAsyncZod<{
  deps: ModuleDeps;
  renderAccountStatement: RenderAccountStatement;
  sendLedger: SendLedger;
}> = async (app, { deps, renderAccountStatement, sendLedger }) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const db = deps.db;

  app.get(
    "/ledger/getLedger",
    {
      ...guard,
      schema: {
        querystring: z.object({
          organisationId: EntityId,
          accountId: EntityId,
          startDate: CivilDate,
          endDate: CivilDate,
          skip: Skip,
          limit: Limit(500, 50),
          download: Download.download,
          format: z
            .enum([...EXPORT_FORMATS, ...LEDGER_SEND_FORMATS], {
              error: "Format must be pdf, excel, email or whatsapp.",
            })
            .default(DEFAULT_EXPORT_FORMAT),
          /** With download and format=pdf: the account statement (docs/api/documents.md). */
          statement: QueryBoolean.default(false),
          /** format=email|whatsapp (issue 22): where, what, and whether the statement PDF goes too. */
          address: z.string().max(320, "Email address is too long.").optional(),
          phone: z.string().max(30, "Phone number is too long.").optional(),
          subject: z.string().max(500, "Subject is too long.").optional(),
          body: z.string().max(10_000, "Message is too long.").optional(),
          includePdf: QueryBoolean.default(true),
          requestId: SendRequestId,
        }),
      },
    },
    async (request, reply) => {
      const {
        download,
        format,
        statement,
        address,
        phone,
        subject,
        body,
        includePdf,
        requestId,
        ...query
      } = request.query;
      if (format === "email" || format === "whatsapp") {
        return sendLedger(deps, callerOf(request), {
          organisationId: query.organisationId,
          accountId: query.accountId,
          startDate: query.startDate,
          endDate: query.endDate,
          format,
          address,
          phone,
          subject,
          body,
          includePdf,
          requestId,
        });
      }
      if (!download) return readLedger(db, callerOf(request), query);
      if (statement && format === "pdf") {
        const { bytes, fileName } = await renderAccountStatement(deps, callerOf(request), query);
        return reply
          .header("content-type", "application/pdf")
          .header("content-disposition", describeAttachment(fileName))
          .header("cache-control", "private, no-store")
          .send(bytes);
      }
      const ledger = await readLedger(db, callerOf(request), {
        ...query,
        skip: 0,
        limit: WHOLE_RANGE,
      });
      return sendReportFile(reply, {
        ...tabulateLedger(ledger),
        organisationName: await organisationNameOf(query.organisationId),
        format,
        fileSuffix: `${query.startDate}-to-${query.endDate}`,
      });
    },
  );

  app.get(
    "/reports/trialbalance",
    {
      ...guard,
      schema: {
        querystring: z.object({
          organisationId: EntityId,
          year: FinancialYearText,
          date: CivilDate.optional(),
          ...Download,
        }),
      },
    },
    async (request, reply) => {
      const { download, format, ...query } = request.query;
      const trial = await readTrialBalance(db, callerOf(request), query);
      if (!download) return trial;
      return sendReportFile(reply, {
        ...tabulateTrialBalance(trial),
        organisationName: await organisationNameOf(query.organisationId),
        format,
        fileSuffix: query.year,
      });
    },
  );

  // Called after the read, whose access check has already let the caller in.
  async function organisationNameOf(organisationId: string): Promise<string> {
    const row = await db
      .selectFrom("organisations")
      .select("name")
      .where("id", "=", organisationId)
      .executeTakeFirst();
    return row?.name ?? "";
  }

  app.get(
    "/misc/lastInvoiceNumber",
    {
      ...guard,
      schema: { querystring: z.object({ organisationId: EntityId, year: FinancialYearText }) },
    },
    async (request) =>
      book.readLastNumbers(db, callerOf(request), request.query.organisationId, request.query.year),
  );

  const openBills = z.object({ organisationId: EntityId, accountId: EntityId });
  app.get(
    "/misc/getOpenInvoices",
    { ...guard, schema: { querystring: openBills } },
    async (request) =>
      book.readOpenBills(
        db,
        callerOf(request),
        "salesInvoice",
        request.query.organisationId,
        request.query.accountId,
      ),
  );
  app.get(
    "/misc/getOpenPurchaseBills",
    { ...guard, schema: { querystring: openBills } },
    async (request) =>
      book.readOpenBills(
        db,
        callerOf(request),
        "purchases",
        request.query.organisationId,
        request.query.accountId,
      ),
  );

  app.get(
    "/misc/updatelog",
    {
      ...guard,
      schema: {
        querystring: z.object({ organisationId: EntityId, skip: Skip, limit: Limit(500, 50) }),
      },
    },
    async (request) => book.readUpdateLog(db, callerOf(request), request.query),
  );

  app.get(
    "/reports/lasttentransactions",
    {
      ...guard,
      schema: { querystring: z.object({ organisationId: EntityId, year: FinancialYearText }) },
    },
    async (request) =>
      book.readLastTenTransactions(
        db,
        callerOf(request),
        request.query.organisationId,
        request.query.year,
      ),
  );

  app.get(
    "/search/topsearch",
    {
      ...guard,
      schema: {
        querystring: z.object({
          organisationId: EntityId,
          year: FinancialYearText,
          searchText: z.string().max(100, "Search text cannot be more than 100 characters."),
          searchIn: z.enum(book.SEARCH_IN_VALUES).default("all"),
        }),
      },
    },
    async (request) => book.topSearch(db, callerOf(request), request.query),
  );
};
