import {
  addDays,
  financialYearOf,
  financialYearRange,
  findAccountGroup,
  isBalanceSheetGroup,
} from "@bahi/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { splitIntoMonths } from "../../lib/month-ranges.ts";

// Balances as at a date, from the per-month totals plus the postings of the last, partial month:
// never a sum over all postings of a busy account (DESIGN.md §4 "Balances", §9).

export interface AccountFacts {
  id: string;
  name: string;
  groupId: number;
  systemKey: string | null;
  openingBalancePaise: number;
}

/** The debit and credit sides of a set of postings (0 when there are none). */
export const debitSum = sql<number>`coalesce(sum(case when amount_paise > 0 then amount_paise else 0 end), 0)`;
export const creditSum = sql<number>`coalesce(sum(case when amount_paise < 0 then -amount_paise else 0 end), 0)`;

/** Net (debit − credit) per account over [fromDate, toDate], both inclusive. */
export async function sumMovements(
  db: Kysely<Database>,
  organisationId: string,
  fromDate: string,
  toDate: string,
  accountId?: string,
): Promise<Map<string, { debit: number; credit: number }>> {
  const totals = new Map<string, { debit: number; credit: number }>();
  if (fromDate > toDate) return totals;
  const add = (id: string, debit: number, credit: number) => {
    const row = totals.get(id) ?? { debit: 0, credit: 0 };
    row.debit += debit;
    row.credit += credit;
    totals.set(id, row);
  };
  const { wholeMonths, partialRanges } = splitIntoMonths(fromDate, toDate);
  // The month totals and the partial months are independent reads: one round trip, not three.
  const reads: Promise<{ account_id: string; debit: number; credit: number }[]>[] = [];
  if (wholeMonths) {
    let query = db
      .selectFrom("account_balances")
      .select([
        "account_id",
        (eb) => eb.fn.sum<number>("debit_paise").as("debit"),
        (eb) => eb.fn.sum<number>("credit_paise").as("credit"),
      ])
      .where("organisation_id", "=", organisationId)
      .where("month", ">=", wholeMonths.from)
      .where("month", "<=", wholeMonths.to)
      .groupBy("account_id");
    if (accountId) query = query.where("account_id", "=", accountId);
    reads.push(query.execute());
  }
  for (const [from, to] of partialRanges) {
    let query = db
      .selectFrom("postings")
      .select(["account_id", debitSum.as("debit"), creditSum.as("credit")])
      .where("organisation_id", "=", organisationId)
      .where("date", ">=", from)
      .where("date", "<=", to)
      .groupBy("account_id");
    if (accountId) query = query.where("account_id", "=", accountId);
    reads.push(query.execute());
  }
  for (const rows of await Promise.all(reads))
    for (const row of rows) add(row.account_id, Number(row.debit), Number(row.credit));
  return totals;
}

/**
 * Net (debit − credit) per day over [fromDate, toDate] of the given accounts together: the
 * dashboard's sales per day (issue 40). Days without postings are absent.
 */
export async function sumDailyMovements(
  db: Kysely<Database>,
  organisationId: string,
  accountIds: readonly string[],
  fromDate: string,
  toDate: string,
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  if (fromDate > toDate || accountIds.length === 0) return totals;
  const rows = await db
    .selectFrom("postings")
    .select(["date", sql<number>`coalesce(sum(amount_paise), 0)`.as("net")])
    .where("organisation_id", "=", organisationId)
    .where("account_id", "in", [...accountIds])
    .where("date", ">=", fromDate)
    .where("date", "<=", toDate)
    .groupBy("date")
    .execute();
  for (const row of rows) totals.set(String(row.date), Number(row.net));
  return totals;
}

export const EARLIEST_DATE = "2000-01-01";

/**
 * Each account's balance at the start of `date` (DESIGN.md §4 "Years"): balance-sheet accounts
 * carry everything before; income and expense accounts only what falls in the date's financial
 * year, and their earlier years' result sits in the Profit & Loss account under Reserves.
 * Opening balances are as at the start of the organisation's starting year.
 */
export function openingBalancesAt(
  db: Kysely<Database>,
  organisationId: string,
  startingYear: string,
  accounts: readonly AccountFacts[] | Promise<readonly AccountFacts[]>,
  date: string,
): Promise<Map<string, number>> {
  return openingBalances(db, organisationId, startingYear, accounts, date);
}

/**
 * One account's balance at the start of `date`, as openingBalancesAt has it, reading only that
 * account's postings of the year so far (the Profit & Loss account still needs every account's
 * earlier years, which the month totals give).
 */
export async function openingBalanceOf(
  db: Kysely<Database>,
  organisationId: string,
  startingYear: string,
  accounts: readonly AccountFacts[] | Promise<readonly AccountFacts[]>,
  accountId: string,
  date: string,
): Promise<number> {
  const balances = await openingBalances(
    db,
    organisationId,
    startingYear,
    accounts,
    date,
    accountId,
  );
  return balances.get(accountId) ?? 0;
}

async function openingBalances(
  db: Kysely<Database>,
  organisationId: string,
  startingYear: string,
  accounts: readonly AccountFacts[] | Promise<readonly AccountFacts[]>,
  date: string,
  onlyAccountId?: string,
): Promise<Map<string, number>> {
  const year = financialYearOf(date);
  const yearStart = financialYearRange(year).startDate;
  // The accounts may still be on their way: the sums do not need them, only the sorting below.
  const [beforeYear, inYearBefore, accountList] = await Promise.all([
    sumMovements(db, organisationId, EARLIEST_DATE, addDays(yearStart, -1)),
    sumMovements(db, organisationId, yearStart, addDays(date, -1), onlyAccountId),
    accounts,
  ]);
  const net = (map: Map<string, { debit: number; credit: number }>, id: string) => {
    const row = map.get(id);
    return row ? row.debit - row.credit : 0;
  };
  const openingCounts = startingYear <= year;
  const balances = new Map<string, number>();
  let retained = 0;
  for (const account of accountList) {
    const opening = openingCounts ? account.openingBalancePaise : 0;
    const group = findAccountGroup(account.groupId);
    if (!group) throw new Error(`account ${account.id} has an unknown group ${account.groupId}`);
    if (isBalanceSheetGroup(group)) {
      balances.set(
        account.id,
        opening + net(beforeYear, account.id) + net(inYearBefore, account.id),
      );
    } else {
      const ownYear = startingYear === year ? opening : 0;
      retained += (startingYear < year ? opening : 0) + net(beforeYear, account.id);
      balances.set(account.id, ownYear + net(inYearBefore, account.id));
    }
  }
  const profitAndLoss = accountList.find((account) => account.systemKey === "profitAndLoss");
  if (profitAndLoss)
    balances.set(profitAndLoss.id, (balances.get(profitAndLoss.id) ?? 0) + retained);
  return balances;
}
