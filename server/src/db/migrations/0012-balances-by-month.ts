import type { Kysely } from "kysely";

// Found by the benchmark (bench/RESULTS.md, fifth session). Opening balances sum every account's
// months before the year ("month < year start" for all accounts), and the trial balance the
// year's months of all accounts. The primary key leads with the account, so both read every
// month the organisation ever kept and filtered them: a sequential scan of the table on
// PostgreSQL. Keyed by month, they read only the months they sum. The amounts are left out of the
// key on purpose: a save updates them in place, which then touches no index (PostgreSQL's HOT
// updates; SQLite rewrites only the indexes whose columns change).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("account_balances_month")
    .on("account_balances")
    .columns(["organisation_id", "month"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("account_balances_month").execute();
}
