import {
  type AccountNature,
  clampDateToFinancialYear,
  findAccountGroup,
  normaliseGstin,
  PARTY_NATURES,
  paiseToRupees,
  todayCivil,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { notFound } from "../../http/errors.ts";
import { type AccessNeed, requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { openingBalancesAt, sumMovements } from "../ledger/balances.ts";
import { listMasterLogs } from "../masters/master-history.ts";
import { findNameHolder, NAME_TAKEN_MESSAGE } from "../masters/master-names.ts";
import { type AccountView, presentAccount, sideOf } from "./account-presenter.ts";
import * as repo from "./accounts.repository.ts";
import { ACCOUNT_REFUSALS } from "./accounts.service.ts";

const VIEW: AccessNeed = { kind: "right", subject: "account", action: "view" };

function groupIdsOf(natures: readonly AccountNature[] | undefined): number[] | undefined {
  return natures?.map((nature) => findAccountGroup(nature)?.id ?? 0);
}

export interface AccountListQuery {
  organisationId: string;
  active?: boolean | undefined;
  nature?: AccountNature[] | undefined;
  withBalances?: boolean | undefined;
  /** Balances as at the end of this day. */
  date?: string | undefined;
  /** Without a date: today, clamped to this financial year. */
  year?: string | undefined;
}

/**
 * GET /account/accountslist: the accounts (by name), optionally of some natures, and with
 * balances as at a date (ledger/balances.ts: monthly totals plus the last month's postings).
 */
export async function listAccounts(db: Kysely<Database>, caller: Caller, query: AccountListQuery) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, VIEW);
  const organisationId = access.organisation.id;
  const groupIds = groupIdsOf(query.nature);
  const rows = await repo.selectAccounts(db, {
    organisationId,
    active: query.active,
    ...(groupIds ? { groupIds } : {}),
  });
  const accounts: (AccountView & { balance?: number; balanceType?: "dr" | "cr" })[] =
    rows.map(presentAccount);
  if (!query.withBalances) return { accounts };

  const today = todayCivil();
  const date = query.date ?? (query.year ? clampDateToFinancialYear(today, query.year) : today);
  // Every account goes in, not only those listed: Profit & Loss carries the earlier years' result
  // of all income and expense accounts.
  const facts = await repo.selectAccountFacts(db, organisationId);
  const [opening, ofTheDay] = await Promise.all([
    openingBalancesAt(db, organisationId, access.organisation.starting_year, facts, date),
    sumMovements(db, organisationId, date, date),
  ]);
  for (const account of accounts) {
    const day = ofTheDay.get(account._id);
    const paise = (opening.get(account._id) ?? 0) + (day ? day.debit - day.credit : 0);
    account.balance = paiseToRupees(paise);
    account.balanceType = sideOf(paise, account.groupId);
  }
  return { accounts, date };
}

/** GET /account/creditor-debtor-accounts: the parties, whom documents are sent to. */
export async function listPartyAccounts(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; active?: boolean | undefined },
) {
  return listAccounts(db, caller, { ...query, nature: [...PARTY_NATURES] });
}

export async function getAccount(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  accountId: string,
) {
  await requireOrganisationAccess(db, caller, organisationId, VIEW);
  const row = await repo.findAccount(db, organisationId, accountId);
  if (!row || row.deleted_at) throw notFound(ACCOUNT_REFUSALS.notFound);
  return { account: presentAccount(row) };
}

/** spec 5 "Account save" inline check, also the item form's: accounts and items share names. */
export async function checkAccountName(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; name: string; id?: string | undefined },
) {
  await requireOrganisationAccess(db, caller, query.organisationId);
  // The id may be an account's or an item's (the item form reuses this check); ids are unique.
  const except = query.id === undefined ? undefined : { id: query.id };
  const available =
    (await findNameHolder(db, query.organisationId, query.name, except)) === undefined;
  return available ? { available } : { available, message: NAME_TAKEN_MESSAGE };
}

/** spec 5 "Account save": a non-blocking warning when another account has the GSTIN. */
export async function checkGstinPresent(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; gstin: string; accountId?: string | undefined },
) {
  await requireOrganisationAccess(db, caller, query.organisationId, VIEW);
  const other = await repo.findLiveAccountByGstin(
    db,
    query.organisationId,
    normaliseGstin(query.gstin),
    query.accountId,
  );
  return other
    ? { alreadyPresent: true, accountName: other.name, accountId: other.id }
    : { alreadyPresent: false };
}

export async function readAccountLogs(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  accountId: string,
) {
  await requireOrganisationAccess(db, caller, organisationId, VIEW);
  const row = await repo.findAccount(db, organisationId, accountId);
  if (!row) throw notFound(ACCOUNT_REFUSALS.notFound);
  return { logs: await listMasterLogs(db, organisationId, "account", accountId) };
}

/**
 * GET /account/openingbalancedifference: total debit and credit openings and what separates them
 * (Tally's "Difference in opening balances"); differenceType is the larger side, null when equal.
 */
export async function readOpeningBalanceDifference(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
) {
  await requireOrganisationAccess(db, caller, organisationId, VIEW);
  const { debitPaise, creditPaise } = await repo.sumOpeningBalances(db, organisationId);
  const difference = debitPaise - creditPaise;
  return {
    totalDebit: paiseToRupees(debitPaise),
    totalCredit: paiseToRupees(creditPaise),
    difference: paiseToRupees(Math.abs(difference)),
    differenceType: difference > 0 ? "dr" : difference < 0 ? "cr" : null,
  };
}
