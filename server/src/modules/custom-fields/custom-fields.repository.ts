import { type Kysely, sql, type Updateable } from "kysely";
import type { CustomFieldsTable, Database } from "../../db/schema.ts";

export type CustomFieldRow = CustomFieldsTable;

export function findCustomField(db: Kysely<Database>, organisationId: string, id: string) {
  return db
    .selectFrom("custom_fields")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Live and deleted alike: a record may keep the value of a field deleted since. */
export function findCustomFieldsByIds(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("custom_fields")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "in", ids)
    .execute();
}

export function findLiveCustomFieldByName(
  db: Kysely<Database>,
  organisationId: string,
  applicableFor: string,
  nameKey: string,
) {
  return db
    .selectFrom("custom_fields")
    .select(["id"])
    .where("organisation_id", "=", organisationId)
    .where("applicable_for", "=", applicableFor)
    .where("name_key", "=", nameKey)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export interface CustomFieldFilter {
  organisationId: string;
  active?: boolean | undefined;
  searchText?: string | undefined;
  applicableFor?: readonly string[] | undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function filteredCustomFields(db: Kysely<Database>, filter: CustomFieldFilter) {
  let query = db
    .selectFrom("custom_fields")
    .where("organisation_id", "=", filter.organisationId)
    .where("deleted_at", "is", null);
  if (filter.active !== undefined) query = query.where("active", "=", filter.active ? 1 : 0);
  if (filter.applicableFor && filter.applicableFor.length > 0) {
    query = query.where("applicable_for", "in", filter.applicableFor);
  }
  if (filter.searchText) {
    const pattern = `%${escapeLike(filter.searchText.toLowerCase())}%`;
    // SQLite has no default LIKE escape character; naming one works the same on both engines.
    query = query.where(
      sql<boolean>`(lower(name) like ${pattern} escape '\\' or lower(coalesce(description, '')) like ${pattern} escape '\\')`,
    );
  }
  return query;
}

export function selectCustomFields(
  db: Kysely<Database>,
  filter: CustomFieldFilter,
  page: { skip: number; limit: number },
) {
  return filteredCustomFields(db, filter)
    .selectAll()
    .orderBy("name_key")
    .orderBy("id")
    .limit(page.limit)
    .offset(page.skip)
    .execute();
}

export async function countCustomFields(db: Kysely<Database>, filter: CustomFieldFilter) {
  const row = await filteredCustomFields(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertCustomField(db: Kysely<Database>, row: CustomFieldRow) {
  await db.insertInto("custom_fields").values(row).execute();
}

/** Updates a field only if it is still at `expectedVersion`; false when someone saved first. */
export async function updateCustomFieldAtVersion(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  expectedVersion: number,
  changes: Updateable<CustomFieldsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("custom_fields")
    .set(changes)
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
