import type { Kysely, Updateable } from "kysely";
import type { AccountsTable, Database, OrganisationsTable } from "../../db/schema.ts";

export async function insertOrganisation(db: Kysely<Database>, row: OrganisationsTable) {
  await db.insertInto("organisations").values(row).execute();
}

export async function updateOrganisation(
  db: Kysely<Database>,
  organisationId: string,
  changes: Updateable<OrganisationsTable>,
) {
  await db
    .updateTable("organisations")
    .set(changes)
    .where("id", "=", organisationId)
    .where("deleted_at", "is", null)
    .execute();
}

/**
 * Reads the organisation for a read-modify-write of its settings JSON. The UPDATE first takes the
 * row lock on PostgreSQL (SQLite's writer lock), so two modules saving their parts of `settings` at
 * the same moment cannot lose each other's change. Portable where SELECT … FOR UPDATE is not.
 */
export async function lockLiveOrganisation(
  db: Kysely<Database>,
  organisationId: string,
  at: string,
) {
  await updateOrganisation(db, organisationId, { updated_at: at });
  return findLiveOrganisation(db, organisationId);
}

export function findLiveOrganisation(db: Kysely<Database>, organisationId: string) {
  return db
    .selectFrom("organisations")
    .selectAll()
    .where("id", "=", organisationId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Organisations a person is an active member of (inactive organisations included), newest first. */
export function selectOrganisationsOfUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("memberships")
    .innerJoin("organisations", "organisations.id", "memberships.organisation_id")
    .selectAll("organisations")
    .select("memberships.role")
    .where("memberships.user_id", "=", userId)
    .where("memberships.removed_at", "is", null)
    .where("memberships.active", "=", 1)
    .where("organisations.deleted_at", "is", null)
    .orderBy("organisations.created_at", "desc")
    .orderBy("organisations.id", "desc")
    .execute();
}

export async function insertAccounts(db: Kysely<Database>, rows: AccountsTable[]) {
  await db.insertInto("accounts").values(rows).execute();
}

export function selectSystemAccountIds(db: Kysely<Database>, organisationId: string) {
  return db
    .selectFrom("accounts")
    .select(["id", "system_key"])
    .where("organisation_id", "=", organisationId)
    .where("system_key", "is not", null)
    .where("deleted_at", "is", null)
    .execute();
}
