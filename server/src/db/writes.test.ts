import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKind,
  testPostgresUrl,
} from "../../test/test-database.ts";
import { migrateToLatest } from "./migrate.ts";
import type { Database } from "./schema.ts";
import { HeldWrites, runWrites } from "./writes.ts";

// Decision 019: writes no read waits for go to PostgreSQL as one statement (within the parameter
// limit), and to SQLite one by one; either way each lands, in order.

let testDatabase: TestDatabase | undefined;
let db: Kysely<Database>;
const statements: string[] = [];
const log = (event: { level: string; query: { sql: string } }) => {
  if (event.level === "query") statements.push(event.query.sql);
};

beforeAll(async () => {
  if (testDatabaseKind() === "postgres") {
    testDatabase = await createTestDatabase("postgres");
    const pool = new pg.Pool({
      connectionString: testPostgresUrl(),
      max: 2,
      options: `-c search_path=${testDatabase.database.schema}`,
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  } else {
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(":memory:") }),
      log,
    });
    await migrateToLatest({ db, kind: "sqlite", schema: undefined, close: async () => {} });
  }
});

afterAll(async () => {
  await db.destroy();
  await testDatabase?.destroy();
});

const organisationId = "org-writes";

function postings(voucherId: string, count: number) {
  return db.insertInto("postings").values(
    Array.from({ length: count }, (_, index) => ({
      organisation_id: organisationId,
      voucher_id: voucherId,
      line_no: index + 1,
      voucher_type: "journalEntry",
      date: "2025-06-01",
      account_id: `account-${index % 7}`,
      amount_paise: index % 2 === 0 ? 100 : -100,
    })),
  );
}

function addToBalance(accountId: string, debit: number) {
  return db
    .insertInto("account_balances")
    .values({
      organisation_id: organisationId,
      account_id: accountId,
      month: "2025-06",
      debit_paise: debit,
      credit_paise: 0,
      posting_count: 1,
    })
    .onConflict((conflict) =>
      conflict.columns(["organisation_id", "account_id", "month"]).doUpdateSet((eb) => ({
        debit_paise: eb("account_balances.debit_paise", "+", eb.ref("excluded.debit_paise")),
        posting_count: eb("account_balances.posting_count", "+", eb.ref("excluded.posting_count")),
      })),
    );
}

const balanceOf = async (accountId: string) =>
  (
    await db
      .selectFrom("account_balances")
      .select(["debit_paise", "posting_count"])
      .where("organisation_id", "=", organisationId)
      .where("account_id", "=", accountId)
      .executeTakeFirstOrThrow()
  ).debit_paise;

const postingCount = async (voucherId: string) =>
  Number(
    (
      await db
        .selectFrom("postings")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("organisation_id", "=", organisationId)
        .where("voucher_id", "=", voucherId)
        .executeTakeFirstOrThrow()
    ).count,
  );

test("writes to different tables all land, in one PostgreSQL statement", async () => {
  statements.length = 0;
  await runWrites(db, [
    postings("v1", 3),
    addToBalance("cash", 500),
    db.deleteFrom("postings").where("voucher_id", "=", "nothing-here"),
  ]);
  expect(statements).toHaveLength(testDatabaseKind() === "postgres" ? 1 : 3);
  expect(await postingCount("v1")).toBe(3);
  expect(await balanceOf("cash")).toBe(500);
  // An upsert in a later call sees what the earlier one wrote.
  await runWrites(db, [addToBalance("cash", 250), postings("v2", 1)]);
  expect(await balanceOf("cash")).toBe(750);
});

test("writes beyond the parameter limit of one statement are split, none lost", async () => {
  statements.length = 0;
  // 12 inserts of 500 rows of 7 columns: 42,000 parameters, over PostgreSQL's 30,000 a statement.
  const writes = Array.from({ length: 12 }, (_, index) => postings(`bulk-${index}`, 500));
  await runWrites(db, writes);
  expect(statements).toHaveLength(testDatabaseKind() === "postgres" ? 2 : 12);
  for (let index = 0; index < 12; index += 1) expect(await postingCount(`bulk-${index}`)).toBe(500);
});

test("held writes wait for a flush, then land together", async () => {
  const held = new HeldWrites(db);
  held.hold([postings("held", 2), addToBalance("bank", 40)]);
  expect(await postingCount("held")).toBe(0);
  await held.flush();
  expect(await postingCount("held")).toBe(2);
  expect(await balanceOf("bank")).toBe(40);
  statements.length = 0;
  await held.flush();
  expect(statements).toHaveLength(0);
});

test("a failing write undoes its whole PostgreSQL statement; on SQLite its transaction must", async () => {
  await runWrites(db, [postings("unique", 1)]);
  const failing = runWrites(db, [addToBalance("suspense", 1), postings("unique", 1)]);
  await expect(failing).rejects.toMatchObject({
    code: testDatabaseKind() === "postgres" ? "23505" : "SQLITE_CONSTRAINT_PRIMARYKEY",
  });
  const suspense = await db
    .selectFrom("account_balances")
    .select("debit_paise")
    .where("account_id", "=", "suspense")
    .execute();
  // SQLite ran the first write on its own before the second failed; a transaction undoes it.
  expect(suspense).toHaveLength(testDatabaseKind() === "postgres" ? 0 : 1);
});
