import {
  BooksDateText,
  DEFAULT_EXPORT_FORMAT,
  EntityId,
  EXPORT_FORMATS,
  FinancialYearText,
  QueryBoolean,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../auth/auth.guard.ts";
import {
  describeAsAt,
  describeRange,
  presentTabular,
  sendReportFile,
  sendTabularReport,
} from "../exports/report-files.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { readCashPayments } from "./cash-payments.service.ts";
import {
  readBillDates,
  readCashAndBank,
  readDues,
  readLastThirtyDaysSales,
} from "./dashboard.service.ts";
import {
  DAY_BOOK_MAX_LIMIT,
  presentDayBook,
  presentItemLedger,
  readDayBook,
  readItemLedger,
  tabulateDayBook,
  tabulateItemLedger,
} from "./day-book.service.ts";
import {
  presentBalanceSheet,
  presentProfitAndLoss,
  tabulateBalanceSheet,
  tabulateProfitAndLoss,
} from "./statements.presenter.ts";
import { readBalanceSheet, readProfitAndLoss, STATEMENT_TYPES } from "./statements.service.ts";
import {
  TRADE_REPORT_KINDS,
  TRADE_REPORTS,
  TRADE_SIDES,
  type TradeReportKind,
} from "./trade-reports.builders.ts";
import { readTradeReport } from "./trade-reports.service.ts";

// Report and ledger dates lie within the years the product keeps (issue 26: 9999-12-31 was a 500).
const CivilDate = BooksDateText;

/** What every report call takes (api.md 7 "Reports"): the organisation, year and download. */
export const ReportQuery = z.object({
  organisationId: EntityId,
  year: FinancialYearText,
  download: QueryBoolean.default(false),
  format: z
    .enum(EXPORT_FORMATS, { error: "Format must be pdf or excel." })
    .default(DEFAULT_EXPORT_FORMAT),
});

const StatementType = z
  .enum(STATEMENT_TYPES, { error: "Type must be summary or detailed." })
  .default("detailed");

const tags = ["Reports"];

const Limit = (max: number) =>
  z.coerce
    .number()
    .int()
    .min(1, `Limit must be between 1 and ${max}.`)
    .max(max, `Limit must be between 1 and ${max}.`);

/** The filters of the sales and purchase reports; each report reads those it needs. */
const TradeFilters = {
  startDate: CivilDate.optional(),
  endDate: CivilDate.optional(),
  accountId: EntityId.optional(),
  b2bOrB2c: z
    .enum(["all", "b2b", "b2c"], { error: "b2bOrB2c must be all, b2b or b2c." })
    .default("all"),
  rcmOrNonRcm: z
    .enum(["all", "rcm", "nonRcm"], { error: "rcmOrNonRcm must be all, rcm or nonRcm." })
    .default("all"),
};

const TRADE_EXTRAS: Partial<Record<TradeReportKind, z.ZodRawShape>> = {
  byMonthQuarter: {
    periodType: z
      .enum(["month", "quarter"], { error: "periodType must be month or quarter." })
      .default("month"),
  },
  wrongGstRate: { transactionType: z.string().max(20).optional() },
  mostReturnedItems: { limit: Limit(1000).optional() },
  partiesReturningMost: { limit: Limit(1000).optional() },
  overdue: { date: CivilDate.optional() },
  itemHistory: { itemId: EntityId, limit: Limit(100).optional(), excludeId: EntityId.optional() },
  itemHistoryAllParties: {
    itemId: EntityId,
    limit: Limit(100).optional(),
    excludeId: EntityId.optional(),
  },
};

/** Financial statements, day book, item ledger, sales and purchase reports, dashboard. */
export const reportsRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const db = deps.db;

  app.get(
    "/reports/balancesheet",
    {
      ...guard,
      schema: {
        tags,
        querystring: ReportQuery.extend({
          type: StatementType,
          date: CivilDate.optional(),
          stockItems: QueryBoolean.default(false),
        }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const sheet = await readBalanceSheet(db, callerOf(request), query);
      if (!query.download) return presentBalanceSheet(sheet, query.stockItems);
      return sendReportFile(reply, {
        organisationId: query.organisationId,
        organisationName: sheet.organisation.name,
        title: "Balance Sheet",
        subtitle: describeAsAt(sheet.date),
        ...tabulateBalanceSheet(sheet, query.type),
        format: query.format,
        fileSuffix: sheet.date,
      });
    },
  );

  app.get(
    "/reports/profitloss",
    {
      ...guard,
      schema: {
        tags,
        querystring: ReportQuery.extend({
          type: StatementType,
          startingDate: CivilDate.optional(),
          endDate: CivilDate.optional(),
          period: z.string().max(40, "Period text cannot be more than 40 characters.").optional(),
          stockItems: QueryBoolean.default(false),
        }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const result = await readProfitAndLoss(db, callerOf(request), query);
      if (!query.download) return presentProfitAndLoss(result, query.stockItems);
      return sendReportFile(reply, {
        organisationId: query.organisationId,
        organisationName: result.organisation.name,
        title: "Profit and Loss",
        subtitle: describeRange(result.startDate, result.endDate),
        ...tabulateProfitAndLoss(result, query.type),
        format: query.format,
        fileSuffix: `${result.startDate}-to-${result.endDate}`,
      });
    },
  );

  // The sales and the purchase reports: one loop over both sides and every report (api.md 7).
  for (const side of Object.values(TRADE_SIDES)) {
    for (const kind of TRADE_REPORT_KINDS) {
      const route = TRADE_REPORTS[kind].route[side.key];
      const family = side.key === "sales" ? "salesreports" : "purchasereports";
      app.get(
        `/${family}/${route}`,
        {
          ...guard,
          schema: {
            tags: [`${side.word} reports`],
            querystring: ReportQuery.extend({ ...TradeFilters, ...(TRADE_EXTRAS[kind] ?? {}) }),
          },
        },
        async (request, reply) => {
          const query = request.query as z.infer<typeof ReportQuery> &
            Parameters<typeof readTradeReport>[4];
          const { organisation, report } = await readTradeReport(
            db,
            callerOf(request),
            side.key,
            kind,
            query,
          );
          if (!query.download) return presentTabular(report);
          return sendTabularReport(reply, report, organisation, query.format, query.year);
        },
      );
    }
  }

  app.get(
    "/reports/daybook",
    {
      ...guard,
      schema: {
        tags,
        querystring: ReportQuery.extend({
          date: CivilDate.optional(),
          startDate: CivilDate.optional(),
          endDate: CivilDate.optional(),
          skip: z.coerce.number().int().min(0, "Skip cannot be negative.").default(0),
          limit: Limit(DAY_BOOK_MAX_LIMIT).default(200),
        }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      // A download holds the whole range, not one page.
      const book = await readDayBook(db, callerOf(request), {
        ...query,
        ...(query.download ? { skip: 0, limit: undefined } : {}),
      });
      if (!query.download) return presentDayBook(book);
      const table = tabulateDayBook(book);
      return sendReportFile(reply, {
        organisationId: query.organisationId,
        organisationName: book.organisation.name,
        title: "Day Book",
        ...table,
        format: query.format,
        fileSuffix:
          book.startDate === book.endDate ? book.startDate : `${book.startDate}-to-${book.endDate}`,
      });
    },
  );

  app.get(
    "/item/getItemLedger",
    {
      ...guard,
      schema: {
        tags,
        querystring: ReportQuery.extend({
          year: FinancialYearText.optional(),
          itemId: EntityId,
          startDate: CivilDate.optional(),
          endDate: CivilDate.optional(),
        }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const ledger = await readItemLedger(db, callerOf(request), query);
      if (!query.download) return presentItemLedger(ledger);
      return sendReportFile(reply, {
        organisationId: query.organisationId,
        organisationName: ledger.organisation.name,
        title: "Item Ledger",
        ...tabulateItemLedger(ledger),
        format: query.format,
        fileSuffix: `${ledger.startDate}-to-${ledger.endDate}`,
      });
    },
  );

  app.get(
    "/reports/cashpaymentsover10k",
    {
      ...guard,
      schema: {
        tags,
        querystring: ReportQuery.extend({
          startDate: CivilDate.optional(),
          endDate: CivilDate.optional(),
        }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { organisationName, report } = await readCashPayments(db, callerOf(request), query);
      if (!query.download) return presentTabular(report);
      return sendTabularReport(
        reply,
        report,
        { id: query.organisationId, name: organisationName },
        query.format,
        query.year,
      );
    },
  );

  const DashboardQuery = z.object({ organisationId: EntityId, year: FinancialYearText });
  const dashboard = { ...guard, schema: { tags: ["Dashboard"], querystring: DashboardQuery } };
  app.get("/dashboard/salesAndPurchaseBillDates", dashboard, async (request) =>
    readBillDates(db, callerOf(request), request.query),
  );
  app.get(
    "/dashboard/cashAndBankLastDates",
    {
      ...guard,
      schema: {
        tags: ["Dashboard"],
        querystring: DashboardQuery.extend({
          cashAndBankAccountIds: z.string().max(4000).optional(),
        }),
      },
    },
    async (request) => readCashAndBank(db, callerOf(request), request.query),
  );
  app.get("/dashboard/lastThirtyDaysSales", dashboard, async (request) =>
    readLastThirtyDaysSales(db, callerOf(request), request.query),
  );
  app.get("/dashboard/dueSalesAndPurchase", dashboard, async (request) =>
    readDues(db, callerOf(request), request.query),
  );
};
