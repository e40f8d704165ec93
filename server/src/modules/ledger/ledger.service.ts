import {
  endOfMonth,
  financialYearRange,
  findAccountGroup,
  getVoucherDefinition,
  isVoucherType,
  paiseToRupees,
  type VoucherType,
} from "@bahi/domain";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { splitIntoMonths } from "../../lib/month-ranges.ts";
import { type PageWindow, pageWindow, readOrder } from "../../lib/page-window.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import {
  type AccountFacts,
  creditSum,
  debitSum,
  openingBalanceOf,
  openingBalancesAt,
  sumMovements,
} from "./balances.ts";
import { type LedgerStretch, spanOfPage } from "./page-span.ts";

const side = (paise: number) => (paise < 0 ? "cr" : "dr");

function describeBalance(paise: number) {
  return {
    amount: paiseToRupees(Math.abs(paise)),
    type: side(paise) as "dr" | "cr",
    signed: paiseToRupees(paise),
  };
}

async function loadAccounts(db: Kysely<Database>, organisationId: string): Promise<AccountFacts[]> {
  const rows = await db
    .selectFrom("accounts")
    .select(["id", "name", "group_id", "system_key", "opening_balance_paise"])
    .where("organisation_id", "=", organisationId)
    .where("deleted_at", "is", null)
    .orderBy("name")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    groupId: row.group_id,
    systemKey: row.system_key,
    openingBalancePaise: row.opening_balance_paise,
  }));
}

export interface LedgerQuery {
  organisationId: string;
  accountId: string;
  startDate: string;
  endDate: string;
  skip: number;
  limit: number;
}

/**
 * An account's ledger for a date range (issue "voucher engine": enough to check the engine; the
 * screen and sending come with reports): opening balance, each voucher with its counter-accounts
 * and a running balance, and the closing balance.
 */
export async function readLedger(db: Kysely<Database>, caller: Caller, query: LedgerQuery) {
  if (query.startDate > query.endDate)
    throw badRequest("The start date cannot be after the end date.");
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "right",
    subject: "account",
    action: "view",
  });
  const organisationId = access.organisation.id;
  // Two round trips: the accounts, the opening and the range's month by month counts side by
  // side; then the page, what comes before it and the page's counter-accounts, from the months
  // the page spans.
  const accountsRead = loadAccounts(db, organisationId);
  const accountRead = accountsRead.then((accounts) => {
    const account = accounts.find((candidate) => candidate.id === query.accountId);
    if (!account) throw notFound("This account does not exist in the organisation.");
    return account;
  });
  const [accounts, account, opening, stretches] = await Promise.all([
    accountsRead,
    accountRead,
    openingBalanceOf(
      db,
      organisationId,
      access.organisation.starting_year,
      accountsRead,
      query.accountId,
      query.startDate,
    ),
    readStretches(db, organisationId, query),
  ]);
  const count = stretches.reduce((sum, stretch) => sum + stretch.count, 0);
  const debit = stretches.reduce((sum, stretch) => sum + stretch.debit, 0);
  const credit = stretches.reduce((sum, stretch) => sum + stretch.credit, 0);
  const span = spanOfPage(stretches, query);
  let beforePage = 0;
  let rows: PageRow[] = [];
  let counterNames = new Map<string, string>();
  if (span) {
    // Knowing the span's count, a page in its second half reads from its end (lib/page-window.ts).
    // The page, what comes before it and its vouchers' other accounts are read side by side.
    const window = pageWindow({ skip: span.skip, limit: query.limit }, span.count);
    const inSpan = postingsInRange(db, organisationId, query.accountId, span.from, span.to);
    const [withinSpan, pageRows, counters] = await Promise.all([
      sumBeforePage(db, inSpan, span.skip, window, span.net),
      readPageRows(db, organisationId, inSpan, window),
      findCounterAccounts(db, organisationId, account.id, inSpan, window, accounts),
    ]);
    beforePage = span.netBefore + withinSpan;
    rows = pageRows;
    counterNames = counters;
  }
  let running = opening + beforePage;
  const entries = rows.map((row) => {
    running += row.amount_paise;
    return {
      voucherId: row.voucher_id,
      voucherType: row.type,
      voucherTitle: isVoucherType(row.type)
        ? getVoucherDefinition(row.type as VoucherType).titles.singular
        : row.type,
      date: row.date,
      number: row.number,
      narration: row.narration,
      counterAccount: counterNames.get(row.voucher_id) ?? "",
      debit: row.amount_paise > 0 ? paiseToRupees(row.amount_paise) : 0,
      credit: row.amount_paise < 0 ? paiseToRupees(-row.amount_paise) : 0,
      balance: describeBalance(running),
    };
  });
  return {
    account: {
      _id: account.id,
      name: account.name,
      nature: findAccountGroup(account.groupId)?.name ?? "",
    },
    startDate: query.startDate,
    endDate: query.endDate,
    openingBalance: describeBalance(opening),
    totalDebit: paiseToRupees(debit),
    totalCredit: paiseToRupees(credit),
    closingBalance: describeBalance(opening + debit - credit),
    count,
    entries,
  };
}

