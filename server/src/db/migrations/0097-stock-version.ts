import type { Kysely } from "kysely";

// Decision 028: a version of each organisation's stock, bumped by every change to a good or a stock
// movement, under which the weighted average valuation is kept. A table of its own, not a column
// of organisations: a save bumps it under the books lock, and transactions that hold the
// organisation row (a new master's name) may wait for that lock.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("stock_versions")
    .addColumn("organisation_id", "text", (col) => col.primaryKey().notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("stock_versions").execute();
}
