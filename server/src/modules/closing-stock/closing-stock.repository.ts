import type { Kysely } from "kysely";
import type { ClosingStockTable, Database } from "../../db/schema.ts";

export function selectClosingStock(
  db: Kysely<Database>,
  organisationId: string,
  accountIds: readonly string[],
  months: readonly string[],
) {
  if (accountIds.length === 0 || months.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("closing_stock")
    .select(["account_id", "month", "value_paise"])
    .where("organisation_id", "=", organisationId)
    .where("account_id", "in", accountIds)
    .where("month", "in", months)
    .execute();
}

export async function upsertClosingStock(db: Kysely<Database>, rows: readonly ClosingStockTable[]) {
  if (rows.length === 0) return;
  await db
    .insertInto("closing_stock")
    .values([...rows])
    .onConflict((conflict) =>
      conflict.columns(["organisation_id", "account_id", "month"]).doUpdateSet((eb) => ({
        value_paise: eb.ref("excluded.value_paise"),
        updated_at: eb.ref("excluded.updated_at"),
        updated_by_user_id: eb.ref("excluded.updated_by_user_id"),
      })),
    )
    .execute();
}

export async function deleteClosingStock(
  db: Kysely<Database>,
  organisationId: string,
  accountId: string,
  months: readonly string[],
) {
  if (months.length === 0) return;
  await db
    .deleteFrom("closing_stock")
    .where("organisation_id", "=", organisationId)
    .where("account_id", "=", accountId)
    .where("month", "in", months)
    .execute();
}
