import type { Kysely, Updateable } from "kysely";
import type { Database, MessageTemplatesTable } from "../../db/schema.ts";

export type TemplateRow = MessageTemplatesTable;
export type Channel = TemplateRow["channel"];

export function findTemplate(
  db: Kysely<Database>,
  organisationId: string,
  channel: Channel,
  id: string,
) {
  return db
    .selectFrom("message_templates")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("channel", "=", channel)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export function findTemplateByName(
  db: Kysely<Database>,
  organisationId: string,
  channel: Channel,
  type: string,
  nameKey: string,
) {
  return db
    .selectFrom("message_templates")
    .select(["id"])
    .where("organisation_id", "=", organisationId)
    .where("channel", "=", channel)
    .where("type", "=", type)
    .where("name_key", "=", nameKey)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

function live(db: Kysely<Database>, organisationId: string, channel: Channel, type?: string) {
  let query = db
    .selectFrom("message_templates")
    .where("organisation_id", "=", organisationId)
    .where("channel", "=", channel)
    .where("deleted_at", "is", null);
  if (type) query = query.where("type", "=", type);
  return query;
}

export function selectTemplates(
  db: Kysely<Database>,
  filter: { organisationId: string; channel: Channel; type?: string | undefined },
  page: { skip: number; limit: number },
) {
  return (
    live(db, filter.organisationId, filter.channel, filter.type)
      .selectAll()
      // By name, then id: one order on both engines, call after call (issue 37).
      .orderBy("name", "asc")
      .orderBy("id", "asc")
      .offset(page.skip)
      .limit(page.limit)
      .execute()
  );
}

export async function countTemplates(
  db: Kysely<Database>,
  filter: { organisationId: string; channel: Channel; type?: string | undefined },
) {
  const row = await live(db, filter.organisationId, filter.channel, filter.type)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertTemplate(db: Kysely<Database>, row: TemplateRow) {
  await db.insertInto("message_templates").values(row).execute();
}

export async function updateTemplateAtVersion(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  version: number,
  changes: Updateable<MessageTemplatesTable>,
) {
  const result = await db
    .updateTable("message_templates")
    .set(changes)
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .where("version", "=", version)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The type's default goes to another template (or none): every other live one of the type loses it. */
export async function clearDefaults(
  db: Kysely<Database>,
  filter: { organisationId: string; channel: Channel; type: string; exceptId: string },
  updatedAt: string,
) {
  await db
    .updateTable("message_templates")
    .set((eb) => ({ is_default: 0, version: eb("version", "+", 1), updated_at: updatedAt }))
    .where("organisation_id", "=", filter.organisationId)
    .where("channel", "=", filter.channel)
    .where("type", "=", filter.type)
    .where("is_default", "=", 1)
    .where("id", "!=", filter.exceptId)
    .where("deleted_at", "is", null)
    .execute();
}
