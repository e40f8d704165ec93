import { EntityId, FinancialYearText, VOUCHER_TYPES } from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { nowIso } from "../../lib/clock.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { writeAuditLog } from "../audit/audit.ts";
import { callerOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  ALL_TRANSACTION_TYPES,
  listLockPeriods,
  upsertLockPeriod,
} from "./lock-periods.repository.ts";
import { describeLockedPeriod, monthOfFinancialYear } from "./lock-periods.service.ts";

const Month = z.coerce
  .number({ error: "Month must be 1 to 12." })
  .int()
  .min(1, "Month must be 1 to 12.")
  .max(12, "Month must be 1 to 12.");
const LockTarget = z.enum([ALL_TRANSACTION_TYPES, ...VOUCHER_TYPES], {
  error: "Unknown transaction type.",
});

/** spec api §7 "Settings": the lock-period calls (per month and type, or a whole month). */
export const lockPeriodsRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const guard = { preHandler: deps.authenticator.requireCaller };

  app.get(
    "/settings/getLockPeriod",
    {
      ...guard,
      schema: { querystring: z.object({ organisationId: EntityId, year: FinancialYearText }) },
    },
    async (request) => {
      const { organisationId, year } = request.query;
      await requireOrganisationAccess(deps.db, callerOf(request), organisationId);
      const rows = await listLockPeriods(deps.db, organisationId, year);
      return {
        lockPeriods: rows.map((row) => ({
          year: row.year,
          month: Number(row.month.slice(5, 7)),
          monthKey: row.month,
          transactionType: row.transaction_type,
          locked: row.locked === 1,
        })),
      };
    },
  );

  app.post(
    "/settings/lockPeriod",
    {
      ...guard,
      schema: {
        body: z.object({
          organisationId: EntityId,
          year: FinancialYearText,
          month: Month,
          transactionType: LockTarget,
          locked: z.boolean(),
        }),
      },
    },
    async (request) => {
      const { organisationId, year, month, transactionType, locked } = request.body;
      const access = await requireOrganisationAccess(deps.db, callerOf(request), organisationId, {
        kind: "manage",
        what: "lockPeriods",
      });
      const monthKey = monthOfFinancialYear(year, month);
      await deps.db.transaction().execute(async (trx) => {
        await upsertLockPeriod(trx, {
          organisation_id: organisationId,
          year,
          month: monthKey,
          transaction_type: transactionType,
          locked: locked ? 1 : 0,
          updated_at: nowIso(),
          updated_by: access.userId,
        });
        await writeAuditLog(trx, {
          organisationId,
          userId: access.userId,
          action: locked ? "lock" : "unlock",
          entityType: "lockPeriod",
          entityId: `${monthKey}:${transactionType}`,
          summary: `${locked ? "Locked" : "Unlocked"}: ${describeLockedPeriod(transactionType, monthKey).split(" are locked")[0]}`,
        });
      });
      return { success: true, message: locked ? "Period locked." : "Period unlocked." };
    },
  );

  app.post(
    "/settings/lockPeriodWholeMonth",
    {
      ...guard,
      schema: {
        body: z.object({
          organisationId: EntityId,
          year: FinancialYearText,
          month: Month,
          locked: z.boolean(),
        }),
      },
    },
    async (request) => {
      const { organisationId, year, month, locked } = request.body;
      const access = await requireOrganisationAccess(deps.db, callerOf(request), organisationId, {
        kind: "manage",
        what: "lockPeriods",
      });
      const monthKey = monthOfFinancialYear(year, month);
      await deps.db.transaction().execute(async (trx) => {
        const now = nowIso();
        // Unlocking a whole month unlocks each type in it too, so nothing stays locked by surprise.
        for (const transactionType of locked
          ? [ALL_TRANSACTION_TYPES]
          : [ALL_TRANSACTION_TYPES, ...VOUCHER_TYPES]) {
          await upsertLockPeriod(trx, {
            organisation_id: organisationId,
            year,
            month: monthKey,
            transaction_type: transactionType,
            locked: locked ? 1 : 0,
            updated_at: now,
            updated_by: access.userId,
          });
        }
        await writeAuditLog(trx, {
          organisationId,
          userId: access.userId,
          action: locked ? "lock" : "unlock",
          entityType: "lockPeriod",
          entityId: monthKey,
          summary: `${locked ? "Locked" : "Unlocked"} every entry dated in ${monthKey}`,
        });
      });
      return { success: true, message: locked ? "Month locked." : "Month unlocked." };
    },
  );
};