type PostingsInRange = ReturnType<typeof postingsInRange>;

function postingsInRange(
  db: Kysely<Database>,
  organisationId: string,
  accountId: string,
  fromDate: string,
  toDate: string,
) {
  return db
    .selectFrom("postings")
    .where("postings.organisation_id", "=", organisationId)
    .where("postings.account_id", "=", accountId)
    .where("postings.date", ">=", fromDate)
    .where("postings.date", "<=", toDate);
}

type CountedStretch = LedgerStretch & { debit: number; credit: number };

/**
 * The range as counted stretches in date order: its whole months from account_balances, its
 * partial months at either end from the postings (at most two months' entries are read).
 */
async function readStretches(
  db: Kysely<Database>,
  organisationId: string,
  query: LedgerQuery,
): Promise<CountedStretch[]> {
  const counted = (from: string, to: string, count: number, debit: number, credit: number) => ({
    from,
    to,
    count,
    debit,
    credit,
    net: debit - credit,
  });
  const { wholeMonths, partialRanges } = splitIntoMonths(query.startDate, query.endDate);
  const partials = partialRanges.map(async ([from, to]) => {
    const row = await postingsInRange(db, organisationId, query.accountId, from, to)
      .select([
        (eb) => eb.fn.countAll<number>().as("count"),
        debitSum.as("debit"),
        creditSum.as("credit"),
      ])
      .executeTakeFirstOrThrow();
    return counted(from, to, Number(row.count), Number(row.debit), Number(row.credit));
  });
  const months = wholeMonths
    ? db
        .selectFrom("account_balances")
        .select(["month", "posting_count", "debit_paise", "credit_paise"])
        .where("organisation_id", "=", organisationId)
        .where("account_id", "=", query.accountId)
        .where("month", ">=", wholeMonths.from)
        .where("month", "<=", wholeMonths.to)
        .where("posting_count", ">", 0)
        .execute()
        .then((rows) =>
          rows.map((row) =>
            counted(
              `${row.month}-01`,
              endOfMonth(`${row.month}-01`),
              Number(row.posting_count),
              Number(row.debit_paise),
              Number(row.credit_paise),
            ),
          ),
        )
    : Promise.resolve([]);
  const [monthStretches, ...partialStretches] = await Promise.all([months, ...partials]);
  return [...monthStretches, ...partialStretches].sort((a, b) => a.from.localeCompare(b.from));
}

/** The ledger's order, date then entry then line, or its reverse to read from the end. */
function inLedgerOrder<Q extends SelectQueryBuilder<Database, "postings", object>>(
  query: Q,
  direction: "asc" | "desc",
): Q {
  return query
    .orderBy("postings.date", direction)
    .orderBy("postings.voucher_id", direction)
    .orderBy("postings.line_no", direction) as Q;
}

/**
 * What the pages before this one add up to, where the running balance starts: the first `skip`
 * postings, or, for a page read from the end, the range's net less everything from the page on.
 */
async function sumBeforePage(
  db: Kysely<Database>,
  inRange: PostingsInRange,
  skip: number,
  window: PageWindow,
  rangeNet: number,
): Promise<number> {
  const fromEnd = window.fromEnd;
  const taken = fromEnd ? window.skip + window.limit : skip;
  if (taken === 0) return fromEnd ? rangeNet : 0;
  const row = await db
    .selectFrom(
      inLedgerOrder(inRange.select("postings.amount_paise"), readOrder(window, "asc"))
        .limit(taken)
        .as("taken"),
    )
    .select(sql<number>`coalesce(sum(taken.amount_paise), 0)`.as("total"))
    .executeTakeFirstOrThrow();
  return fromEnd ? rangeNet - Number(row.total) : Number(row.total);
}

/** The page's postings from the covering index alone, in the window's order. */
function pageEntries(inRange: PostingsInRange, window: PageWindow) {
  return inLedgerOrder(
    inRange.select([
      "postings.voucher_id",
      "postings.line_no",
      "postings.date",
      "postings.amount_paise",
    ]),
    readOrder(window, "asc"),
  )
    .offset(window.skip)
    .limit(window.limit);
}

/**
 * The page's postings first, from the covering index alone, then their vouchers: joined before
 * the OFFSET, every skipped posting's voucher was read too (bench/RESULTS.md).
 */
