import {
  type AccountEditInput,
  type AccountInput,
  findAccountGroup,
  getVoucherDefinition,
  isPartyNature,
  isVoucherType,
  MOBILE_LENGTH_MESSAGE,
  normaliseMobile,
  type OpeningBalanceType,
  rupeesToPaise,
  signOpeningBalance,
  validateEmail,
  validatePhone,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import { inTransaction } from "../../db/books-lock.ts";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError, badRequest, notFound } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { type AccessNeed, requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { validateCustomFieldValues } from "../custom-fields/custom-field-values.ts";
import {
  type MasterChange,
  nextMasterVersion,
  recordMasterChange,
  recordMasterChanges,
  staleRecord,
} from "../masters/master-history.ts";
import { claimMasterName, nameTaken } from "../masters/master-names.ts";
import { parseCustomFieldValues, presentAccount } from "./account-presenter.ts";
import { settleAccountFields } from "./account-rules.ts";
import * as repo from "./accounts.repository.ts";

/** spec api §8 success messages, verbatim, and ours where the spec has none. */
export const ACCOUNT_SUCCESS = {
  added: "Successfully added a new account.",
  edited: "Successfully edited account.",
  deleted: "Account Deleted Successfully.",
  emailSaved: "Email address saved successfully",
  phoneSaved: "Phone number saved successfully",
  active: "The account is now active.",
  inactive: "The account is now inactive.",
  openingBalances: "Opening balances saved.",
} as const;

export const ACCOUNT_REFUSALS = {
  notFound: "This account does not exist or has been deleted.",
  systemDelete: "This is a system account, which the books need; it cannot be deleted.",
  systemInactive: "This is a system account, which the books need; it cannot be made inactive.",
  systemNature: "The nature of a system account cannot be changed.",
  contactNature: "Only Debtor and Creditor accounts keep an email address and phone number.",
  closingStock:
    "This account cannot be deleted: closing stock has been entered for it. Clear its closing stock first.",
  duplicateLine: "An account appears more than once.",
  openingStockFromItems:
    "With inventory managed, the opening stock is the total of the items' opening amounts: change it on the items.",
} as const;

const right = (action: "view" | "add" | "edit" | "delete"): AccessNeed => ({
  kind: "right",
  subject: "account",
  action,
});

function organisationContext(organisation: OrganisationsTable) {
  return {
    gstRegistered: organisation.gst_registered === 1,
    gstRegType: organisation.gst_reg_type ?? "",
  };
}

function settle(input: AccountInput, organisation: OrganisationsTable) {
  const settled = settleAccountFields(input, organisationContext(organisation));
  if (!settled.ok)
    throw badRequest(settled.errors[0]?.message ?? "Invalid account.", settled.errors);
  return settled.fields;
}

export async function requireLiveAccount(db: Kysely<Database>, organisationId: string, id: string) {
  const row = await repo.findAccount(db, organisationId, id);
  if (!row || row.deleted_at) throw notFound(ACCOUNT_REFUSALS.notFound);
  return row;
}

function change(
  row: repo.AccountRow,
  action: MasterChange["action"],
  userId: string,
): MasterChange {
  return {
    organisationId: row.organisation_id,
    entityType: "account",
    entityId: row.id,
    version: row.version,
    action,
    document: presentAccount(row),
    userId,
    name: row.name,
  };
}

/** POST /account/add (spec 5 "Account save"). */
export async function addAccount(db: Kysely<Database>, caller: Caller, input: AccountInput) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, right("add"));
  const organisationId = access.organisation.id;
  const fields = settle(input, access.organisation);
  const customFieldValues = await validateCustomFieldValues(
    db,
    organisationId,
    "account",
    input.customFieldValues,
  );
  const now = nowIso();
  const row: repo.AccountRow = {
    organisation_id: organisationId,
    id: newId(),
    ...fields,
    system_key: null,
    // A new account has no earlier credits: its TDS facts are up to date for its section.
    tds_facts_section: fields.tds_section,
    custom_field_values: JSON.stringify(customFieldValues),
    active: 1,
    version: 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await writeWithName(db, async (trx) => {
    await claimMasterName(trx, organisationId, row.name);
    await repo.insertAccount(trx, row);
    await recordMasterChange(trx, change(row, "created", access.userId));
  });
  return row;
}

