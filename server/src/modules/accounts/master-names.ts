import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import { accountNameKey } from "../organisations/system-accounts.ts";

// Accounts and items share one name space per organisation (docs/api/masters.md "Names"): spec 5
// "Item" has the item form reuse the account name check, with its message, so an item may not
// take a name an account has, nor the other way round. Compared trimmed and without case.

/** spec 5 "Account save" inline message, also the item form's (spec 5 "Item"). */
export const NAME_TAKEN_MESSAGE = "An account with same name already exists.";

export type NamedMaster = { kind: "account" | "item"; id: string };

export const nameTaken = () => badRequest(NAME_TAKEN_MESSAGE, [{ path: "name", message: NAME_TAKEN_MESSAGE }]);

/** The live account or item already called `name`, other than `except` (of either kind if unsaid). */
export async function findNameHolder(
  db: Kysely<Database>,
  organisationId: string,
  name: string,
  except?: { kind?: NamedMaster["kind"]; id: string },
): Promise<NamedMaster | undefined> {
  const key = accountNameKey(name);
  let accounts = db
    .selectFrom("accounts")
    .select(["id", sql<string>`'account'`.as("kind")])
    .where("organisation_id", "=", organisationId)
    .where("name_key", "=", key)
    .where("deleted_at", "is", null);
  if (except && except.kind !== "item") accounts = accounts.where("id", "!=", except.id);
  let items = db
    .selectFrom("items")
    .select(["id", sql<string>`'item'`.as("kind")])
    .where("organisation_id", "=", organisationId)
    .where("name_key", "=", key)
    .where("deleted_at", "is", null);
  if (except && except.kind !== "account") items = items.where("id", "!=", except.id);
  const row = await accounts.unionAll(items).limit(1).executeTakeFirst();
  return row ? { kind: row.kind as NamedMaster["kind"], id: row.id } : undefined;
}

/**
 * Serialises name-changing writes of accounts and items within one organisation, so two people
 * cannot give an account and an item the same name at once (the unique indexes are per table).
 * A no-op UPDATE takes the organisation row's lock on PostgreSQL; SQLite has one writer anyway.
 */
export async function lockMasterNames(trx: Kysely<Database>, organisationId: string): Promise<void> {
  await trx
    .updateTable("organisations")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("id", "=", organisationId)
    .execute();
}

/** Inside the write's transaction: locks the name space and refuses a name already in use. */
export async function claimMasterName(
  trx: Kysely<Database>,
  organisationId: string,
  name: string,
  self?: NamedMaster,
): Promise<void> {
  await lockMasterNames(trx, organisationId);
  if (await findNameHolder(trx, organisationId, name, self)) throw nameTaken();
}
