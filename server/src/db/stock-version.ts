import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";
import type { Write } from "./writes.ts";

// An organisation's stock version (decision 028): bumped by every transaction that changes a good
// or a stock movement, so that a stock valuation kept under the old version
// (modules/items/stock-valuation-cache.ts) is no longer used. The bump is made under the books
// lock (db/books-lock.ts), as voucher saves make it, so that no two transactions can wait for each
// other on it.

/** The write that bumps the version: part of the changing transaction, under its books lock. */
export function buildStockVersionBump(db: Kysely<Database>, organisationId: string): Write {
  return db
    .insertInto("stock_versions")
    .values({ organisation_id: organisationId, version: 1 })
    .onConflict((conflict) =>
      conflict
        .column("organisation_id")
        .doUpdateSet((eb) => ({ version: eb("stock_versions.version", "+", 1) })),
    );
}

/** The organisation's stock version now: 0 before its first change. */
export async function readStockVersion(
  db: Kysely<Database>,
  organisationId: string,
): Promise<number> {
  const row = await db
    .selectFrom("stock_versions")
    .select("version")
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}