/** PUT /account/edit: the whole account again, optionally with the version it started from. */
export async function editAccount(
  db: Kysely<Database>,
  caller: Caller,
  input: AccountEditInput & { version?: number | undefined },
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, right("edit"));
  const organisationId = access.organisation.id;
  const existing = await requireLiveAccount(db, organisationId, input.accountId);
  if (input.version !== undefined && input.version !== existing.version) throw staleRecord();
  const fields = settle(input, access.organisation);
  if (existing.system_key !== null && fields.group_id !== existing.group_id) {
    throw badRequest(ACCOUNT_REFUSALS.systemNature, [
      { path: "nature", message: ACCOUNT_REFUSALS.systemNature },
    ]);
  }
  refuseTypedOpeningStock(
    access.organisation,
    existing,
    fields.opening_balance_paise,
    "openingBalance",
  );
  const previous = parseCustomFieldValues(existing.custom_field_values);
  const customFieldValues =
    input.customFieldValues === undefined
      ? previous
      : await validateCustomFieldValues(db, organisationId, "account", input.customFieldValues, {
          previous,
        });
  const updated: repo.AccountRow = {
    ...existing,
    ...fields,
    custom_field_values: JSON.stringify(customFieldValues),
    version: existing.version + 1,
    updated_at: nowIso(),
  };
  await writeWithName(db, async (trx) => {
    await claimMasterName(trx, organisationId, updated.name, { kind: "account", id: existing.id });
    const { organisation_id, id, created_at, ...changes } = updated;
    if (!(await repo.updateAccountAtVersion(trx, organisationId, id, existing.version, changes))) {
      throw staleRecord();
    }
    await recordMasterChange(trx, change(updated, "edited", access.userId));
  });
  return updated;
}

/**
 * With inventory managed the Closing Stock account's opening balance is the items' opening
 * amounts, kept by the items service (decision 040, as Tally derives its stock-in-hand opening):
 * typing another figure would make the opening stock differ from the items'.
 */
function refuseTypedOpeningStock(
  organisation: OrganisationsTable,
  existing: repo.AccountRow,
  openingBalancePaise: number,
  path: string,
) {
  if (
    organisation.manage_inventory === 1 &&
    existing.system_key === "closingStock" &&
    openingBalancePaise !== existing.opening_balance_paise
  ) {
    throw badRequest(ACCOUNT_REFUSALS.openingStockFromItems, [
      { path, message: ACCOUNT_REFUSALS.openingStockFromItems },
    ]);
  }
}

/**
 * Sets the Closing Stock account's opening balance to the items' opening stock, inside the
 * caller's transaction (items.service calls it on every item save, decision 040).
 */
export async function setOpeningStockFromItems(
  trx: Kysely<Database>,
  organisationId: string,
  totalPaise: number,
  userId: string,
): Promise<void> {
  const account = await repo.findClosingStockAccount(trx, organisationId);
  if (!account || account.opening_balance_paise === totalPaise) return;
  const next = {
    opening_balance_paise: totalPaise,
    version: account.version + 1,
    updated_at: nowIso(),
  };
  if (!(await repo.updateAccountAtVersion(trx, organisationId, account.id, account.version, next)))
    throw staleRecord();
  await recordMasterChange(trx, change({ ...account, ...next }, "edited", userId));
}

