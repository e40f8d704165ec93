import {
  CivilDateText,
  EntityId,
  FinancialYearText,
  NonNegativeRupeeAmount,
  optionalText,
  TdsSectionText,
} from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../auth/auth.guard.ts";
import { describeAttachment } from "../exports/table-document.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { registerVoucherExtension } from "../vouchers/voucher-extensions.ts";
import * as service from "./tds.service.ts";
import { tdsVoucherExtension } from "./tds-extension.ts";
import { renderCertificate, renderStatementFile } from "./tds-files.service.ts";

const tags = ["TDS"];

const QueryAmount = z.coerce
  .number({ error: "Amount must be a number." })
  .pipe(NonNegativeRupeeAmount);

const Quarter = z.coerce.number({ error: "Quarter must be 1, 2, 3 or 4." }).pipe(
  z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    error: "Quarter must be 1, 2, 3 or 4.",
  }),
);

const QuarterQuery = z.object({
  organisationId: EntityId,
  year: FinancialYearText,
  quarter: Quarter,
});

export const ChallanBody = z.object({
  organisationId: EntityId,
  date: CivilDateText,
  bsrCode: z
    .string({ error: "BSR code is required." })
    .trim()
    .regex(/^\d{7}$/, "BSR code must be the bank branch's 7 digits."),
  challanSerial: z
    .string({ error: "Challan serial number is required." })
    .trim()
    .regex(/^\d{1,5}$/, "Challan serial number must be up to 5 digits."),
  section: TdsSectionText,
  tax: NonNegativeRupeeAmount,
  interest: NonNegativeRupeeAmount.default(0),
  fee: NonNegativeRupeeAmount.default(0),
  bankAccountId: EntityId,
  entryIds: z
    .array(EntityId, { error: "Name the deductions the challan pays (entryIds)." })
    .min(1, "Name the deductions the challan pays (entryIds).")
    .max(5000, "At most 5,000 deductions in one challan."),
});

/** Issue 39: TDS (decision 300). Docs: docs/api/tds.md. */
export const tdsRoutes: FastifyPluginAsyncZod<{
  deps: ModuleDeps;
  announceChange: (organisationId: string) => void;
}> = async (app, { deps, announceChange }) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const db = deps.db;
  const writeDeps = { db, announceChange };
  // A voucher whose deduction a challan paid cannot be changed or deleted until the challan goes.
  registerVoucherExtension(tdsVoucherExtension);

  app.get(
    "/tds/sections",
    {
      ...guard,
      schema: { tags, querystring: z.object({ organisationId: EntityId, date: CivilDateText }) },
    },
    async (request) => service.readSections(db, callerOf(request), request.query),
  );

  app.get(
    "/tds/suggest",
    {
      ...guard,
      schema: {
        tags,
        querystring: z.object({
          organisationId: EntityId,
          accountId: EntityId,
          date: CivilDateText,
          amount: QueryAmount,
          entryId: optionalText(EntityId),
          section: optionalText(TdsSectionText),
        }),
      },
    },
    async (request) => service.suggest(db, callerOf(request), request.query),
  );

  app.post("/tds/challan", { ...guard, schema: { tags, body: ChallanBody } }, async (request) =>
    service.createChallan(writeDeps, callerOf(request), request.body),
  );

  app.get(
    "/tds/challan/interest",
    {
      ...guard,
      schema: {
        tags,
        querystring: z.object({
          organisationId: EntityId,
          date: CivilDateText,
          section: TdsSectionText,
          entryIds: z
            .union([z.array(z.string()), z.string().transform((ids) => ids.split(","))], {
              error: "Name the deductions the challan pays (entryIds).",
            })
            .pipe(
              z
                .array(EntityId)
                .min(1, "Name the deductions the challan pays (entryIds).")
                .max(5000, "At most 5,000 deductions in one challan."),
            ),
        }),
      },
    },
    async (request) => service.readChallanInterest(db, callerOf(request), request.query),
  );

  app.get(
    "/tds/challans",
    {
      ...guard,
      schema: {
        tags,
        querystring: z.object({ organisationId: EntityId, year: FinancialYearText }),
      },
    },
    async (request) => service.listChallans(db, callerOf(request), request.query),
  );

  app.get(
    "/tds/report",
    { ...guard, schema: { tags, querystring: QuarterQuery } },
    async (request) => service.readReport(db, callerOf(request), request.query),
  );

  app.get(
    "/tds/report/download",
    { ...guard, schema: { tags, querystring: QuarterQuery } },
    async (request, reply) => {
      const file = await renderStatementFile(db, callerOf(request), request.query);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", describeAttachment(file.fileName))
        .header("cache-control", "private, no-store")
        .send(file.content);
    },
  );

  app.get(
    "/tds/certificate",
    {
      ...guard,
      schema: { tags, querystring: QuarterQuery.extend({ accountId: EntityId }) },
    },
    async (request, reply) => {
      const file = await renderCertificate(db, callerOf(request), request.query);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", describeAttachment(file.fileName))
        .header("cache-control", "private, no-store")
        .send(file.content);
    },
  );
};
