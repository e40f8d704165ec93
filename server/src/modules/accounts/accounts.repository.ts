import { type Kysely, sql, type Updateable } from "kysely";
import type { AccountsTable, Database } from "../../db/schema.ts";

export type AccountRow = AccountsTable;

export function findAccount(db: Kysely<Database>, organisationId: string, id: string) {
  return db
    .selectFrom("accounts")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export function findLiveAccountsByIds(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("accounts")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "in", ids)
    .where("deleted_at", "is", null)
    .execute();
}

export function selectAccounts(
  db: Kysely<Database>,
  filter: { organisationId: string; active?: boolean | undefined; groupIds?: readonly number[] },
) {
  let query = db
    .selectFrom("accounts")
    .selectAll()
    .where("organisation_id", "=", filter.organisationId)
    .where("deleted_at", "is", null);
  if (filter.active !== undefined) query = query.where("active", "=", filter.active ? 1 : 0);
  if (filter.groupIds) query = query.where("group_id", "in", filter.groupIds);
  return query.orderBy("name_key").orderBy("id").execute();
}

/** Every live account's facts for ledger/balances.ts. */
export async function selectAccountFacts(db: Kysely<Database>, organisationId: string) {
  const rows = await db
    .selectFrom("accounts")
    .select(["id", "name", "group_id", "system_key", "opening_balance_paise"])
    .where("organisation_id", "=", organisationId)
    .where("deleted_at", "is", null)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    groupId: row.group_id,
    systemKey: row.system_key,
    openingBalancePaise: row.opening_balance_paise,
  }));
}

export function findLiveAccountByGstin(
  db: Kysely<Database>,
  organisationId: string,
  gstin: string,
  exceptId?: string,
) {
  let query = db
    .selectFrom("accounts")
    .select(["id", "name"])
    .where("organisation_id", "=", organisationId)
    .where("gstin", "=", gstin)
    .where("deleted_at", "is", null);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return query.orderBy("name_key").limit(1).executeTakeFirst();
}

export async function insertAccount(db: Kysely<Database>, row: AccountRow) {
  await db.insertInto("accounts").values(row).execute();
}

/** Updates an account only if it is still at `expectedVersion`; false when someone saved first. */
export async function updateAccountAtVersion(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  expectedVersion: number,
  changes: Updateable<AccountsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("accounts")
    .set(changes)
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A live voucher's document naming the id as a JSON string value (ids are UUIDs). */
export function documentNames(id: string) {
  return sql<boolean>`vouchers.document like ${`%"${escapeLike(id)}"%`} escape '\\'`;
}

/**
 * Live vouchers that use an account: its postings (only live vouchers have any), its party, or any
 * mention in the stored document (account lines of quotations and orders, which post nothing).
 */
export async function findAccountUsage(db: Kysely<Database>, organisationId: string, id: string) {
  const using = db
    .selectFrom("vouchers")
    .where("vouchers.organisation_id", "=", organisationId)
    .where("vouchers.deleted_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("vouchers.party_account_id", "=", id),
        eb.exists(
          eb
            .selectFrom("postings")
            .select(sql`1`.as("one"))
            .whereRef("postings.organisation_id", "=", "vouchers.organisation_id")
            .whereRef("postings.voucher_id", "=", "vouchers.id")
            .where("postings.account_id", "=", id),
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

export async function hasClosingStock(db: Kysely<Database>, organisationId: string, id: string) {
  const row = await db
    .selectFrom("closing_stock")
    .select("month")
    .where("organisation_id", "=", organisationId)
    .where("account_id", "=", id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Σ debit and Σ credit opening balances of the live accounts. */
export async function sumOpeningBalances(db: Kysely<Database>, organisationId: string) {
  const row = await db
    .selectFrom("accounts")
    .select([
      sql<number>`coalesce(sum(case when opening_balance_paise > 0 then opening_balance_paise else 0 end), 0)`.as(
        "debit",
      ),
      sql<number>`coalesce(sum(case when opening_balance_paise < 0 then -opening_balance_paise else 0 end), 0)`.as(
        "credit",
      ),
    ])
    .where("organisation_id", "=", organisationId)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return { debitPaise: Number(row.debit), creditPaise: Number(row.credit) };
}

/** The organisation's Closing Stock system account, live. */
export function findClosingStockAccount(db: Kysely<Database>, organisationId: string) {
  return db
    .selectFrom("accounts")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("system_key", "=", "closingStock")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}