/** Runs a write that claims a name; the unique index catches what the lock cannot (other tables). */
async function writeWithName(
  db: Kysely<Database>,
  write: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  try {
    await inTransaction(db, write);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

function describeUse(type: string, number: string): string {
  const title = isVoucherType(type) ? getVoucherDefinition(type).titles.singular : type;
  return `${title} ${number}`;
}

/** The 409 refusing to delete an account or item that live entries use; undefined when unused. */
export function refuseDeleteWhenUsed(
  what: "account" | "item",
  usage: { first?: { type: string; number: string } | undefined; count: number },
): AppError | undefined {
  if (!usage.first) return undefined;
  const first = describeUse(usage.first.type, usage.first.number);
  return new AppError(
    409,
    usage.count === 1
      ? `This ${what} cannot be deleted: it is used in ${first}. Delete that entry or change its ${what} first.`
      : `This ${what} cannot be deleted: it is used in ${usage.count} entries, such as ${first}. Delete those entries or change their ${what} first.`,
  );
}

/** DELETE /account/delete: soft, refused for system accounts and accounts any live entry uses. */
export async function deleteAccount(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  accountId: string,
) {
  const access = await requireOrganisationAccess(db, caller, organisationId, right("delete"));
  const existing = await requireLiveAccount(db, organisationId, accountId);
  if (existing.system_key !== null) throw badRequest(ACCOUNT_REFUSALS.systemDelete);
  const now = nowIso();
  const updated = nextMasterVersion(existing, { deleted_at: now }, now);
  await db.transaction().execute(async (trx) => {
    const inUse = refuseDeleteWhenUsed(
      "account",
      await repo.findAccountUsage(trx, organisationId, accountId),
    );
    if (inUse) throw inUse;
    if (await repo.hasClosingStock(trx, organisationId, accountId)) {
      throw new AppError(409, ACCOUNT_REFUSALS.closingStock);
    }
    const saved = await repo.updateAccountAtVersion(
      trx,
      organisationId,
      accountId,
      existing.version,
      updated.changes,
    );
    if (!saved) throw staleRecord();
    await recordMasterChange(trx, change(updated.row, "deleted", access.userId));
  });
}

/** PUT /account/active and /account/inactive. Asking for the state it is in changes nothing. */
export async function setAccountActive(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  accountId: string,
  active: boolean,
) {
  const access = await requireOrganisationAccess(db, caller, organisationId, right("edit"));
  const existing = await requireLiveAccount(db, organisationId, accountId);
  if (!active && existing.system_key !== null) throw badRequest(ACCOUNT_REFUSALS.systemInactive);
  if ((existing.active === 1) === active) return existing;
  const updated = nextMasterVersion(existing, { active: active ? 1 : 0 });
  await db.transaction().execute(async (trx) => {
    if (
      !(await repo.updateAccountAtVersion(
        trx,
        organisationId,
        accountId,
        existing.version,
        updated.changes,
      ))
    ) {
      throw staleRecord();
    }
    await recordMasterChange(
      trx,
      change(updated.row, active ? "activated" : "deactivated", access.userId),
    );
  });
  return updated.row;
}

/**
 * PATCH /account/addemail and /account/addphone (spec 4 "Email and WhatsApp sending"): the
 * contact of a debtor or creditor, saved before a send. A phone is kept as the account's 10-digit
 * mobile, so spec 5's mobile rule holds for it too: +91 or a leading 0 is dropped.
 */
export async function addAccountContact(
  db: Kysely<Database>,
  caller: Caller,
  input: { organisationId: string; accountId: string } & (
    | { kind: "email"; email: string }
    | { kind: "phone"; phone: string }
  ),
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, right("edit"));
  const existing = await requireLiveAccount(db, input.organisationId, input.accountId);
  const nature = findAccountGroup(existing.group_id)?.name ?? "";
  if (!isPartyNature(nature)) throw badRequest(ACCOUNT_REFUSALS.contactNature);
  let changes: Partial<repo.AccountRow>;
  if (input.kind === "email") {
    const problem = validateEmail(input.email);
    if (problem) throw badRequest(problem.message, [{ path: "email", message: problem.message }]);
    changes = { email: input.email.trim() };
  } else {
    const problem = validatePhone(input.phone);
    if (problem) throw badRequest(problem.message, [{ path: "phone", message: problem.message }]);
    const digits = normaliseMobile(input.phone);
    const mobile = digits.length === 12 && digits.startsWith("91") ? digits.slice(2) : digits;
    if (mobile.length !== 10) {
      throw badRequest(MOBILE_LENGTH_MESSAGE, [{ path: "phone", message: MOBILE_LENGTH_MESSAGE }]);
    }
    changes = { mobile };
  }
  const updated = nextMasterVersion(existing, changes);
  await db.transaction().execute(async (trx) => {
    if (
      !(await repo.updateAccountAtVersion(
        trx,
        input.organisationId,
        existing.id,
        existing.version,
        updated.changes,
      ))
    ) {
      throw staleRecord();
    }
    await recordMasterChange(trx, change(updated.row, "edited", access.userId));
  });
  return updated.row;
}

export interface OpeningBalanceLine {
  accountId: string;
  openingBalance: number;
  openingBalanceType?: OpeningBalanceType | undefined;
}

/**
 * POST /account/openingbalances: the list-with-opening-balances screen saves many at once, in one
 * transaction. Accounts whose balance does not change get no new version.
 */
export async function saveOpeningBalances(
  db: Kysely<Database>,
  caller: Caller,
  input: { organisationId: string; balances: readonly OpeningBalanceLine[] },
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, right("edit"));
  const organisationId = access.organisation.id;
  const seen = new Set<string>();
  input.balances.forEach((line, index) => {
    if (seen.has(line.accountId)) {
      throw badRequest(ACCOUNT_REFUSALS.duplicateLine, [
        { path: `balances.${index}.accountId`, message: ACCOUNT_REFUSALS.duplicateLine },
      ]);
    }
    seen.add(line.accountId);
  });
  let updated = 0;
  await db.transaction().execute(async (trx) => {
    const rows = new Map(
      (await repo.findLiveAccountsByIds(trx, organisationId, [...seen])).map((row) => [
        row.id,
        row,
      ]),
    );
    const changes: MasterChange[] = [];
    const now = nowIso();
    for (const [index, line] of input.balances.entries()) {
      const row = rows.get(line.accountId);
      if (!row) {
        throw badRequest(ACCOUNT_REFUSALS.notFound, [
          { path: `balances.${index}.accountId`, message: ACCOUNT_REFUSALS.notFound },
        ]);
      }
      const paise = rupeesToPaise(signOpeningBalance(line));
      if (paise === row.opening_balance_paise) continue;
      refuseTypedOpeningStock(access.organisation, row, paise, `balances.${index}.openingBalance`);
      const next = { opening_balance_paise: paise, version: row.version + 1, updated_at: now };
      if (!(await repo.updateAccountAtVersion(trx, organisationId, row.id, row.version, next))) {
        throw staleRecord();
      }
      changes.push(change({ ...row, ...next }, "edited", access.userId));
    }
    await recordMasterChanges(trx, changes);
    updated = changes.length;
  });
  return { updated };
}

/** What a printed document shows of the accounts it names (issue 21); the caller checked access. */
export async function readAccountsForPrint(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
) {
  const rows = await repo.findLiveAccountsByIds(db, organisationId, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: row.display_name || row.name,
        billingAddress: row.billing_address,
        shippingAddress: row.shipping_address,
        billingCity: row.billing_city,
        billingPincode: row.billing_pincode,
        shippingCity: row.shipping_city,
        shippingPincode: row.shipping_pincode,
        gstin: row.gstin,
        stateCode: row.state_code,
      },
    ]),
  );
}

/** The party a message goes to (issue 22's contact check): name, nature, saved email and mobile. */
export async function readAccountContact(db: Kysely<Database>, organisationId: string, id: string) {
  const [row] = await repo.findLiveAccountsByIds(db, organisationId, [id]);
  if (!row) return null;
  return {
    id: row.id,
    name: row.display_name || row.name,
    nature: findAccountGroup(row.group_id)?.name ?? "",
    email: row.email ?? "",
    mobile: row.mobile ?? "",
  };
}
