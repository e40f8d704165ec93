// node e2e/lists/seed-books.ts <dataDir> <userId> <organisationId> <vouchers> <year>
//
// Fills an organisation of the e2e server with generated books (accounts, items and every voucher
// type) through the server's own service layer — the path the demo organisation and the benchmark
// take (server/src/modules/demo/load-books.ts) — writing to the e2e server's SQLite file while it
// runs. The HTTP API saves one voucher per call; thousands of them, let alone 100,000, would take
// the e2e run minutes, so the large-organisation specs seed this way (a seeding endpoint would
// let them go through HTTP). The organisation must be GST-registered in state 27 (Maharashtra),
// the generator's state, so that the server recomputes the same taxes.
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "../../server/src/db/database.ts";
import { generateBooks } from "../../server/src/modules/demo/book-generator.ts";
import { loadBooks } from "../../server/src/modules/demo/load-books.ts";

const [dataDir, userId, organisationId, vouchersText, year, seedText] = process.argv.slice(2);
if (!dataDir || !userId || !organisationId || !vouchersText || !year) {
  throw new Error(
    "usage: seed-books.ts <dataDir> <userId> <organisationId> <vouchers> <year> [seed]",
  );
}

// The e2e server always runs on SQLite in its data folder (playwright.config.ts).
const database = openDatabase({ kind: "sqlite", file: path.join(dataDir, "bahi.db") });
// The server and other specs write to the same file meanwhile: wait for them rather than fail,
// and write in small batches so that they never wait long for this one.
await sql`pragma busy_timeout = 120000`.execute(database.db);
const vouchers = Number(vouchersText);
const started = performance.now();
try {
  const books = generateBooks({
    seed: Number(seedText ?? 20_251_121),
    vouchers,
    year,
    stateCode: "27",
    accounts: 120,
    items: 150,
    // The whole year, whatever day the suite runs: the same books every day (no endDate).
  });
  const loaded = await loadBooks(
    { db: database.db, announceChange: () => {} },
    { kind: "user", userId, sessionId: "e2e-seed" },
    organisationId,
    books,
    { batchSize: 100 },
  );
  process.stdout.write(
    `${JSON.stringify({
      vouchers: loaded.counts.vouchers,
      byType: loaded.counts.byType,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    })}\n`,
  );
} finally {
  await database.close();
}
