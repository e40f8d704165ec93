import type { Kysely } from "kysely";

// Decision 057 (issue 20): what GSTR-3B's 3.1(a)/(b) and 3.2 take from an outward document
// besides its amounts, kept with its return facts, so that a month's 3.1 and 3.2 are summed at
// save time (gst_return_sums, group gstr3b) instead of from every document of the period. The
// rows written before this have the defaults: RETURN_FACTS_VERSION 4 rebuilds their months on read.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("gst_return_documents")
    .addColumn("zero_rated", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("gst_return_documents")
    .addColumn("reverse_charge", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  // 3.2a, 3.2b or 3.2c: an inter-state taxable supply to an unregistered person, a composition
  // dealer or a UIN holder; null otherwise.
  await db.schema.alterTable("gst_return_documents").addColumn("inter_sup", "text").execute();
  await db.schema
    .alterTable("gst_return_documents")
    .addColumn("pos", "text", (col) => col.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["pos", "inter_sup", "reverse_charge", "zero_rated"]) {
    await db.schema.alterTable("gst_return_documents").dropColumn(column).execute();
  }
}
