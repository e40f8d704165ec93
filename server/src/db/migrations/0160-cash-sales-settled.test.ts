import { findAccountGroup } from "@bahi/domain";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { expect, test } from "vitest";
import { up } from "./0160-cash-sales-settled.ts";

// Decision 351: sales and purchases to the Cash account or a bank, saved before, are settled; a
// credit sale, a deleted one and other types stay as they were.
test("settles the cash and bank parties' invoices and bills, and nothing else", async () => {
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new SQLite(":memory:") }),
  });
  await sql`create table accounts (organisation_id text, id text, group_id integer)`.execute(db);
  await sql`create table vouchers (organisation_id text, id text, type text, party_account_id text,
    pending_paise integer, status text, deleted_at text)`.execute(db);
  // Groups: Bank 1, Bank OD/CC 2, Cash 4, Debtors 8.
  await sql`insert into accounts values ('o', 'cash', 4), ('o', 'bank', 1), ('o', 'ravi', 8),
    ('p', 'cash', 8)`.execute(db);
  await sql`insert into vouchers values
    ('o', 'cash-sale', 'salesInvoice', 'cash', 799000, 'pending', null),
    ('o', 'bank-bill', 'purchases', 'bank', 50000, 'partial', null),
    ('o', 'credit-sale', 'salesInvoice', 'ravi', 100000, 'pending', null),
    ('o', 'deleted', 'salesInvoice', 'cash', 100000, 'pending', '2025-05-01'),
    ('o', 'quotation', 'quotation', 'cash', null, null, null),
    ('p', 'other-org', 'salesInvoice', 'cash', 100000, 'pending', null)`.execute(db);
  await up(db);
  const { rows } = await sql<{ id: string; pending_paise: number | null; status: string | null }>`
    select id, pending_paise, status from vouchers order by id`.execute(db);
  expect(rows).toEqual([
    { id: "bank-bill", pending_paise: 0, status: "paid" },
    { id: "cash-sale", pending_paise: 0, status: "received" },
    { id: "credit-sale", pending_paise: 100000, status: "pending" },
    { id: "deleted", pending_paise: 100000, status: "pending" },
    // Another organisation's account of that id is a debtor there.
    { id: "other-org", pending_paise: 100000, status: "pending" },
    { id: "quotation", pending_paise: null, status: null },
  ]);
  await db.destroy();
});

test("the group ids written out are the domain's Bank, Bank OD/CC and Cash", () => {
  expect(["Bank", "Bank OD/CC", "Cash"].map((name) => findAccountGroup(name)?.id)).toEqual([
    1, 2, 4,
  ]);
});
