import type { Kysely } from "kysely";
import type { ApiKeysTable, Database } from "../../db/schema.ts";

export async function insertApiKey(db: Kysely<Database>, row: ApiKeysTable) {
  await db.insertInto("api_keys").values(row).execute();
}

export function findLiveApiKey(db: Kysely<Database>, organisationId: string) {
  return db
    .selectFrom("api_keys")
    .select(["id", "key_prefix", "created_at", "created_by_user_id"])
    .where("organisation_id", "=", organisationId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Retires the organisation's live key; true when there was one. */
export async function retireApiKeysOfOrganisation(
  db: Kysely<Database>,
  organisationId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("api_keys")
    .set({ deleted_at: at })
    .where("organisation_id", "=", organisationId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
