import { EntityId, endOfMonth, FinancialYearText, VOUCHER_TYPES } from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { writeAuditLog } from "../audit/audit.ts";
import { writeTrail } from "../audit/trail.ts";
import { callerOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  ALL_TRANSACTION_TYPES,
  findLockedMonths,
  listLockPeriods,
  upsertLockPeriod,
} from "./lock-periods.repository.ts";
import {
  describeLockedPeriod,
  findReturnFilings,
  lockTrailChange,
  monthOfFinancialYear,
  RETURN_LOCKED_TYPES,
} from "./lock-periods.service.ts";

export const LOCK_MESSAGES = {
  reasonNeeded:
    "This month's GST return is marked as filed. Give a reason for unlocking it; it is kept in the organisation's log.",
} as const;

const Reason = z.string().trim().max(500, "Reason cannot be more than 500 characters.").optional();

/**
 * Issue 19: lifting a lock that a filed return put on sales-side entries needs a reason, written
 * to the organisation's log. Returns the filings of that month that the unlock touches.
 */
async function requireReasonForFiledMonth(
  deps: ModuleDeps,
  organisationId: string,
  monthKey: string,
  transactionType: string,
  reason: string | undefined,
) {
  const all = await findReturnFilings(
    deps.db,
    organisationId,
    `${monthKey}-01`,
    endOfMonth(`${monthKey}-01`),
  );
  // GSTR-1 and IFF lock the sales side; a filed GSTR-3B locks every type (issue 20).
  const filings =
    transactionType === ALL_TRANSACTION_TYPES ||
    RETURN_LOCKED_TYPES.some((t) => t === transactionType)
      ? all
      : all.filter((filing) => filing.return_kind === "gstr3b");
  if (filings.length > 0 && !reason)
    throw badRequest(LOCK_MESSAGES.reasonNeeded, [
      { path: "reason", message: LOCK_MESSAGES.reasonNeeded },
    ]);
  return filings;
}

const RETURN_NAMES: Record<string, string> = { gstr1: "GSTR-1", iff: "IFF", gstr3b: "GSTR-3B" };

function describeFilings(
  filings: readonly { return_kind: string; fp: string }[],
  reason: string | undefined,
) {
  if (filings.length === 0) return "";
  const names = filings.map((f) => `${RETURN_NAMES[f.return_kind] ?? "GSTR-1"} ${f.fp}`).join(", ");
  return ` after filing ${names}. Reason: ${reason ?? ""}`;
}

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
      const startYear = Number(year.slice(0, 4));
      const filings = await findReturnFilings(
        deps.db,
        organisationId,
        `${startYear}-04-01`,
        `${startYear + 1}-03-31`,
      );
      return {
        filings: filings.map((filing) => ({
          returnKind: filing.return_kind,
          startDate: filing.start_date,
          endDate: filing.end_date,
          fp: filing.fp,
          arn: filing.arn,
          filedAt: filing.filed_at,
        })),
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
          reason: Reason,
        }),
      },
    },
    async (request) => {
      const { organisationId, year, month, transactionType, locked, reason } = request.body;
      const access = await requireOrganisationAccess(deps.db, callerOf(request), organisationId, {
        kind: "manage",
        what: "lockPeriods",
      });
      const monthKey = monthOfFinancialYear(year, month);
      const filings = locked
        ? []
        : await requireReasonForFiledMonth(deps, organisationId, monthKey, transactionType, reason);
      await deps.db.transaction().execute(async (trx) => {
        const wasLocked = await isLocked(trx, organisationId, monthKey, transactionType);
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
          summary: `${locked ? "Locked" : "Unlocked"}: ${describeLockedPeriod(transactionType, monthKey).split(" are locked")[0]}${describeFilings(filings, reason)}`,
        });
        await writeTrail(trx, organisationId, [
          lockTrailChange(access.userId, monthKey, transactionType, wasLocked, locked, reason),
        ]);
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
          reason: Reason,
        }),
      },
    },
    async (request) => {
      const { organisationId, year, month, locked, reason } = request.body;
      const access = await requireOrganisationAccess(deps.db, callerOf(request), organisationId, {
        kind: "manage",
        what: "lockPeriods",
      });
      const monthKey = monthOfFinancialYear(year, month);
      const filings = locked
        ? []
        : await requireReasonForFiledMonth(
            deps,
            organisationId,
            monthKey,
            ALL_TRANSACTION_TYPES,
            reason,
          );
      await deps.db.transaction().execute(async (trx) => {
        const now = nowIso();
        const wasLocked = await isLocked(trx, organisationId, monthKey, ALL_TRANSACTION_TYPES);
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
          summary: `${locked ? "Locked" : "Unlocked"} every entry dated in ${monthKey}${describeFilings(filings, reason)}`,
        });
        await writeTrail(trx, organisationId, [
          lockTrailChange(
            access.userId,
            monthKey,
            ALL_TRANSACTION_TYPES,
            wasLocked,
            locked,
            reason,
          ),
        ]);
      });
      return { success: true, message: locked ? "Month locked." : "Month unlocked." };
    },
  );
};

async function isLocked(
  trx: Kysely<Database>,
  organisationId: string,
  month: string,
  transactionType: string,
): Promise<boolean> {
  const locked = await findLockedMonths(trx, organisationId, [transactionType]);
  return locked.some((row) => row.month === month && row.transaction_type === transactionType);
}
