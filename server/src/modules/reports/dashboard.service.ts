import {
  addDays,
  financialYearRange,
  findAccountGroup,
  isCashOrBankNature,
  paiseToRupees,
  todayCivil,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { openingBalancesAt, sumDailyMovements, sumMovements } from "../ledger/balances.ts";
import {
  findLastPostingDates,
  findLatestVoucher,
  listAccounts,
  listOpenBills,
  listVouchersInRange,
  summariseVoucherType,
} from "./reports.repository.ts";
import { computeTradingTotals, defaultDateOf } from "./statements.service.ts";
import { readTradeDocument } from "./trade-documents.ts";
import { isCashOrBankAccount, TRADE_SIDES } from "./trade-reports.builders.ts";

// The dashboard's four calls (api.md 7 "Dashboard"). Each answers as at the dashboard's date:
// today, or the year's end when the year is over (the year's start when it has not begun).

const describeBalance = (paise: number) => ({
  amount: paiseToRupees(Math.abs(paise)),
  type: paise < 0 ? "cr" : "dr",
  signed: paiseToRupees(paise),
});

/**
 * GET /dashboard/salesAndPurchaseBillDates: the last invoice and bill of the year, and counts;
 * `total` is the year's invoices (bills) at their totals, GST included. `excludingGst` is the
 * Sales (Purchase) accounts' total from the year's start to the dashboard's date: the profit and
 * loss's figure for that period, to the paisa (issue 40).
 */
export async function readBillDates(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; year: string },
  today = todayCivil(),
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId);
  const organisationId = access.organisation.id;
  const period = {
    startDate: financialYearRange(query.year).startDate,
    endDate: defaultDateOf(query.year, today),
  };
  const describe = async (type: string) => {
    const [summary, latest] = await Promise.all([
      summariseVoucherType(db, organisationId, type, query.year),
      findLatestVoucher(db, organisationId, type, query.year),
    ]);
    return {
      lastDate: summary.lastDate,
      lastNumber: latest?.number ?? null,
      lastEntryId: latest?.id ?? null,
      count: summary.count,
      total: paiseToRupees(summary.totalPaise),
    };
  };
  const [sales, purchases, trading] = await Promise.all([
    describe("salesInvoice"),
    describe("purchases"),
    computeTradingTotals(db, access.organisation, period.startDate, period.endDate),
  ]);
  return {
    year: query.year,
    period,
    sales: { ...sales, excludingGst: paiseToRupees(trading.salesPaise) },
    purchases: { ...purchases, excludingGst: paiseToRupees(trading.purchasesPaise) },
  };
}

/**
 * GET /dashboard/cashAndBankLastDates: each cash or bank account's balance at the dashboard date
 * and the date of its last entry. No ids: every cash, bank and OD account.
 */
export async function readCashAndBank(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; year: string; cashAndBankAccountIds?: string | undefined },
  today = todayCivil(),
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "right",
    subject: "account",
    action: "view",
  });
  const organisation = access.organisation;
  const asAt = defaultDateOf(query.year, today);
  const accounts = await listAccounts(db, organisation.id);
  const natureOf = (groupId: number) => findAccountGroup(groupId)?.name ?? "";
  const wanted = (query.cashAndBankAccountIds ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const chosen = wanted.length
    ? wanted.map((id) => {
        const account = accounts.find((candidate) => candidate.id === id);
        if (!account || !isCashOrBankNature(natureOf(account.groupId)))
          throw badRequest(
            "Only Cash, Bank and Bank OD/CC accounts of the organisation can be shown here.",
          );
        return account;
      })
    : accounts.filter((account) => isCashOrBankNature(natureOf(account.groupId)));
  const yearStart = financialYearRange(query.year).startDate;
  const ids = chosen.map((account) => account.id);
  const [openings, movements, lastDates] = await Promise.all([
    openingBalancesAt(db, organisation.id, organisation.starting_year, chosen, yearStart),
    sumMovements(db, organisation.id, yearStart, asAt),
    findLastPostingDates(db, organisation.id, ids, asAt),
  ]);
  return {
    date: asAt,
    accounts: chosen.map((account) => {
      const movement = movements.get(account.id);
      const balance =
        (openings.get(account.id) ?? 0) + (movement ? movement.debit - movement.credit : 0);
      return {
        accountId: account.id,
        name: account.name,
        nature: natureOf(account.groupId),
        balance: describeBalance(balance),
        lastDate: lastDates.get(account.id) ?? null,
      };
    }),
  };
}

