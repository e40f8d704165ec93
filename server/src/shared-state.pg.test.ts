import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  as,
  GST_PARTIES,
  insertAccount,
  salesDocumentPayload,
  setUpGstRegisteredBook,
} from "../test/books.ts";
import { buildMultipart } from "../test/multipart.ts";
import { checkPdfStructure } from "../test/pdf.ts";
import type { Person } from "../test/people.ts";
import { type TestContext, testAppConfig } from "../test/test-app.ts";
import { testPostgresUrl } from "../test/test-database.ts";
import { type App, buildApp } from "./app.ts";
import { type AppDatabase, openDatabase } from "./db/database.ts";
import { claimJobRun } from "./db/job-runs.ts";

// Issue 38, decision 230: two servers (two app instances, each with its own pool and its own
// DATA_DIR) on one PostgreSQL serve one set of books. What one stored, the other serves.

const YEAR = "2025-26";
// A real 2×2 PNG (opaque red), drawn by pdfkit as an image XObject.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==",
  "base64",
);

let first: TestContext;
let secondDatabase: AppDatabase;
let second: App;
let secondDataDir: string;
let owner: Person;
let org: string;
let party: string;
let item: string;

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Two Servers Traders" },
    accounts: { party: GST_PARTIES.walkIn },
    items: { rice: { name: "Rice" } },
  });
  ({ context: first, owner, organisationId: org } = book);
  party = book.accounts.party;
  item = book.items.rice;
  // The second server: the same schema through a pool of its own, another data folder.
  const schema = first.testDatabase.database.schema;
  secondDatabase = openDatabase({
    kind: "postgres",
    url: testPostgresUrl(),
    ...(schema ? { schema } : {}),
    maxConnections: 4,
  });
  secondDataDir = mkdtempSync(path.join(tmpdir(), "bahi-data-second-"));
  second = await buildApp({
    config: testAppConfig(secondDataDir),
    database: secondDatabase,
    migrationId: first.testDatabase.migrationId,
    logger: false,
  });
  await second.ready();
});

afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  rmSync(secondDataDir, { recursive: true, force: true });
  await first?.close();
});

const onFirst = (options: InjectOptions) => first.app.inject(options);
const onSecond = (options: InjectOptions) => second.inject(options);

function countImages(pdf: Buffer): number {
  return (pdf.toString("latin1").match(/\/Subtype\s*\/Image/g) ?? []).length;
}

