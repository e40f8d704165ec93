import type { Kysely } from "kysely";

// A number repeats only within its nature of document (Table 13), so the save's repeat check
// groups by nature as well (RETURN_FACTS_VERSION 5). The index it walks must then carry the
// nature: without it SQLite chose the period index and read the whole financial year on every
// save (150 ms at 1M vouchers) instead of the few documents of that number.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("gst_return_documents_repeats").execute();
  await db.schema
    .createIndex("gst_return_documents_repeats")
    .on("gst_return_documents")
    .columns(["organisation_id", "number_upper", "date", "nature"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("gst_return_documents_repeats").execute();
  await db.schema
    .createIndex("gst_return_documents_repeats")
    .on("gst_return_documents")
    .columns(["organisation_id", "number_upper", "date"])
    .execute();
}
