import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import { accountNameKey } from "../organisations/system-accounts.ts";
import { findLiveNameHolder, lockOrganisationRow } from "./masters.repository.ts";

// Accounts and items share one name space per organisation (docs/api/masters.md "Names"): spec 5
// "Item" has the item form reuse the account name check, with its message, so an item may not
// take a name an account has, nor the other way round. Compared trimmed and without case.

/** spec 5 "Account save" inline message, also the item form's (spec 5 "Item"). */
export const NAME_TAKEN_MESSAGE = "An account with same name already exists.";

export type NamedMaster = { kind: "account" | "item"; id: string };

export const nameTaken = () =>
  badRequest(NAME_TAKEN_MESSAGE, [{ path: "name", message: NAME_TAKEN_MESSAGE }]);

/** The live account or item already called `name`, other than `except` (of either kind if unsaid). */
export function findNameHolder(
  db: Kysely<Database>,
  organisationId: string,
  name: string,
  except?: { kind?: NamedMaster["kind"]; id: string },
): Promise<NamedMaster | undefined> {
  return findLiveNameHolder(db, organisationId, accountNameKey(name), except);
}

/**
 * Inside the write's transaction: refuses a name already in use. It first locks the organisation's
 * name space, so two people cannot give an account and an item the same name at once (the unique
 * indexes are per table).
 */
export async function claimMasterName(
  trx: Kysely<Database>,
  organisationId: string,
  name: string,
  self?: NamedMaster,
): Promise<void> {
  await lockOrganisationRow(trx, organisationId);
  if (await findNameHolder(trx, organisationId, name, self)) throw nameTaken();
}
