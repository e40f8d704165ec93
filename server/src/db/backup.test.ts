import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, salesDocumentPayload, setUpGstRegisteredBook } from "../../test/books.ts";
import { buildMultipart } from "../../test/multipart.ts";
import { extractPdfText } from "../../test/pdf.ts";
import type { Person } from "../../test/people.ts";
import type { TestContext } from "../../test/test-app.ts";
import { testDatabaseKind, testPostgresUrl } from "../../test/test-database.ts";
import { type App, buildApp } from "../app.ts";
import { stopDocumentRenderer } from "../modules/documents/print-renderer.ts";
import { backup, restore } from "./backup.ts";
import { type AppDatabase, type DatabaseOptions, openDatabase } from "./database.ts";

// npm run backup / npm run restore (issue 38): books backed up, restored into a fresh database and
// data folder, and read back through a server on the restored copy.
const YEAR = "2025-26";
// A real 2×2 PNG (opaque red).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==",
  "base64",
);

interface Observed {
  trialBalance: unknown;
  pdfText: string;
  stored: unknown[];
  logo: { type: string | undefined; bytes: string };
}

describe(`backup and restore on ${testDatabaseKind()}`, () => {
  let context: TestContext;
  let owner: Person;
  let org: string;
  let entryId: string;
  let logoUrl: string;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    const book = await setUpGstRegisteredBook({
      organisation: { name: "Backup Traders", startingYear: YEAR },
      accounts: { ravi: { name: "Ravi Stores", nature: "Debtors", stateCode: "27" } },
      items: { rice: { name: "Basmati Rice", gstRate: 5 } },
    });
    ({ context, owner, organisationId: org } = book);
    const upload = buildMultipart({ organisationId: org, showLogo: "true" }, [
      { field: "logo", fileName: "logo.png", bytes: PNG, contentType: "image/png" },
    ]);
    const settings = await context.app.inject({
      method: "POST",
      url: "/api/settings/organisation",
      payload: upload.payload,
      headers: { ...as(owner), ...upload.headers },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    logoUrl = settings.json().settings.logoUrl;
    for (const quantity of [3, 7]) {
      const saved = await context.app.inject({
        method: "POST",
        url: "/api/salesinvoice/add",
        headers: as(owner),
        payload: salesDocumentPayload({
          organisationId: org,
          year: YEAR,
          date: "2025-06-12",
          party: book.accounts.ravi,
          lines: [{ itemId: book.items.rice, quantity, rate: 1234.5, gstRate: 5, hsnCode: "1006" }],
        }),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      entryId = saved.json().entryId;
    }
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await stopDocumentRenderer();
    await context.close();
  });

  async function observe(app: App, database: AppDatabase): Promise<Observed> {
    const trialBalance = await app.inject({
      url: `/api/reports/trialbalance?organisationId=${org}&year=${YEAR}`,
      headers: as(owner),
    });
    expect(trialBalance.statusCode, trialBalance.body).toBe(200);
    const pdf = await app.inject({
      url: `/api/getpdf/transactionpdf?organisationId=${org}&entryId=${entryId}&transactionType=salesInvoice&format=download`,
      headers: as(owner),
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const logo = await app.inject({ url: logoUrl, headers: as(owner) });
    expect(logo.statusCode).toBe(200);
    const stored = await database.db
      .selectFrom("vouchers")
      .selectAll()
      .where("organisation_id", "=", org)
      .orderBy("id")
      .execute();
    return {
      trialBalance: trialBalance.json(),
      pdfText: await extractPdfText(pdf.rawPayload),
      stored,
      logo: { type: logo.headers["content-type"], bytes: logo.rawPayload.toString("base64") },
    };
  }

  async function sourceOptions(): Promise<DatabaseOptions> {
    const database = context.testDatabase.database;
    if (database.kind === "postgres") {
      return { kind: "postgres", url: testPostgresUrl(), schema: database.schema };
    }
    const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(
      database.db,
    );
    const file = rows.find((row) => row.name === "main")?.file;
    if (!file) throw new Error("no SQLite file");
    return { kind: "sqlite", file };
  }

  /** A database no one has used: a new SQLite file, or a new PostgreSQL database. */
  async function freshTarget(): Promise<DatabaseOptions> {
    const source = await sourceOptions();
    if (source.kind === "sqlite") {
      const dir = mkdtempSync(path.join(tmpdir(), "bahi-restored-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return { kind: "sqlite", file: path.join(dir, "bahi.db") };
    }
    const name = `bahi_restore_${randomBytes(5).toString("hex")}`;
    await admin(`create database ${name}`);
    cleanups.push(async () => {
      // The restored app's connections are closing as the test ends: a forced drop that ends one
      // mid-close makes its client throw where no one listens (an uncaught error in the run).
      await connectionsGone(name);
      await admin(`drop database if exists ${name} with (force)`);
    });
    const url = new URL(testPostgresUrl());
    url.pathname = `/${name}`;
    return { kind: "postgres", url: url.toString(), schema: source.schema };
  }

  test("a backup restored into a fresh database has the same trial balance, documents and files", async () => {
    const before = await observe(context.app, context.testDatabase.database);
    expect(before.stored).toHaveLength(2);
    expect(before.pdfText).toContain("Basmati Rice");

    const folder = mkdtempSync(path.join(tmpdir(), "bahi-backup-"));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const manifest = await backup(
      { database: await sourceOptions(), dataDir: context.dataDir },
      folder,
    );
    expect(manifest.kind).toBe(testDatabaseKind());
    // Logos and signatures live in the database (decision 230); DATA_DIR/files holds only those an
    // older version saved, and is copied when it is there.
    const oldFiles = existsSync(path.join(context.dataDir, "files"));
    expect(readdirSync(folder).sort()).toEqual(
      [
        ...(oldFiles ? ["files"] : []),
        "manifest.json",
        testDatabaseKind() === "sqlite" ? "bahi.db" : "bahi.pgdump",
      ].sort(),
    );

    const target = await freshTarget();
    const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-restored-data-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await restore({ database: target, dataDir }, folder);
    // Restoring again over the restored books is refused without --force, and works with it.
    await expect(restore({ database: target, dataDir }, folder)).rejects.toThrow(/--force/);
    await restore({ database: target, dataDir }, folder, { force: true });
    expect(existsSync(path.join(dataDir, "files", org))).toBe(oldFiles);

    const database = openDatabase(target);
    const app = await buildApp({
      config: { ...testConfig, dataDir },
      database,
      migrationId: context.testDatabase.migrationId,
      logger: false,
    });
    try {
      const after = await observe(app, database);
      expect(after.trialBalance).toEqual(before.trialBalance);
      expect(after.stored).toEqual(before.stored);
      expect(after.pdfText).toBe(before.pdfText);
      expect(after.logo).toEqual(before.logo);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

// The test app's configuration (server/test/test-app.ts): the same cookie secret, so the owner's
// session, restored with the books, is good on the restored copy.
const testConfig = {
  webDistDir: "/nonexistent-web-dist",
  logLevel: "silent",
  cookieSecret: "test-cookie-secret-test-cookie-secret",
  smtpUrl: undefined,
  mailFrom: "Bahi <no-reply@bahi.test>",
  publicUrl: "http://bahi.test",
  authRateLimitPerMinute: 1000,
  trustProxy: false,
  authCodeSendsPerHour: 100_000,
  gstinLookup: { url: undefined, key: undefined, keyHeader: "x-api-key", timeoutMs: 5000 },
};

async function admin(statement: string, values: unknown[] = []): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/** Waits (up to 5 s) until no session is connected to the database `name`. */
async function connectionsGone(name: string): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 50) {
    const rows = await admin("select 1 from pg_stat_activity where datname = $1", [name]);
    if (rows.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
