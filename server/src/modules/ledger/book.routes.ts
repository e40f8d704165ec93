import {
  BooksDateText,
  DEFAULT_EXPORT_FORMAT,
  EntityId,
  EXPORT_FORMATS,
  FinancialYearText,
  QueryBoolean,
  todayCivil,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendIsAPost } from "../../http/errors.ts";
import { callerOf } from "../auth/auth.guard.ts";
import { sendReportFile } from "../exports/report-files.ts";
import type { ModuleDeps } from "../module-deps.ts";
import * as book from "./book.service.ts";
import { readLedger, readTrialBalance } from "./ledger.service.ts";
import { LedgerQuery, ledgerAnswerOf } from "./ledger-answers.ts";
import { tabulateLedger, tabulateOpenBills, tabulateTrialBalance } from "./ledger-tables.ts";

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

/**
 * Reads across the books: ledger, trial balance and the small calls screens make about entries.
 * The ledger's statement PDF and its sending answer at the same URL from the documents and sending
 * modules (ledger-answers.ts).
 */
export const bookRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const db = deps.db;

  app.get(
    "/ledger/getLedger",
    {
      ...guard,
      schema: { querystring: LedgerQuery },
    },
    async (request, reply) => {
      const { download, format, statement, ...query } = request.query;
      // Issue 37: a GET never sends; sending a statement is this path's POST (sending module).
      if (format === "email" || format === "whatsapp") throw sendIsAPost("/ledger/getLedger");
      if (!download) return readLedger(db, callerOf(request), query);
      if (statement && format === "pdf") {
        return ledgerAnswerOf("statement")(deps, callerOf(request), request.query, reply);
      }
      const ledger = await readLedger(db, callerOf(request), {
        ...query,
        skip: 0,
        limit: WHOLE_RANGE,
      });
      // Issue 40: the PDF lists the open bills with their age, as the statement PDF does.
      const openBills =
        format === "pdf"
          ? tabulateOpenBills(
              await book.readStatementBills(
                db,
                callerOf(request),
                ledger.account.nature,
                query.organisationId,
                query.accountId,
              ),
              ledger.endDate,
              todayCivil(),
            )
          : null;
      return sendReportFile(reply, {
        ...tabulateLedger(ledger),
        sections: openBills ? [openBills] : undefined,
        organisationId: query.organisationId,
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
        organisationId: query.organisationId,
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