async function saleOn(inject: typeof onFirst): Promise<string> {
  const response = await inject({
    method: "POST",
    url: "/api/salesinvoice/add",
    headers: as(owner),
    payload: salesDocumentPayload({
      organisationId: org,
      year: YEAR,
      date: "2025-05-10",
      party,
      lines: [{ itemId: item, quantity: 1, rate: 100, gstRate: 5, hsnCode: "1006" }],
    }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entryId as string;
}

async function pdfOn(inject: typeof onFirst, entryId: string): Promise<Buffer> {
  const response = await inject({
    method: "GET",
    url: `/api/getpdf/transactionpdf?organisationId=${org}&entryId=${entryId}&transactionType=salesInvoice&format=download`,
    headers: as(owner),
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.rawPayload;
}

describe("two servers on one PostgreSQL", () => {
  test("a session made on one is good on the other", async () => {
    const response = await onSecond({
      method: "GET",
      url: `/api/settings/getorganisationsettings?organisationId=${org}`,
      headers: as(owner),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  test("a logo uploaded through one is served by the other and printed in its PDF", async () => {
    const entryId = await saleOn(onSecond);
    expect(countImages(await pdfOn(onSecond, entryId))).toBe(0);
    const form = buildMultipart({ organisationId: org }, [
      { field: "logo", fileName: "logo.png", bytes: PNG, contentType: "image/png" },
    ]);
    const upload = await onFirst({
      method: "POST",
      url: "/api/settings/organisation",
      payload: form.payload,
      headers: { ...form.headers, ...as(owner) },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const logoUrl: string = upload.json().settings.logoUrl;

    const served = await onSecond({ method: "GET", url: logoUrl, headers: as(owner) });
    expect(served.statusCode, served.body).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    const fromFirst = await onFirst({ method: "GET", url: logoUrl, headers: as(owner) });
    expect(served.rawPayload.equals(fromFirst.rawPayload)).toBe(true);

    const pdf = await pdfOn(onSecond, entryId);
    expect(countImages(pdf)).toBeGreaterThanOrEqual(1);
    expect(await checkPdfStructure(pdf)).toContain("No syntax or stream encoding errors");

    // Removed through the second: gone on the first too.
    const removed = await onSecond({
      method: "PATCH",
      url: `/api/settings/removefile?organisationId=${org}&type=logo`,
      headers: as(owner),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await onFirst({ method: "GET", url: logoUrl, headers: as(owner) })).statusCode).toBe(
      404,
    );
  });

  test("a logo written under one server's DATA_DIR before decision 230 is served by both", async () => {
    // As an older version left it: the file on the first server's disk, its name in the settings.
    const fileName = "logo-0000-older.png";
    const folder = path.join(first.dataDir, "files", org);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, fileName), PNG);
    const db = first.testDatabase.database.db;
    const row = await db
      .selectFrom("organisations")
      .select("settings")
      .where("id", "=", org)
      .executeTakeFirstOrThrow();
    const settings = JSON.parse(row.settings ?? "{}");
    const key = Object.keys(settings).find((name) => typeof settings[name] === "object") ?? "";
    expect(key).not.toBe("");
    settings[key] = {
      ...settings[key],
      logo: { fileName, mimeType: "image/png", size: PNG.length, uploadedAt: "2025-01-01" },
    };
    await db
      .updateTable("organisations")
      .set({ settings: JSON.stringify(settings) })
      .where("id", "=", org)
      .execute();
    const url = `/api/files/${org}/logo`;
    // Not yet in the database: the second server has no such file on its disk.
    expect((await onSecond({ method: "GET", url, headers: as(owner) })).statusCode).toBe(404);
    // The first reads it from its disk and copies it in; from then on both serve it.
    expect((await onFirst({ method: "GET", url, headers: as(owner) })).statusCode).toBe(200);
    const served = await onSecond({ method: "GET", url, headers: as(owner) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  test("an import's progress reads the same from both servers", async () => {
    await insertAccount(first, org, { name: "Two Servers Income", nature: "Indirect Income" });
    const rows = Array.from(
      { length: 600 },
      (_, index) => `s${index + 1},Receipt,2025-05-01,Cash,Two Servers Income,${index + 1},,,`,
    );
    const csv = ["entry,type,date,cashBankAccount,account,amount,debit,credit,narration", ...rows];
    const progressId = "two-servers-0001";
    const progressOn = async (inject: typeof onFirst) =>
      (
        await inject({
          method: "GET",
          url: `/api/import/progress?organisationId=${org}&progressId=${progressId}`,
          headers: as(owner),
        })
      ).json();
    expect(await progressOn(onSecond)).toMatchObject({ state: "waiting" });
    const form = buildMultipart({ organisationId: org, type: "vouchers", progressId }, [
      { field: "file", fileName: "many.csv", bytes: csv.join("\n"), contentType: "text/csv" },
    ]);
    let finished = false;
    const running = onFirst({
      method: "POST",
      url: "/api/import/other/importData",
      payload: form.payload,
      headers: { ...form.headers, ...as(owner) },
    }).finally(() => {
      finished = true;
    });
    const seenOnSecond: { state: string; done: number; total: number | null }[] = [];
    while (!finished) {
      seenOnSecond.push(await progressOn(onSecond));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const imported = await running;
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 600 });
    // The second server saw the import move, never backwards, never past the total.
    expect(seenOnSecond.some((snapshot) => snapshot.state !== "waiting")).toBe(true);
    for (const snapshot of seenOnSecond.filter((s) => s.state === "importing"))
      expect(snapshot.total).toBe(600);
    const dones = seenOnSecond.map((snapshot) => snapshot.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    const end = { state: "done", unit: "vouchers", done: 600, total: 600 };
    expect(await progressOn(onFirst)).toEqual(end);
    expect(await progressOn(onSecond)).toEqual(end);
  });

  test("a scheduled job's tick is taken by one server only", async () => {
    const now = Date.now();
    const hour = 60 * 60_000;
    const claims = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        claimJobRun(first.testDatabase.database.db, "test-sweep", hour, now, "first"),
      ),
      ...Array.from({ length: 5 }, () =>
        claimJobRun(secondDatabase.db, "test-sweep", hour, now, "second"),
      ),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Within the period nobody takes it again; after it, exactly one does.
    expect(await claimJobRun(secondDatabase.db, "test-sweep", hour, now + hour / 2, "second")).toBe(
      false,
    );
    const later = await Promise.all([
      claimJobRun(first.testDatabase.database.db, "test-sweep", hour, now + hour, "first"),
      claimJobRun(secondDatabase.db, "test-sweep", hour, now + hour, "second"),
    ]);
    expect(later.filter(Boolean)).toHaveLength(1);
  });
});