type PageRow = Awaited<ReturnType<typeof readPageRows>>[number];

async function readPageRows(
  db: Kysely<Database>,
  organisationId: string,
  inRange: PostingsInRange,
  window: PageWindow,
) {
  if (window.limit === 0) return [];
  return db
    .selectFrom(pageEntries(inRange, window).as("page"))
    .innerJoin("vouchers", (join) =>
      join
        .on("vouchers.organisation_id", "=", organisationId)
        .onRef("vouchers.id", "=", "page.voucher_id"),
    )
    .select([
      "page.voucher_id",
      "page.line_no",
      "page.date",
      "page.amount_paise",
      "vouchers.type",
      "vouchers.number",
      "vouchers.narration",
      "vouchers.party_name",
    ])
    .orderBy("page.date")
    .orderBy("page.voucher_id")
    .orderBy("page.line_no")
    .execute();
}

/** For each voucher of the page, the names of the accounts on the other side of the ledger's. */
async function findCounterAccounts(
  db: Kysely<Database>,
  organisationId: string,
  accountId: string,
  inRange: PostingsInRange,
  window: PageWindow,
  accounts: readonly AccountFacts[],
): Promise<Map<string, string>> {
  if (window.limit === 0) return new Map();
  const names = new Map(accounts.map((account) => [account.id, account.name]));
  const pageVouchers = db
    .selectFrom(pageEntries(inRange, window).as("page"))
    .select("page.voucher_id");
  const rows = await db
    .selectFrom("postings")
    .select(["voucher_id", "account_id", "amount_paise"])
    .where("organisation_id", "=", organisationId)
    .where("voucher_id", "in", pageVouchers)
    .where("account_id", "!=", accountId)
    .orderBy("voucher_id")
    .orderBy("line_no")
    .execute();
  const byVoucher = new Map<string, { name: string; amount: number }[]>();
  for (const row of rows) {
    const list = byVoucher.get(row.voucher_id) ?? [];
    list.push({ name: names.get(row.account_id) ?? "", amount: Math.abs(row.amount_paise) });
    byVoucher.set(row.voucher_id, list);
  }
  // Tally shows the main counter-account; the largest amount is it, the rest are "and others".
  return new Map(
    [...byVoucher].map(([voucherId, list]) => {
      const sorted = [...list].sort((a, b) => b.amount - a.amount);
      const first = sorted[0]?.name ?? "";
      return [voucherId, sorted.length > 1 ? `${first} and others` : first];
    }),
  );
}

/**
 * Trial balance as at a date: each account's opening for the financial year, the year's debits
 * and credits up to the date, and the closing balance. If opening balances do not net to zero the
 * difference is its own line, as Tally shows it, so the totals always agree.
 */
export async function readTrialBalance(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; year: string; date?: string | undefined },
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "right",
    subject: "account",
    action: "view",
  });
  const organisationId = access.organisation.id;
  const range = financialYearRange(query.year);
  const date = query.date ?? range.endDate;
  if (date < range.startDate || date > range.endDate) {
    throw badRequest("Date should be within current financial year.");
  }
  const accountsRead = loadAccounts(db, organisationId);
  const [accounts, openings, movements] = await Promise.all([
    accountsRead,
    openingBalancesAt(
      db,
      organisationId,
      access.organisation.starting_year,
      accountsRead,
      range.startDate,
    ),
    sumMovements(db, organisationId, range.startDate, date),
  ]);
  let totalDebit = 0;
  let totalCredit = 0;
  let openingSum = 0;
  const rows = [];
  for (const account of accounts) {
    const opening = openings.get(account.id) ?? 0;
    const movement = movements.get(account.id) ?? { debit: 0, credit: 0 };
    const closing = opening + movement.debit - movement.credit;
    openingSum += opening;
    if (opening === 0 && movement.debit === 0 && movement.credit === 0) continue;
    if (closing > 0) totalDebit += closing;
    else totalCredit += -closing;
    rows.push({
      accountId: account.id,
      name: account.name,
      group: findAccountGroup(account.groupId)?.name ?? "",
      opening: describeBalance(opening),
      debit: paiseToRupees(movement.debit),
      credit: paiseToRupees(movement.credit),
      closing: describeBalance(closing),
      closingDebit: closing > 0 ? paiseToRupees(closing) : 0,
      closingCredit: closing < 0 ? paiseToRupees(-closing) : 0,
    });
  }
  const difference = -openingSum;
  if (difference > 0) totalDebit += difference;
  if (difference < 0) totalCredit += -difference;
  return {
    year: query.year,
    date,
    accounts: rows,
    differenceInOpeningBalances: describeBalance(difference),
    totalDebit: paiseToRupees(totalDebit),
    totalCredit: paiseToRupees(totalCredit),
  };
}
