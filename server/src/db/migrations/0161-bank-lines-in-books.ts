import type { Kysely } from "kysely";

// Issue 40: a staged bank line the bookkeeper already entered by hand names the voucher it is
// (JSON: voucherId, voucherType, number, date), so the review shows it as already in books.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bank_import_entries").addColumn("in_books", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bank_import_entries").dropColumn("in_books").execute();
}
