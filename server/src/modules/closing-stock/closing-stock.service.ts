import {
  financialYearOf,
  findAccountGroup,
  formatAmount,
  isSupportedFinancialYear,
  monthsOfFinancialYear,
  paiseToRupees,
  rupeesToPaise,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { type AccessNeed, requireOrganisationAccess } from "../access/organisation-access.ts";
import * as accounts from "../accounts/accounts.repository.ts";
import { writeAuditLog } from "../audit/audit.ts";
import { writeTrail } from "../audit/trail.ts";
import type { Caller } from "../auth/auth.guard.ts";
import * as repo from "./closing-stock.repository.ts";

export const CLOSING_STOCK_MESSAGES = {
  saved: "Closing stock saved.",
  notStock: "Closing stock can be entered only for an account of the Stock group.",
  duplicateMonth: "A month appears more than once.",
  monthOutOfRange: "The month must fall in one of the financial years 2021-22 to 2029-30.",
} as const;

const STOCK_GROUP_ID = findAccountGroup("Stock")?.id ?? 0;

const right = (action: "view" | "edit"): AccessNeed => ({
  kind: "right",
  subject: "account",
  action,
});

async function requireStockAccount(
  db: Kysely<Database>,
  organisationId: string,
  accountId: string,
) {
  const [row] = await accounts.findLiveAccountsByIds(db, organisationId, [accountId]);
  if (!row || row.group_id !== STOCK_GROUP_ID) {
    throw badRequest(CLOSING_STOCK_MESSAGES.notStock, [
      { path: "accountId", message: CLOSING_STOCK_MESSAGES.notStock },
    ]);
  }
  return row;
}

export interface ClosingStockEntry {
  /** 'YYYY-MM' */
  month: string;
  /** Rupees, ≥ 0; null clears the month. */
  value: number | null;
}

/**
 * POST /misc/editclosingstock: the closing stock typed in for a stock account, month by month
 * (spec 3 "Closing stock: accountId, data"). Months sent are set or, with a null value, cleared;
 * months not sent stay as they were.
 */
export async function saveClosingStock(
  db: Kysely<Database>,
  caller: Caller,
  input: { organisationId: string; accountId: string; data: readonly ClosingStockEntry[] },
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, right("edit"));
  const organisationId = access.organisation.id;
  const account = await requireStockAccount(db, organisationId, input.accountId);
  const seen = new Set<string>();
  input.data.forEach((entry, index) => {
    const path = `data.${index}.month`;
    if (seen.has(entry.month)) {
      throw badRequest(CLOSING_STOCK_MESSAGES.duplicateMonth, [
        { path, message: CLOSING_STOCK_MESSAGES.duplicateMonth },
      ]);
    }
    if (!isSupportedFinancialYear(financialYearOf(`${entry.month}-01`))) {
      throw badRequest(CLOSING_STOCK_MESSAGES.monthOutOfRange, [
        { path, message: CLOSING_STOCK_MESSAGES.monthOutOfRange },
      ]);
    }
    seen.add(entry.month);
  });
  const now = nowIso();
  const set = input.data.filter((entry) => entry.value !== null);
  const cleared = input.data.filter((entry) => entry.value === null).map((entry) => entry.month);
  await db.transaction().execute(async (trx) => {
    const earlier = await repo.selectClosingStock(trx, organisationId, [account.id], [...seen]);
    await repo.upsertClosingStock(
      trx,
      set.map((entry) => ({
        organisation_id: organisationId,
        account_id: account.id,
        month: entry.month,
        value_paise: rupeesToPaise(entry.value ?? 0),
        updated_at: now,
        updated_by_user_id: access.userId,
      })),
    );
    await repo.deleteClosingStock(trx, organisationId, account.id, cleared);
    const described = [
      ...set.map((entry) => `${entry.month} ${formatAmount(rupeesToPaise(entry.value ?? 0))}`),
      ...cleared.map((month) => `${month} cleared`),
    ];
    await writeAuditLog(trx, {
      organisationId,
      userId: access.userId,
      action: "edit",
      entityType: "closingStock",
      entityId: account.id,
      summary: `Closing stock of ${account.name}: ${described.join("; ")}`,
    });
    // The trail (decision 310): each month's value in paise before and after.
    await writeTrail(trx, organisationId, [
      {
        userId: access.userId,
        action: "edited",
        entity: "closingStock",
        entityId: account.id,
        number: account.name,
        before: Object.fromEntries(earlier.map((row) => [row.month, Number(row.value_paise)])),
        after: Object.fromEntries(
          input.data.map((entry) => [
            entry.month,
            entry.value === null ? null : rupeesToPaise(entry.value),
          ]),
        ),
      },
    ]);
  });
}

/**
 * GET /misc/getmanualclosingstock: the 12 months of a financial year, April first, for one stock
 * account or every one; value null where none was entered.
 */
export async function readClosingStock(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; accountId?: string | undefined; year: string },
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, right("view"));
  const organisationId = access.organisation.id;
  const stockAccounts = query.accountId
    ? [await requireStockAccount(db, organisationId, query.accountId)]
    : await accounts.selectAccounts(db, { organisationId, groupIds: [STOCK_GROUP_ID] });
  const months = monthsOfFinancialYear(query.year).map((month) => month.key);
  const rows = await repo.selectClosingStock(
    db,
    organisationId,
    stockAccounts.map((account) => account.id),
    months,
  );
  const values = new Map(rows.map((row) => [`${row.account_id} ${row.month}`, row.value_paise]));
  return {
    year: query.year,
    closingStock: stockAccounts.flatMap((account) =>
      months.map((month) => {
        const paise = values.get(`${account.id} ${month}`);
        return {
          accountId: account.id,
          accountName: account.name,
          month,
          value: paise === undefined ? null : paiseToRupees(paise),
        };
      }),
    ),
  };
}
