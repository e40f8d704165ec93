import type { Kysely } from "kysely";
import type { Database, DocumentLinksTable } from "../../db/schema.ts";

export async function insertDocumentLink(db: Kysely<Database>, row: DocumentLinksTable) {
  await db.insertInto("document_links").values(row).execute();
}

export async function findLinkByTokenHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("document_links")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

export async function recordLinkOpened(
  db: Kysely<Database>,
  link: { organisationId: string; id: string },
  at: string,
) {
  await db
    .updateTable("document_links")
    .set((eb) => ({ last_opened_at: at, open_count: eb("open_count", "+", 1) }))
    .where("organisation_id", "=", link.organisationId)
    .where("id", "=", link.id)
    .execute();
}

export async function findLink(db: Kysely<Database>, organisationId: string, id: string) {
  return db
    .selectFrom("document_links")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function listLinksOfDocument(
  db: Kysely<Database>,
  organisationId: string,
  entryId: string,
) {
  return db
    .selectFrom("document_links")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("entry_id", "=", entryId)
    .orderBy("created_at", "desc")
    .execute();
}

/** Revokes the live links among `ids`; the number revoked. */
export async function revokeLinks(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
  by: { userId: string; at: string },
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable("document_links")
    .set({ revoked_at: by.at, revoked_by: by.userId })
    .where("organisation_id", "=", organisationId)
    .where("id", "in", ids)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
