import { type Kysely, sql } from "kysely";
import type { ChangeEventsTable, Database, MasterVersionsTable } from "../../db/schema.ts";

// SQL shared by the masters (accounts, items, custom fields): their versions, change events and
// the one name space of accounts and items.

export async function insertMasterVersions(
  db: Kysely<Database>,
  rows: readonly MasterVersionsTable[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto("master_versions")
      .values([...rows])
      .execute();
}

export async function insertChangeEvents(
  db: Kysely<Database>,
  rows: readonly ChangeEventsTable[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto("change_events")
      .values([...rows])
      .execute();
}

/** The stored documents of these records at these versions (the trail's "before", decision 310). */
export async function selectMasterDocuments(
  db: Kysely<Database>,
  organisationId: string,
  wanted: readonly {
    entityType: MasterVersionsTable["entity_type"];
    entityId: string;
    version: number;
  }[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const chunk = wanted.slice(i, i + 500);
    const rows = await db
      .selectFrom("master_versions")
      .select(["entity_type", "entity_id", "version", "document"])
      .where("organisation_id", "=", organisationId)
      .where("entity_id", "in", [...new Set(chunk.map((item) => item.entityId))])
      .where("version", "in", [...new Set(chunk.map((item) => item.version))])
      .execute();
    for (const row of rows)
      found.set(`${row.entity_type}|${row.entity_id}|${Number(row.version)}`, row.document);
  }
  return found;
}

/** A record's versions, oldest first, with the name of who saved each. */
export function selectMasterVersions(
  db: Kysely<Database>,
  organisationId: string,
  entityType: MasterVersionsTable["entity_type"],
  entityId: string,
) {
  return db
    .selectFrom("master_versions")
    .leftJoin("users", "users.id", "master_versions.user_id")
    .select([
      "master_versions.version",
      "master_versions.action",
      "master_versions.created_at",
      "users.name as user_name",
    ])
    .where("master_versions.organisation_id", "=", organisationId)
    .where("master_versions.entity_type", "=", entityType)
    .where("master_versions.entity_id", "=", entityId)
    .orderBy("master_versions.version")
    .execute();
}

/** The live account or item whose name key is `nameKey`, other than the record `exceptId`. */
export async function findLiveNameHolder(
  db: Kysely<Database>,
  organisationId: string,
  nameKey: string,
  except?: { kind?: "account" | "item"; id: string },
): Promise<{ kind: "account" | "item"; id: string } | undefined> {
  let accounts = db
    .selectFrom("accounts")
    .select(["id", sql<string>`'account'`.as("kind")])
    .where("organisation_id", "=", organisationId)
    .where("name_key", "=", nameKey)
    .where("deleted_at", "is", null);
  if (except && except.kind !== "item") accounts = accounts.where("id", "!=", except.id);
  let items = db
    .selectFrom("items")
    .select(["id", sql<string>`'item'`.as("kind")])
    .where("organisation_id", "=", organisationId)
    .where("name_key", "=", nameKey)
    .where("deleted_at", "is", null);
  if (except && except.kind !== "account") items = items.where("id", "!=", except.id);
  const row = await accounts.unionAll(items).limit(1).executeTakeFirst();
  return row ? { kind: row.kind as "account" | "item", id: row.id } : undefined;
}

/**
 * A no-op UPDATE of the organisation row: on PostgreSQL it takes the row's lock until the
 * transaction ends; SQLite has one writer anyway.
 */
export async function lockOrganisationRow(
  trx: Kysely<Database>,
  organisationId: string,
): Promise<void> {
  await trx
    .updateTable("organisations")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("id", "=", organisationId)
    .execute();
}
