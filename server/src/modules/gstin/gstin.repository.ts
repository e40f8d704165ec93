import type { Kysely } from "kysely";
import type { Database, GstinRecordsTable } from "../../db/schema.ts";

export type GstinRecordRow = GstinRecordsTable;

export function findGstinRecord(db: Kysely<Database>, organisationId: string, gstin: string) {
  return db
    .selectFrom("gstin_records")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("gstin", "=", gstin)
    .executeTakeFirst();
}

export function selectGstinRecords(db: Kysely<Database>, organisationId: string) {
  return db
    .selectFrom("gstin_records")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .orderBy("gstin")
    .execute();
}

/** Stores a lookup's answer; a display name given earlier is kept. */
export async function upsertGstinRecord(db: Kysely<Database>, row: GstinRecordRow): Promise<void> {
  const { organisation_id, gstin, display_name, ...looked } = row;
  await db
    .insertInto("gstin_records")
    .values(row)
    .onConflict((conflict) => conflict.columns(["organisation_id", "gstin"]).doUpdateSet(looked))
    .execute();
}

export async function updateGstinDisplayName(
  db: Kysely<Database>,
  organisationId: string,
  gstin: string,
  displayName: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("gstin_records")
    .set({ display_name: displayName, updated_at: at })
    .where("organisation_id", "=", organisationId)
    .where("gstin", "=", gstin)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
