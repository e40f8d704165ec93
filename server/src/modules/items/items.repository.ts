import { type Kysely, sql, type Updateable } from "kysely";
import type { Database, ItemsTable } from "../../db/schema.ts";
import { documentNames } from "../accounts/accounts.repository.ts";

export type ItemRow = ItemsTable;

export function findItem(db: Kysely<Database>, organisationId: string, id: string) {
  return db
    .selectFrom("items")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .executeTakeFirst();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function selectItems(
  db: Kysely<Database>,
  filter: {
    organisationId: string;
    active?: boolean | undefined;
    type?: string | undefined;
    searchText?: string | undefined;
  },
) {
  let query = db
    .selectFrom("items")
    .selectAll()
    .where("organisation_id", "=", filter.organisationId)
    .where("deleted_at", "is", null);
  if (filter.active !== undefined) query = query.where("active", "=", filter.active ? 1 : 0);
  if (filter.type) query = query.where("type", "=", filter.type as ItemRow["type"]);
  if (filter.searchText) {
    const pattern = `%${escapeLike(filter.searchText.toLowerCase())}%`;
    // SQLite has no default LIKE escape character; naming one works the same on both engines.
    query = query.where(
      sql<boolean>`(name_key like ${pattern} escape '\\' or lower(coalesce(description, '')) like ${pattern} escape '\\' or coalesce(hsn_code, '') like ${pattern} escape '\\' or coalesce(sac_code, '') like ${pattern} escape '\\')`,
    );
  }
  return query.orderBy("name_key").orderBy("id").execute();
}

export async function insertItem(db: Kysely<Database>, row: ItemRow) {
  await db.insertInto("items").values(row).execute();
}

/** Updates an item only if it is still at `expectedVersion`; false when someone saved first. */
export async function updateItemAtVersion(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  expectedVersion: number,
  changes: Updateable<ItemsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("items")
    .set(changes)
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Live vouchers that use an item: its stock movements (only live vouchers keep any) or any line
 * naming it in the stored document (services, quotations and orders move no stock).
 */
export async function findItemUsage(db: Kysely<Database>, organisationId: string, id: string) {
  const using = db
    .selectFrom("vouchers")
    .where("vouchers.organisation_id", "=", organisationId)
    .where("vouchers.deleted_at", "is", null)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("stock_movements")
            .select(sql`1`.as("one"))
            .whereRef("stock_movements.organisation_id", "=", "vouchers.organisation_id")
            .whereRef("stock_movements.voucher_id", "=", "vouchers.id")
            .where("stock_movements.item_id", "=", id),
        ),
        documentNames(id),
      ]),
    );
  const [first, total] = await Promise.all([
    using
      .select(["vouchers.type", "vouchers.number"])
      .orderBy("vouchers.date")
      .orderBy("vouchers.id")
      .limit(1)
      .executeTakeFirst(),
    using.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { first, count: Number(total.count) };
}

/** Items by id, deleted ones too: a document printed later still names what it sold. */
export function findItemsByIds(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
) {
  return db
    .selectFrom("items")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "in", ids)
    .execute();
}

/** Σ the opening amounts of the live goods items: the books' opening stock (decision 040). */
export async function sumOpeningStockValue(
  db: Kysely<Database>,
  organisationId: string,
): Promise<number> {
  const row = await db
    .selectFrom("items")
    .select(sql<number>`coalesce(sum(opening_value_paise), 0)`.as("total"))
    .where("organisation_id", "=", organisationId)
    .where("type", "=", "goods")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
