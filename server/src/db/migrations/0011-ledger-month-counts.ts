import { type Kysely, sql } from "kysely";

// Found by the benchmark (bench/RESULTS.md, 1M vouchers). A ledger page of a busy account (30,000
// entries a year) counted and summed every entry of the range, and then walked the index up to the
// page: 28 ms a page. With each month's number of postings beside its debits and credits, the
// ledger finds the month a page starts in, and the balance before it, from the month rows, and
// reads entries only from the months the page spans.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("account_balances")
    .addColumn("posting_count", "bigint", (col) => col.notNull().defaultTo(0))
    .execute();
  // UPDATE … FROM: SQLite 3.33+ and PostgreSQL alike; one grouped pass over the postings.
  await sql`
    update account_balances set posting_count = counted.posting_count
    from (
      select organisation_id, account_id, substr(date, 1, 7) as month, count(*) as posting_count
      from postings
      group by organisation_id, account_id, substr(date, 1, 7)
    ) as counted
    where account_balances.organisation_id = counted.organisation_id
      and account_balances.account_id = counted.account_id
      and account_balances.month = counted.month
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("account_balances").dropColumn("posting_count").execute();
}
