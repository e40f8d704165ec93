import { type Kysely, sql, type Updateable } from "kysely";
import type { Database, MembershipsTable } from "../../db/schema.ts";

/** A current member (not removed), active or not, with the person's name and email. */
export function findMember(db: Kysely<Database>, organisationId: string, userId: string) {
  return db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .select([
      "memberships.user_id",
      "memberships.role",
      "memberships.rights",
      "memberships.active",
      "users.name",
      "users.email",
    ])
    .where("memberships.organisation_id", "=", organisationId)
    .where("memberships.user_id", "=", userId)
    .where("memberships.removed_at", "is", null)
    .executeTakeFirst();
}

export function findMemberByEmail(db: Kysely<Database>, organisationId: string, email: string) {
  return db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .select(["memberships.user_id"])
    .where("memberships.organisation_id", "=", organisationId)
    .where("users.email", "=", email)
    .where("memberships.removed_at", "is", null)
    .executeTakeFirst();
}

/** Any membership row, a removed one included: accepting a new invitation revives it. */
export function findMembershipRow(db: Kysely<Database>, organisationId: string, userId: string) {
  return db
    .selectFrom("memberships")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function insertMembership(db: Kysely<Database>, row: MembershipsTable) {
  await db.insertInto("memberships").values(row).execute();
}

export async function updateMembership(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
  changes: Updateable<MembershipsTable>,
) {
  await db
    .updateTable("memberships")
    .set(changes)
    .where("organisation_id", "=", organisationId)
    .where("user_id", "=", userId)
    .execute();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function selectMembers(
  db: Kysely<Database>,
  filter: { organisationId: string; active?: boolean; searchText?: string },
) {
  let query = db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .select([
      "memberships.user_id",
      "memberships.role",
      "memberships.rights",
      "memberships.active",
      "users.name",
      "users.email",
    ])
    .where("memberships.organisation_id", "=", filter.organisationId)
    .where("memberships.removed_at", "is", null);
  if (filter.active !== undefined) {
    query = query.where("memberships.active", "=", filter.active ? 1 : 0);
  }
  if (filter.searchText) {
    const pattern = `%${escapeLike(filter.searchText.toLowerCase())}%`;
    // SQLite has no default LIKE escape character; naming one works the same on both engines.
    query = query.where(
      sql<boolean>`(lower(users.name) like ${pattern} escape '\\' or lower(users.email) like ${pattern} escape '\\')`,
    );
  }
  return query.orderBy("users.name").orderBy("memberships.user_id").execute();
}

export function findUserContact(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("id", "=", userId)
    .executeTakeFirst();
}
