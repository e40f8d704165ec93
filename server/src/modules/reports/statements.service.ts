import {
  type AccountGroup,
  type AccountNature,
  financialYearOf,
  financialYearRange,
  findAccountGroup,
  isBalanceSheetGroup,
  parsePeriod,
  todayCivil,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import {
  isStockAccount,
  STOCK_GROUP_ID,
  type StockValue,
  valueStockOverPeriod,
} from "../items/stock-valuation.ts";
import { openingBalancesAt, sumMovements } from "../ledger/balances.ts";
import { listAccounts, type ReportAccount } from "./reports.repository.ts";

// The balance sheet and the profit and loss account (DESIGN.md §4 "Years"), Tally's way:
// - balance-sheet accounts carry forward; income and expense start each year at zero, and the
//   earlier years' result sits in the Profit & Loss A/c under Reserves;
// - stock accounts are shown at the closing stock (stock-valuation.ts), not at their ledger
//   balance; what is posted to them during a year is treated like a purchase in the trading
//   account, and the difference between the stock they carried into a year and the closing stock
//   of the year before goes to the Profit & Loss A/c with the earlier years' results;
// - opening balances that do not net to zero show as 'Difference in opening balances'.
// With these rules assets always equal liabilities: Σ all ledger balances is Σ opening balances.

export type StatementType = "summary" | "detailed";
export const STATEMENT_TYPES = ["summary", "detailed"] as const;

export const DIFFERENCE_IN_OPENING_BALANCES = "Difference in opening balances";

export interface StatementLine {
  accountId: string | null;
  name: string;
  amountPaise: number;
  /** Profit & Loss A/c only: the earlier years' result and this period's. */
  openingBalancePaise?: number;
  currentPeriodPaise?: number;
}

export interface StatementGroup {
  /** The account group (1–28), or null for a line of the statement's own. */
  groupId: number | null;
  name: string;
  amountPaise: number;
  accounts: StatementLine[];
}

// Tally's order: capital and reserves, loans, current liabilities; fixed assets, investments,
// current assets (stock first, cash and bank last).
const LIABILITY_ORDER: AccountNature[] = [
  "Capital",
  "Reserves",
  "Secured Loan",
  "Unsecured Loan",
  "Bank OD/CC",
  "Creditors",
  "Duties and Taxes",
  "GST",
  "Provisions",
  "Current Liabilities",
  "Miscellaneous Liabilities",
  "Suspense",
];
const ASSET_ORDER: AccountNature[] = [
  "Fixed Asset",
  "Investments",
  "Stock",
  "Debtors",
  "Deposits - Assets",
  "Loans and Advances - Asset",
  "Current Assets",
  "Cash",
  "Bank",
  "Miscellaneous Assets",
];

function groupOf(account: { groupId: number; id: string }): AccountGroup {
  const group = findAccountGroup(account.groupId);
  if (!group) throw new Error(`account ${account.id} has an unknown group ${account.groupId}`);
  return group;
}

function buildGroup(
  groupId: number | null,
  name: string,
  accounts: StatementLine[],
): StatementGroup {
  return {
    groupId,
    name,
    amountPaise: accounts.reduce((total, line) => total + line.amountPaise, 0),
    accounts,
  };
}

/** Lines grouped by account group, in the given order, leaving out what is zero. */
function groupLines(
  order: readonly AccountNature[],
  lines: readonly (StatementLine & { groupId: number })[],
  keep: (group: StatementGroup) => boolean = (group) => group.accounts.length > 0,
): StatementGroup[] {
  return order.flatMap((nature) => {
    const group = findAccountGroup(nature);
    if (!group) return [];
    const accounts = lines
      .filter((line) => line.groupId === group.id && line.amountPaise !== 0)
      .map(({ groupId: _groupId, ...line }) => line);
    const built = buildGroup(group.id, group.name, accounts);
    return keep(built) ? [built] : [];
  });
}

export interface StatementScope {
  organisation: OrganisationsTable;
  /** Still on its way: the reads that do not need the accounts start beside it. */
  accounts: Promise<ReportAccount[]>;
}

async function requireStatementAccess(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
): Promise<OrganisationsTable> {
  const access = await requireOrganisationAccess(db, caller, organisationId, {
    kind: "right",
    subject: "account",
    action: "view",
  });
  return access.organisation;
}

/** Started once the query is known to be good, so no read is left behind by a refusal. */
function startScope(db: Kysely<Database>, organisation: OrganisationsTable): StatementScope {
  return { organisation, accounts: listAccounts(db, organisation.id) };
}

// ---------------------------------------------------------------------------------------------
// Profit and loss

export interface ProfitAndLoss {
  startDate: string;
  endDate: string;
  openingStock: StockValue;
  closingStock: StockValue;
  trading: { debit: StatementGroup[]; credit: StatementGroup[]; totalPaise: number };
  profitAndLoss: { debit: StatementGroup[]; credit: StatementGroup[]; totalPaise: number };
  grossProfitPaise: number;
  netProfitPaise: number;
}

type Movements = Awaited<ReturnType<typeof sumMovements>>;

/**
 * An income or expense account's amount over a period, debit-positive: its movement, plus its
 * opening balance when the period starts the organisation's first year (income and expense start
 * every later year at zero).
 */
function periodAmountOf(
  account: ReportAccount,
  movements: Movements,
  organisation: OrganisationsTable,
  startDate: string,
): number {
  const year = financialYearOf(startDate);
  const movement = movements.get(account.id);
  const opening =
    startDate === financialYearRange(year).startDate && organisation.starting_year === year
      ? account.openingBalancePaise
      : 0;
  return opening + (movement ? movement.debit - movement.credit : 0);
}

/**
 * The trading account's Sales and Purchases groups over [startDate, endDate] (one financial
 * year), as the profit and loss shows them: Sales credit-positive, Purchases debit-positive; both
 * without GST. The dashboard shows these (issue 40), so the two screens agree to the paisa.
 */
export async function computeTradingTotals(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  startDate: string,
  endDate: string,
): Promise<{ salesPaise: number; purchasesPaise: number }> {
  const [movements, accounts] = await Promise.all([
    sumMovements(db, organisation.id, startDate, endDate),
    listAccounts(db, organisation.id),
  ]);
  const sales = findAccountGroup("Sales")?.id;
  const purchases = findAccountGroup("Purchases")?.id;
  let salesPaise = 0;
  let purchasesPaise = 0;
  for (const account of accounts) {
    const amount = periodAmountOf(account, movements, organisation, startDate);
    if (account.groupId === sales) salesPaise -= amount;
    else if (account.groupId === purchases) purchasesPaise += amount;
  }
  return { salesPaise, purchasesPaise };
}

/**
 * Trading account then profit and loss for [startDate, endDate], within one financial year.
 * An account's amount is its movement over the period, plus its opening balance when the period
 * starts the organisation's first year (income and expense start every later year at zero).
 */
export async function computeProfitAndLoss(
  db: Kysely<Database>,
  scope: StatementScope,
  startDate: string,
  endDate: string,
  knownMovements?: Promise<Awaited<ReturnType<typeof sumMovements>>>,
): Promise<ProfitAndLoss> {
  const { organisation } = scope;
  const [movements, { openingStock, closingStock }, accounts] = await Promise.all([
    knownMovements ?? sumMovements(db, organisation.id, startDate, endDate),
    valueStockOverPeriod(db, organisation, scope.accounts, startDate, endDate),
    scope.accounts,
  ]);
  const amountOf = (account: ReportAccount) =>
    periodAmountOf(account, movements, organisation, startDate);

  // Debit-side lines are debit-positive, credit-side lines credit-positive.
  const debitLines: (StatementLine & { groupId: number })[] = [];
  const creditLines: (StatementLine & { groupId: number })[] = [];
  const stockPostings: StatementLine[] = [];
  for (const account of accounts) {
    const group = groupOf(account);
    if (isStockAccount(account)) {
      // Postings to a stock account within the year buy stock in, like a purchase.
      const movement = movements.get(account.id);
      const amount = movement ? movement.debit - movement.credit : 0;
      if (amount !== 0)
        stockPostings.push({ accountId: account.id, name: account.name, amountPaise: amount });
      continue;
    }
    if (isBalanceSheetGroup(group)) continue;
    const amount = amountOf(account);
    if (group.classification === "expense")
      debitLines.push({
        accountId: account.id,
        name: account.name,
        amountPaise: amount,
        groupId: group.id,
      });
    else
      creditLines.push({
        accountId: account.id,
        name: account.name,
        amountPaise: -amount,
        groupId: group.id,
      });
  }

  const stockGroup = (name: string, stock: StockValue) =>
    buildGroup(
      null,
      name,
      stock.lines.map((line) => ({ ...line })),
    );
  const tradingDebit = [
    stockGroup("Opening Stock", openingStock),
    ...(stockPostings.length > 0 ? [buildGroup(null, "Stock Account Entries", stockPostings)] : []),
    ...groupLines(["Purchases", "Direct Expense"], debitLines),
  ];
  const tradingCredit = [
    ...groupLines(["Sales", "Direct Income"], creditLines),
    stockGroup("Closing Stock", closingStock),
  ];
  const total = (groups: readonly StatementGroup[]) =>
    groups.reduce((sum, group) => sum + group.amountPaise, 0);
  const grossProfitPaise = total(tradingCredit) - total(tradingDebit);
  const plDebit = groupLines(["Indirect Expense"], debitLines);
  const plCredit = groupLines(["Indirect Income"], creditLines);
  const netProfitPaise = grossProfitPaise + total(plCredit) - total(plDebit);
  return {
    startDate,
    endDate,
    openingStock,
    closingStock,
    trading: {
      debit: tradingDebit,
      credit: tradingCredit,
      totalPaise: Math.max(total(tradingDebit), total(tradingCredit)),
    },
    profitAndLoss: {
      debit: plDebit,
      credit: plCredit,
      // Gross profit b/f sits on the credit side, a gross loss on the debit side.
      totalPaise: Math.max(
        total(plDebit) + Math.max(-grossProfitPaise, 0),
        total(plCredit) + Math.max(grossProfitPaise, 0),
      ),
    },
    grossProfitPaise,
    netProfitPaise,
  };
}

export interface ProfitLossQuery {
  organisationId: string;
  year: string;
  type: StatementType;
  startingDate?: string | undefined;
  endDate?: string | undefined;
  period?: string | undefined;
}

/** The period of a profit and loss call: a period text (spec 5), given dates, or the year so far. */
export function resolvePeriod(
  query: {
    year: string;
    startingDate?: string | undefined;
    endDate?: string | undefined;
    period?: string | undefined;
  },
  today: string,
): { startDate: string; endDate: string } {
  const range = financialYearRange(query.year);
  let startDate: string;
  let endDate: string;
  if (query.period !== undefined && query.period.trim() !== "") {
    const parsed = parsePeriod(query.period, today);
    if (!parsed.ok) throw badRequest(parsed.message, [{ path: "period", message: parsed.message }]);
    startDate = parsed.pStartDate;
    endDate = parsed.pEndDate;
  } else {
    startDate = query.startingDate ?? range.startDate;
    endDate = query.endDate ?? defaultDateOf(query.year, today);
  }
  if (startDate > endDate) throw badRequest("The start date cannot be after the end date.");
  if (financialYearOf(startDate) !== financialYearOf(endDate)) {
    throw badRequest("The period must lie within one financial year.");
  }
  return { startDate, endDate };
}

/** A report's default date: the year's end, or today when that is earlier (within the year). */
export function defaultDateOf(year: string, today: string): string {
  const range = financialYearRange(year);
  if (today < range.startDate) return range.endDate;
  return today < range.endDate ? today : range.endDate;
}

export async function readProfitAndLoss(
  db: Kysely<Database>,
  caller: Caller,
  query: ProfitLossQuery,
  today = todayCivil(),
) {
  const organisation = await requireStatementAccess(db, caller, query.organisationId);
  const period = resolvePeriod(query, today);
  const scope = startScope(db, organisation);
  const result = await computeProfitAndLoss(db, scope, period.startDate, period.endDate);
  return { organisation, type: query.type, year: query.year, ...result };
}

// ---------------------------------------------------------------------------------------------
// Balance sheet

export interface BalanceSheet {
  date: string;
  liabilities: StatementGroup[];
  assets: StatementGroup[];
  totalLiabilitiesPaise: number;
  totalAssetsPaise: number;
  netProfitPaise: number;
  /** Debit-positive: a debit difference stands on the assets side, a credit one on the liabilities. */
  differenceInOpeningBalancesPaise: number;
  closingStock: StockValue;
  profitAndLossAccount: StatementLine | null;
}

export async function computeBalanceSheet(
  db: Kysely<Database>,
  scope: StatementScope,
  date: string,
): Promise<BalanceSheet> {
  const { organisation } = scope;
  const year = financialYearOf(date);
  const yearStart = financialYearRange(year).startDate;
  const yearMovements = sumMovements(db, organisation.id, yearStart, date);
  const [openings, movements, profitAndLoss, accounts] = await Promise.all([
    openingBalancesAt(db, organisation.id, organisation.starting_year, scope.accounts, yearStart),
    yearMovements,
    computeProfitAndLoss(db, scope, yearStart, date, yearMovements),
    scope.accounts,
  ]);
  const balanceOf = (account: ReportAccount) => {
    const movement = movements.get(account.id);
    return (openings.get(account.id) ?? 0) + (movement ? movement.debit - movement.credit : 0);
  };

  // Earlier years' stock result: the stock brought into the year less what the stock accounts
  // carried into it (their opening balances and everything posted to them before).
  const stockCarried = accounts
    .filter(isStockAccount)
    .reduce((total, account) => total + (openings.get(account.id) ?? 0), 0);
  const earlierStockResult = profitAndLoss.openingStock.totalPaise - stockCarried;

  const assetLines: (StatementLine & { groupId: number })[] = [];
  const liabilityLines: (StatementLine & { groupId: number })[] = [];
  let profitAndLossAccount: StatementLine | null = null;
  for (const account of accounts) {
    const group = groupOf(account);
    if (!isBalanceSheetGroup(group) || isStockAccount(account)) continue;
    const balance = balanceOf(account);
    if (account.systemKey === "profitAndLoss") {
      const openingBalancePaise = -balance + earlierStockResult;
      profitAndLossAccount = {
        accountId: account.id,
        name: account.name,
        amountPaise: openingBalancePaise + profitAndLoss.netProfitPaise,
        openingBalancePaise,
        currentPeriodPaise: profitAndLoss.netProfitPaise,
      };
      liabilityLines.push({ ...profitAndLossAccount, groupId: group.id });
      continue;
    }
    if (group.classification === "asset")
      assetLines.push({
        accountId: account.id,
        name: account.name,
        amountPaise: balance,
        groupId: group.id,
      });
    else
      liabilityLines.push({
        accountId: account.id,
        name: account.name,
        amountPaise: -balance,
        groupId: group.id,
      });
  }
  for (const line of profitAndLoss.closingStock.lines)
    assetLines.push({ ...line, groupId: STOCK_GROUP_ID });

  const liabilities = groupLines(LIABILITY_ORDER, liabilityLines);
  const assets = groupLines(ASSET_ORDER, assetLines);

  // Σ ledger balances = Σ opening balances (when the year counts them); its negative balances it.
  const openingSum =
    organisation.starting_year <= year
      ? accounts.reduce((total, account) => total + account.openingBalancePaise, 0)
      : 0;
  const difference = -openingSum;
  if (difference > 0) assets.push(buildDifference(difference));
  if (difference < 0) liabilities.push(buildDifference(-difference));
  const sumOf = (groups: readonly StatementGroup[]) =>
    groups.reduce((total, group) => total + group.amountPaise, 0);
  return {
    date,
    liabilities,
    assets,
    totalLiabilitiesPaise: sumOf(liabilities),
    totalAssetsPaise: sumOf(assets),
    netProfitPaise: profitAndLoss.netProfitPaise,
    differenceInOpeningBalancesPaise: difference,
    closingStock: profitAndLoss.closingStock,
    profitAndLossAccount,
  };
}

function buildDifference(amountPaise: number): StatementGroup {
  return {
    groupId: null,
    name: DIFFERENCE_IN_OPENING_BALANCES,
    amountPaise,
    accounts: [],
  };
}

export async function readBalanceSheet(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; year: string; type: StatementType; date?: string | undefined },
  today?: string,
) {
  const organisation = await requireStatementAccess(db, caller, query.organisationId);
  const range = financialYearRange(query.year);
  const date = query.date ?? defaultDateOf(query.year, today ?? todayCivil());
  if (date < range.startDate || date > range.endDate)
    throw badRequest("Date should be within current financial year.");
  const sheet = await computeBalanceSheet(db, startScope(db, organisation), date);
  return { organisation, type: query.type, year: query.year, ...sheet };
}
