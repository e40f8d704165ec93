import { type Kysely, sql } from "kysely";

// Decision 040: with inventory managed, the Closing Stock account's opening balance is the total of
// the live goods items' opening amounts (the items service keeps it so on every item save). Books
// made before this rule get it once here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update accounts set opening_balance_paise = (
      select coalesce(sum(items.opening_value_paise), 0) from items
      where items.organisation_id = accounts.organisation_id
        and items.type = 'goods' and items.deleted_at is null)
    where system_key = 'closingStock' and deleted_at is null
      and organisation_id in (select id from organisations where manage_inventory = 1)`.execute(db);
}

export async function down(): Promise<void> {
  // The figures typed before cannot be told apart from the derived ones; nothing to undo.
}