export const DASHBOARD_SALES_DAYS = 30;

/**
 * What the Sales accounts took per day (credits less debits): sales without GST, net of returns,
 * as the profit and loss counts them (issue 40).
 */
async function readDailySales(
  db: Kysely<Database>,
  organisationId: string,
  startDate: string,
  endDate: string,
) {
  const salesGroup = findAccountGroup("Sales")?.id;
  const ids = (await listAccounts(db, organisationId))
    .filter((account) => account.groupId === salesGroup)
    .map((account) => account.id);
  const daily = await sumDailyMovements(db, organisationId, ids, startDate, endDate);
  return new Map([...daily].map(([date, net]) => [date, -net]));
}

/**
 * GET /dashboard/lastThirtyDaysSales: sales per day for the 30 days ending at the dashboard date,
 * every day present (zeros too) for the chart. `net` is documents at their totals, GST included;
 * the types and their signs are the registry's sales side (decision 067): invoices less credit
 * notes plus debit notes to customers. `excludingGst` is the Sales accounts' day, the figure the
 * chart draws and the profit and loss would show for that day.
 */
export async function readLastThirtyDaysSales(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; year: string },
  today = todayCivil(),
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "right",
    subject: "salesInvoice",
    action: "view",
  });
  const endDate = defaultDateOf(query.year, today);
  const startDate = addDays(endDate, -(DASHBOARD_SALES_DAYS - 1));
  const side = TRADE_SIDES.sales;
  const rows = await listVouchersInRange(
    db,
    access.organisation.id,
    side.types,
    startDate,
    endDate,
  );
  const days = new Map<string, { count: number; sales: number; returns: number; raises: number }>();
  for (let date = startDate; date <= endDate; date = addDays(date, 1))
    days.set(date, { count: 0, sales: 0, returns: 0, raises: 0 });
  for (const row of rows) {
    const day = days.get(row.date);
    if (!day) continue;
    if (row.type === side.invoiceType) {
      day.count += 1;
      day.sales += row.amountPaise;
    } else if ((side.raiseTypes as readonly string[]).includes(row.type)) {
      day.raises += row.amountPaise;
    } else day.returns += row.amountPaise;
  }
  const excludingGst = await readDailySales(db, access.organisation.id, startDate, endDate);
  let total = 0;
  let totalExcludingGst = 0;
  const series = [...days].map(([date, day]) => {
    const net = day.sales - day.returns + day.raises;
    const withoutGst = excludingGst.get(date) ?? 0;
    total += net;
    totalExcludingGst += withoutGst;
    return {
      date,
      count: day.count,
      sales: paiseToRupees(day.sales),
      returns: paiseToRupees(day.returns),
      debitNotes: paiseToRupees(day.raises),
      net: paiseToRupees(net),
      excludingGst: paiseToRupees(withoutGst),
    };
  });
  return {
    startDate,
    endDate,
    days: series,
    total: paiseToRupees(total),
    totalExcludingGst: paiseToRupees(totalExcludingGst),
  };
}

/**
 * GET /dashboard/dueSalesAndPurchase: what customers owe on open invoices and what is owed on open
 * bills at the dashboard date, and how much of each is past its due date (an invoice with no due
 * date is due on its own date).
 */
export async function readDues(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; year: string },
  today = todayCivil(),
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "right",
    subject: "account",
    action: "view",
  });
  const asAt = defaultDateOf(query.year, today);
  const accounts = new Map(
    (await listAccounts(db, access.organisation.id)).map((account) => [account.id, account]),
  );
  const describe = async (type: "salesInvoice" | "purchases") => {
    const rows = (await listOpenBills(db, access.organisation.id, type, asAt)).filter(
      (row) => !isCashOrBankAccount(accounts.get(row.partyAccountId ?? "")),
    );
    let due = 0;
    let overdue = 0;
    let overdueCount = 0;
    for (const row of rows) {
      const document = readTradeDocument(row);
      const pending = row.pendingPaise ?? 0;
      due += pending;
      if ((document.dueDate ?? document.date) < asAt) {
        overdue += pending;
        overdueCount += 1;
      }
    }
    return {
      due: paiseToRupees(due),
      overdue: paiseToRupees(overdue),
      count: rows.length,
      overdueCount,
    };
  };
  const [receivable, payable] = await Promise.all([
    describe("salesInvoice"),
    describe("purchases"),
  ]);
  return { date: asAt, receivable, payable };
}
