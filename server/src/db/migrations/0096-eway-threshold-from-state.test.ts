import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { expect, test } from "vitest";
import { up } from "./0096-eway-threshold-from-state.ts";

// Decision 097: the ₹50,000 the old form saved with every save is cleared; a typed figure stays.
test("clears the old default threshold and keeps a figure the organisation typed", async () => {
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new SQLite(":memory:") }),
  });
  await sql`create table organisations (id text primary key, settings text not null)`.execute(db);
  const settings = (paise: number | undefined) =>
    JSON.stringify({
      organisation: { qrText: "upi", eWayBillIntraStateThresholdPaise: paise },
      salesInvoice: { showTransportDetails: true },
    });
  await sql`insert into organisations (id, settings) values
    ('old-default', ${settings(5_000_000)}), ('typed', ${settings(20_000_000)}), ('none', '{}')`.execute(
    db,
  );
  await up(db);
  const { rows } = await sql<{ id: string; settings: string }>`
    select id, settings from organisations order by id`.execute(db);
  expect(Object.fromEntries(rows.map((row) => [row.id, JSON.parse(row.settings)]))).toEqual({
    none: {},
    "old-default": {
      organisation: { qrText: "upi" },
      salesInvoice: { showTransportDetails: true },
    },
    typed: {
      organisation: { qrText: "upi", eWayBillIntraStateThresholdPaise: 20_000_000 },
      salesInvoice: { showTransportDetails: true },
    },
  });
  await db.destroy();
});
