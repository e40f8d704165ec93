import type { Insertable, Kysely } from "kysely";
import type { Database, Gstr2bDocumentsTable, Gstr2bImportsTable } from "../../db/schema.ts";

export interface PurchaseVoucherRow {
  id: string;
  type: string;
  date: string;
  number: string;
  party_name: string | null;
  amount_paise: number;
  document: string;
}

const VOUCHER_COLUMNS = [
  "id",
  "type",
  "date",
  "number",
  "party_name",
  "amount_paise",
  "document",
] as const;

/** Live purchase-side vouchers dated in the period, by date and number. */
export function listPurchaseVouchers(
  db: Kysely<Database>,
  organisationId: string,
  year: string,
  types: readonly string[],
  startDate: string,
  endDate: string,
): Promise<PurchaseVoucherRow[]> {
  return db
    .selectFrom("vouchers")
    .select(VOUCHER_COLUMNS)
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("year", "=", year)
    .where("date", ">=", startDate)
    .where("date", "<=", endDate)
    .where("deleted_at", "is", null)
    .orderBy("date")
    .orderBy("number_key")
    .orderBy("id")
    .execute();
}

/** Live purchase-side vouchers by id (bills linked from 2B documents of another period). */
export async function findPurchaseVouchers(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly string[],
  ids: readonly string[],
): Promise<PurchaseVoucherRow[]> {
  const rows: PurchaseVoucherRow[] = [];
  for (let start = 0; start < ids.length; start += 500) {
    rows.push(
      ...(await db
        .selectFrom("vouchers")
        .select(VOUCHER_COLUMNS)
        .where("organisation_id", "=", organisationId)
        .where("type", "in", [...types])
        .where("id", "in", ids.slice(start, start + 500))
        .where("deleted_at", "is", null)
        .execute()),
    );
  }
  return rows;
}

export type DocumentRow = Gstr2bDocumentsTable;

/** The 2B documents of the months starting in [startDate, endDate]. */
export function listDocumentsOfMonths(
  db: Kysely<Database>,
  organisationId: string,
  startDate: string,
  endDate: string,
): Promise<DocumentRow[]> {
  return db
    .selectFrom("gstr2b_documents")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("start_date", ">=", startDate)
    .where("start_date", "<=", endDate)
    .orderBy("start_date")
    .orderBy("supplier_gstin")
    .orderBy("date")
    .orderBy("number")
    .orderBy("id")
    .execute();
}

/** Documents of other months that the user linked to these bills. */
export async function listDocumentsLinkedTo(
  db: Kysely<Database>,
  organisationId: string,
  entryIds: readonly string[],
): Promise<DocumentRow[]> {
  const rows: DocumentRow[] = [];
  for (let start = 0; start < entryIds.length; start += 500) {
    rows.push(
      ...(await db
        .selectFrom("gstr2b_documents")
        .selectAll()
        .where("organisation_id", "=", organisationId)
        .where("link_entry_id", "in", entryIds.slice(start, start + 500))
        .where("link_kind", "in", ["manual", "accepted"])
        .execute()),
    );
  }
  return rows;
}

/**
 * The 2B credit documents (credit notes, ISD credit notes) of the months starting in
 * [startDate, endDate], for telling which of the books' notes of those months found their 2B.
 */
export function listCreditDocumentsOfMonths(
  db: Kysely<Database>,
  organisationId: string,
  startDate: string,
  endDate: string,
): Promise<DocumentRow[]> {
  return db
    .selectFrom("gstr2b_documents")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("start_date", ">=", startDate)
    .where("start_date", "<=", endDate)
    .where("side", "=", "credit")
    .orderBy("start_date")
    .orderBy("id")
    .execute();
}

export function findDocument(db: Kysely<Database>, organisationId: string, id: string) {
  return db
    .selectFrom("gstr2b_documents")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The document another link already holds this bill with, if any. */
export function findDocumentLinkedTo(
  db: Kysely<Database>,
  organisationId: string,
  entryId: string,
) {
  return db
    .selectFrom("gstr2b_documents")
    .select(["id", "number", "supplier_gstin"])
    .where("organisation_id", "=", organisationId)
    .where("link_entry_id", "=", entryId)
    .where("link_kind", "in", ["manual", "accepted"])
    .executeTakeFirst();
}

export function updateDocumentLink(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  link: Pick<Gstr2bDocumentsTable, "link_entry_id" | "link_kind" | "linked_at" | "linked_by">,
) {
  return db
    .updateTable("gstr2b_documents")
    .set(link)
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .execute();
}

export function listImportsOfMonths(
  db: Kysely<Database>,
  organisationId: string,
  startDate: string,
  endDate: string,
) {
  return db
    .selectFrom("gstr2b_imports")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("start_date", ">=", startDate)
    .where("start_date", "<=", endDate)
    .orderBy("start_date")
    .execute();
}

/** Replace a month's 2B: its import and documents go, the new ones come in. */
export async function replaceMonth(
  db: Kysely<Database>,
  organisationId: string,
  startDate: string,
  importRow: Insertable<Gstr2bImportsTable>,
  documents: readonly Insertable<Gstr2bDocumentsTable>[],
) {
  await db
    .deleteFrom("gstr2b_documents")
    .where("organisation_id", "=", organisationId)
    .where("start_date", "=", startDate)
    .execute();
  await db
    .deleteFrom("gstr2b_imports")
    .where("organisation_id", "=", organisationId)
    .where("start_date", "=", startDate)
    .execute();
  await db.insertInto("gstr2b_imports").values(importRow).execute();
  // 36 columns a row: 200 rows stay under SQLite's and PostgreSQL's parameter limits.
  for (let start = 0; start < documents.length; start += 200) {
    await db
      .insertInto("gstr2b_documents")
      .values(documents.slice(start, start + 200))
      .execute();
  }
}
