import type { Kysely } from "kysely";

// Issue 39, decision 400: the organisation's TAN (the statement, the certificate and the challan
// are made out against it); when a deduction's tax was deductible, for the challan's interest on
// late deduction (s.201(1A)(i)); and the section whose credits an account's TDS facts were last
// brought up to date for, so credits saved before the account had that section are counted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("organisations").addColumn("tan", "text").execute();
  await db.schema.alterTable("tds_entries").addColumn("deductible_on", "text").execute();
  await db.schema.alterTable("accounts").addColumn("tds_facts_section", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("accounts").dropColumn("tds_facts_section").execute();
  await db.schema.alterTable("tds_entries").dropColumn("deductible_on").execute();
  await db.schema.alterTable("organisations").dropColumn("tan").execute();
}
