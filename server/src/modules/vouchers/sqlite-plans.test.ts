import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterEach, expect, test } from "vitest";
import { migrateToLatest } from "../../db/migrate.ts";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { loadVoucherContext } from "./voucher-context.ts";
import { findUsedNumbers, refreshInvoiceStatuses } from "./vouchers.repository.ts";

// Decision 017: without statistics SQLite takes `organisation_id = ?` for a narrow match and,
// given the chance, walks an index that starts with it instead of looking ids up. Plans without
// statistics do not depend on the data, so an empty file shows the plan a million vouchers get.

let sqlite: SQLite.Database;
afterEach(() => sqlite.close());

async function recordingDatabase() {
  sqlite = new SQLite(":memory:");
  const statements: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === "query") statements.push(event.query);
    },
  });
  await migrateToLatest({ db, kind: "sqlite", schema: undefined, close: async () => {} });
  statements.length = 0;
  return { db, statements };
}

function planOf(statement: { sql: string; parameters: readonly unknown[] }): string[] {
  return (
    sqlite.prepare(`explain query plan ${statement.sql}`).all(...statement.parameters) as {
      detail: string;
    }[]
  ).map((row) => row.detail);
}

test("invoice statuses are read and updated through the vouchers' primary key", async () => {
  const { db, statements } = await recordingDatabase();
  sqlite.pragma("foreign_keys = OFF");
  const voucher = (id: string, type: string, pending: number | null) =>
    sqlite
      .prepare(
        `insert into vouchers (organisation_id, id, type, year, date, number, number_key,
           amount_paise, pending_paise, status, search_text, document, version, created_at, updated_at)
         values ('org', ?, ?, '2025-26', '2025-05-01', ?, ?, 1000, ?, ?, '', '{}', 1, '', '')`,
      )
      .run(id, type, id, id, pending, pending === null ? null : "pending");
  voucher("i1", "salesInvoice", 1000);
  voucher("i2", "purchases", 1000);
  voucher("r1", "receipts", null);
  let line = 0;
  const allocate = (invoiceId: string, paise: number) =>
    sqlite
      .prepare(
        "insert into bill_allocations (organisation_id, voucher_id, line_no, invoice_id, amount_paise) values ('org', 'x', ?, ?, ?)",
      )
      .run(++line, invoiceId, paise);
  allocate("i1", 400);
  allocate("i2", 1000);
  allocate("r1", 100);
  await refreshInvoiceStatuses(db, "org", ["i1", "i2", "r1"]);

  const onVouchers = statements.filter((statement) => /\bvouchers\b/.test(statement.sql));
  expect(onVouchers.map((statement) => statement.sql.split(" ")[0])).toEqual(["select", "update"]);
  for (const statement of onVouchers) {
    const plan = planOf(statement).filter((line) => /\bvouchers\b/.test(line));
    expect(plan, statement.sql).toEqual([
      "SEARCH vouchers USING INDEX sqlite_autoindex_vouchers_1 (organisation_id=? AND id=?)",
    ]);
  }
  // And the statuses follow; the receipt, not an invoice, is left alone.
  expect(
    sqlite.prepare("select id, pending_paise, status from vouchers order by id").all(),
  ).toEqual([
    { id: "i1", pending_paise: 600, status: "partial" },
    { id: "i2", pending_paise: 0, status: "paid" },
    { id: "r1", pending_paise: null, status: null },
  ]);
});

test("a save reads its system accounts and the ones it names in one statement, through indexes", async () => {
  const { db, statements } = await recordingDatabase();
  const organisation = { id: "org", state_code: "27" } as OrganisationsTable;
  await loadVoucherContext(db, organisation, [{ cashOrDebtorAccountId: "a1", itemId: "i1" }]).catch(
    // No system accounts in an empty file: the read is what is under test, not its result.
    () => undefined,
  );
  const onAccounts = statements.filter((statement) => /\baccounts\b/.test(statement.sql));
  expect(onAccounts).toHaveLength(1);
  expect(planOf(onAccounts[0] as (typeof onAccounts)[number])).toEqual([
    "COMPOUND QUERY",
    "LEFT-MOST SUBQUERY",
    "SEARCH accounts USING INDEX accounts_system_key (organisation_id=? AND system_key>?)",
    "UNION ALL",
    "SEARCH accounts USING INDEX sqlite_autoindex_accounts_1 (organisation_id=? AND id=?)",
  ]);
});

test("the numbers a batch types are looked up in the unique index, not by walking the series", async () => {
  // Issue 36: SQLite took vouchers_list (organisation, type, year, deleted) for the IN list and
  // read every voucher of the series, so each imported batch cost more than the one before.
  const { db, statements } = await recordingDatabase();
  sqlite.pragma("foreign_keys = OFF");
  const insert = sqlite.prepare(
    `insert into vouchers (organisation_id, id, type, year, date, number, number_key,
       amount_paise, search_text, document, version, created_at, updated_at)
     values ('org', ?, 'salesInvoice', '2025-26', '2025-05-01', ?, ?, 1000, '', '{}', 1, '', '')`,
  );
  for (let index = 1; index <= 50; index += 1) insert.run(`v${index}`, `S-${index}`, `S-${index}`);
  const used = await findUsedNumbers(db, "org", "salesInvoice", "2025-26", ["S-7", "S-70", "S-49"]);
  expect([...used]).toEqual([
    ["S-49", "v49"],
    ["S-7", "v7"],
  ]);
  const lookup = statements.find((statement) => /\bnumber\b" in/.test(statement.sql));
  expect(planOf(lookup as (typeof statements)[number])).toEqual([
    "SEARCH vouchers USING INDEX vouchers_number_unique (organisation_id=? AND type=? AND year=? AND number=?)",
  ]);
});
