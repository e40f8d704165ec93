import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/test-database.ts";
import { inLockedBooks } from "./books-lock.ts";
import type { Database } from "./schema.ts";

// Decision 020: voucher writers of one organisation run one at a time, each in one transaction
// that commits all or nothing.

let testDatabase: TestDatabase;
let db: Kysely<Database>;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase.destroy());

/** The work of a writer: one posting, line `line` of a voucher of the organisation. */
function post(organisationId: string, line: number) {
  return (trx: Kysely<Database>) =>
    trx
      .insertInto("postings")
      .values({
        organisation_id: organisationId,
        voucher_id: "voucher-1",
        line_no: line,
        voucher_type: "journalEntry",
        date: "2025-06-01",
        account_id: "account-1",
        amount_paise: 100,
      })
      .execute();
}

function linesOf(organisationId: string) {
  return db
    .selectFrom("postings")
    .select("line_no")
    .where("organisation_id", "=", organisationId)
    .orderBy("line_no")
    .execute()
    .then((rows) => rows.map((row) => row.line_no));
}

test("what the work writes is committed, and its result returned", async () => {
  const result = await inLockedBooks(db, "org-commit", async (trx) => {
    await post("org-commit", 1)(trx);
    await post("org-commit", 2)(trx);
    return "done";
  });
  expect(result).toBe("done");
  expect(await linesOf("org-commit")).toEqual([1, 2]);
});

test("work that fails leaves nothing behind, and its own error reaches the caller", async () => {
  const failing = inLockedBooks(db, "org-rollback", async (trx) => {
    await post("org-rollback", 1)(trx);
    throw new Error("the amounts do not agree");
  });
  await expect(failing).rejects.toThrow("the amounts do not agree");
  expect(await linesOf("org-rollback")).toEqual([]);
});

test("an organisation id with a quote in it is a key like any other", async () => {
  await inLockedBooks(db, "org-o'brien", post("org-o'brien", 1));
  expect(await linesOf("org-o'brien")).toEqual([1]);
});

test("two writers of one organisation run one after the other", async () => {
  const events: string[] = [];
  let firstStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    firstStarted = resolve;
  });
  const first = inLockedBooks(db, "org-turns", async (trx) => {
    events.push("first in");
    firstStarted();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await post("org-turns", 1)(trx);
    events.push("first out");
  });
  await started;
  const second = inLockedBooks(db, "org-turns", async (trx) => {
    events.push("second in");
    await post("org-turns", 2)(trx);
  });
  await Promise.all([first, second]);
  expect(events).toEqual(["first in", "first out", "second in"]);
  expect(await linesOf("org-turns")).toEqual([1, 2]);
});

test("a failed statement the work swallowed: PostgreSQL commits nothing and says so", async () => {
  const outcome = inLockedBooks(db, "org-aborted", async (trx) => {
    await post("org-aborted", 1)(trx);
    // The same key again: a unique violation, caught here and not passed on.
    await post("org-aborted", 1)(trx).catch(() => undefined);
  });
  if (testDatabase.database.kind === "postgres") {
    // The failed statement aborted the transaction; its COMMIT is answered with ROLLBACK.
    await expect(outcome).rejects.toThrow("The transaction was rolled back.");
    expect(await linesOf("org-aborted")).toEqual([]);
  } else {
    // SQLite undoes the failed statement alone; the rest of the work commits.
    await outcome;
    expect(await linesOf("org-aborted")).toEqual([1]);
  }
});
