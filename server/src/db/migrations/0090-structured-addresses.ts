import type { Kysely } from "kysely";

// Issue 24: the IRP and the e-way bill portal need a place and a pincode for every address. The
// free-text addresses stay; the organisation's and each party's billing and shipping addresses
// gain a city and a 6-digit pincode beside them.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["billing_city", "billing_pincode"]) {
    await db.schema.alterTable("organisations").addColumn(column, "text").execute();
  }
  for (const column of ["billing_city", "billing_pincode", "shipping_city", "shipping_pincode"]) {
    await db.schema.alterTable("accounts").addColumn(column, "text").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["billing_city", "billing_pincode", "shipping_city", "shipping_pincode"]) {
    await db.schema.alterTable("accounts").dropColumn(column).execute();
  }
  for (const column of ["billing_city", "billing_pincode"]) {
    await db.schema.alterTable("organisations").dropColumn(column).execute();
  }
}
