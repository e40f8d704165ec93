import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { insertRows } from "./plain-inserts.ts";
import type { Database, PostingsTable } from "./schema.ts";

// Issue 36: on SQLite insertRows sends the statement Kysely would have written, made without it.

let db: Kysely<Database>;
beforeAll(() => {
  db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
});
afterAll(() => db.destroy());

const posting = (line: number, amount: number, account: string | null): PostingsTable =>
  ({
    organisation_id: "org-1",
    voucher_id: "v-1",
    line_no: line,
    voucher_type: "journal",
    date: "2025-04-01",
    account_id: account,
    amount_paise: amount,
  }) as unknown as PostingsTable;

test("the statement and parameters are Kysely's own, for one row and for many", () => {
  for (const rows of [
    [posting(1, 100, "a")],
    [posting(1, 100, "a"), posting(2, -100, 'b"q'), posting(3, 0, null)],
  ]) {
    const ours = insertRows(db, "postings", rows).compile();
    const kysely = db.insertInto("postings").values(rows).compile();
    expect(ours.sql).toBe(kysely.sql);
    expect(ours.parameters).toEqual(kysely.parameters);
    expect("toOperationNode" in insertRows(db, "postings", rows)).toBe(false);
  }
});

test("rows that differ in their columns, or hold other values, go through Kysely", () => {
  const missing = { ...posting(2, 5, "b") } as Record<string, unknown>;
  delete missing.account_id;
  const undefinedValue = { ...posting(2, 5, "b"), account_id: undefined };
  for (const second of [missing, undefinedValue]) {
    const rows = [posting(1, 5, "a"), second as unknown as PostingsTable];
    const write = insertRows(db, "postings", rows);
    expect("toOperationNode" in write).toBe(true);
    expect(write.compile().sql).toBe(db.insertInto("postings").values(rows).compile().sql);
  }
});

test("the rows are written as given", async () => {
  await db.schema
    .createTable("plain_insert_probe")
    .addColumn("a", "text")
    .addColumn("b", "integer")
    .execute();
  const probe = db as unknown as Kysely<Record<string, { a: string | null; b: number | null }>>;
  const rows = [
    { a: "x", b: 1 },
    { a: null, b: 2 },
    { a: "z", b: null },
  ];
  await insertRows(
    probe as unknown as Kysely<Database>,
    "plain_insert_probe" as "postings",
    rows as never,
  ).execute();
  expect(await probe.selectFrom("plain_insert_probe").selectAll().orderBy("b").execute()).toEqual([
    { a: "z", b: null },
    { a: "x", b: 1 },
    { a: null, b: 2 },
  ]);
});
