import { EntityId, FinancialYearText, NonNegativeRupeeAmount, optionalText } from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import * as service from "./closing-stock.service.ts";

const MONTH_MESSAGE = "Month must be written YYYY-MM, such as 2024-04.";
const Month = z
  .string({ error: MONTH_MESSAGE })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE);

const tags = ["Closing stock"];

/** spec api §7 "Misc and support": editclosingstock and getmanualclosingstock. */
export const closingStockRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const db = deps.db;

  app.post(
    "/misc/editclosingstock",
    {
      ...guard,
      schema: {
        tags,
        body: z.object({
          organisationId: EntityId,
          accountId: EntityId,
          data: z
            .array(z.object({ month: Month, value: NonNegativeRupeeAmount.nullable() }))
            .min(1, "Send the closing stock of at least one month.")
            .max(120, "At most 120 months at once."),
        }),
      },
    },
    async (request) => {
      await service.saveClosingStock(db, callerOf(request), request.body);
      return { success: true, message: service.CLOSING_STOCK_MESSAGES.saved };
    },
  );

  app.get(
    "/misc/getmanualclosingstock",
    {
      ...guard,
      schema: {
        tags,
        querystring: z.object({
          organisationId: EntityId,
          accountId: optionalText(EntityId),
          year: FinancialYearText,
        }),
      },
    },
    async (request) => service.readClosingStock(db, callerOf(request), request.query),
  );
};
