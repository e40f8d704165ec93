import type { Kysely } from "kysely";

// Issue 20: "ITC not eligible" (CGST s.17(5) blocked credit) on expense accounts and items. GSTR-3B
// reports the credit of their purchase lines in 4A and reverses it in 4B(1).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("accounts")
    .addColumn("itc_not_eligible", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("items")
    .addColumn("itc_not_eligible", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("items").dropColumn("itc_not_eligible").execute();
  await db.schema.alterTable("accounts").dropColumn("itc_not_eligible").execute();
}
