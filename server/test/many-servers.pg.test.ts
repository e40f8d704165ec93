import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GST_PARTIES, salesDocumentPayload, setUpGstRegisteredBook } from "./books.ts";
import { buildMultipart } from "./multipart.ts";
import { checkPdfStructure } from "./pdf.ts";
import type { Person } from "./people.ts";
import { type RoundRobinProxy, SERVED_BY, startRoundRobinProxy } from "./round-robin-proxy.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";
import { type SmtpPeer, startSmtpPeer } from "./smtp-peer.ts";
import type { TestContext } from "./test-app.ts";
import { testPostgresUrl } from "./test-database.ts";

// Issue 38: three real server processes (`node src/main.ts`, as `npm start` runs them) on one
// PostgreSQL schema, behind a round-robin proxy, and everything below done through the proxy:
// any request may land on any server. The servers are given no COOKIE_SECRET, so the key they
// share is the one kept in the database (decision 340), and TRUST_PROXY names the proxy, so the
// per-address limits count the client's address (X-Forwarded-For) across all three.

const YEAR = "2025-26";
const PASSWORD = "correct horse 42";
const LOGINS_PER_MINUTE_PER_ADDRESS = 6;
// A real 2×2 PNG (opaque red), drawn by pdfkit as an image XObject.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==",
  "base64",
);

let context: TestContext;
let owner: Person;
let viewer: Person;
let org: string;
let party: string;
let bank: string;
let supplier: string;
let rice: string;
let smtp: SmtpPeer;
let servers: ServerProcess[] = [];
const dataDirs: string[] = [];
let proxy: RoundRobinProxy;
/** The owner's session, made by signing in through the proxy. */
let cookie = "";

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Three Servers Traders" },
    accounts: {
      party: GST_PARTIES.walkIn,
      bank: { name: "Three Servers Bank", nature: "Bank" },
      income: { name: "Three Servers Income", nature: "Indirect Income" },
      supplier: { name: "Three Servers Mills", nature: "Creditors" },
    },
    items: { rice: { name: "Rice" } },
  });
  ({ context, owner, viewer, organisationId: org } = book);
  ({ party, bank, supplier } = book.accounts);
  rice = book.items.rice;
  // The set-up's own app is stopped: from here only the three processes serve (and send).
  await context.app.close();
  smtp = await startSmtpPeer();
  const url = new URL(testPostgresUrl());
  url.searchParams.set("options", `-c search_path=${context.testDatabase.database.schema}`);
  const env = (index: number) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `bahi-server-${index}-`));
    dataDirs.push(dataDir);
    return {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      TRUST_PROXY: "127.0.0.1",
      AUTH_RATE_LIMIT_PER_MINUTE: String(LOGINS_PER_MINUTE_PER_ADDRESS),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUBLIC_URL: "http://bahi.test",
      LOG_LEVEL: "info",
    };
  };
  // Three starts at once on a busy 2-core machine may take a while.
  servers = await Promise.all(
    [0, 1, 2].map((index) => startServerProcess(env(index), { startTimeoutMs: 80_000 })),
  );
  proxy = await startRoundRobinProxy(servers.map((server) => server.baseUrl));
}, 150_000);

afterAll(async () => {
  for (const server of servers) server.child.kill("SIGKILL");
  await Promise.all(servers.map((server) => server.exited));
  await proxy?.close();
  await smtp?.close();
  await context?.testDatabase.destroy();
  rmSync(context?.dataDir ?? "/nonexistent", { recursive: true, force: true });
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  servedBy: number;
  body: Buffer;
  json: () => // biome-ignore lint/suspicious/noExplicitAny: JSON of the API under test
  any;
  cookies: string[];
}

/** A request through the proxy, as the owner unless other headers are given. */
async function call(
  method: string,
  url: string,
  options: { json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { cookie, ...options.headers };
  let body: Uint8Array<ArrayBuffer> | string | undefined = options.body
    ? new Uint8Array(options.body)
    : undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const response = await fetch(proxy.url + url, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    servedBy: Number(response.headers.get(SERVED_BY) ?? -1),
    body: bytes,
    json: () => JSON.parse(bytes.toString("utf8")),
    cookies: response.headers.getSetCookie(),
  };
}

function cookieOf(setCookies: string[]): string {
  return setCookies
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

function countImages(pdf: Buffer): number {
  return (pdf.toString("latin1").match(/\/Subtype\s*\/Image/g) ?? []).length;
}

const saleBody = (date = "2025-05-10", quantity = 1) =>
  salesDocumentPayload({
    organisationId: org,
    year: YEAR,
    date,
    party,
    lines: [{ itemId: rice, quantity, rate: 100, gstRate: 5, hsnCode: "1006" }],
  });

async function trialBalance() {
  const answer = await call("GET", `/api/reports/trialbalance?organisationId=${org}&year=${YEAR}`);
  expect(answer.status, answer.body.toString()).toBe(200);
  return answer.json();
}

describe("three servers on one PostgreSQL behind a round-robin proxy", { timeout: 60_000 }, () => {
  test("a session made by signing in on one server is good on the others", async () => {
    const signIn = await call("POST", "/api/auth/login", {
      json: { username: owner.email, password: PASSWORD },
      headers: { cookie: "", "x-forwarded-for": "198.51.100.10" },
    });
    expect(signIn.status, signIn.body.toString()).toBe(200);
    cookie = cookieOf(signIn.cookies);
    expect(cookie).not.toBe("");
    const seen = new Set<number>();
    for (let i = 0; i < 3; i += 1) {
      const answer = await call(
        "GET",
        `/api/settings/getorganisationsettings?organisationId=${org}`,
      );
      expect(answer.status, answer.body.toString()).toBe(200);
      seen.add(answer.servedBy);
    }
    // The three calls after the sign-in were answered by all three servers.
    expect([...seen].sort()).toEqual([0, 1, 2]);
    expect(seen.has(signIn.servedBy)).toBe(true);
    // Each said at start where its key comes from.
    for (const server of servers)
      expect(server.output()).toContain(
        "COOKIE_SECRET is unset: sessions are signed with the key kept in the database",
      );
  });

  test("guessing a password is limited across the servers, per account and per address", async () => {
    // Per account: the fifth wrong password sets a wait that every server keeps, even for the
    // right password.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const answer = await call("POST", "/api/auth/login", {
        json: { username: viewer.email, password: i === 7 ? PASSWORD : `wrong ${i}` },
        headers: { cookie: "", "x-forwarded-for": `203.0.113.${i + 1}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    // Per address: AUTH_RATE_LIMIT_PER_MINUTE sign-ins from one address, whichever server each
    // reaches; one server's own count would have let three times as many through.
    const guesses = await Promise.all(
      Array.from({ length: LOGINS_PER_MINUTE_PER_ADDRESS + 4 }, (_, i) =>
        call("POST", "/api/auth/login", {
          json: { username: `nobody${i}@example.in`, password: "guess" },
          headers: { cookie: "", "x-forwarded-for": "192.0.2.77" },
        }),
      ),
    );
    const by = (status: number) => guesses.filter((answer) => answer.status === status);
    expect(by(401)).toHaveLength(LOGINS_PER_MINUTE_PER_ADDRESS);
    expect(by(429)).toHaveLength(4);
    expect(new Set(by(429).map((answer) => answer.servedBy)).size).toBeGreaterThan(1);
    // Counted once, per route and address, in the database all three servers share.
    const counted = await context.testDatabase.database.db
      .selectFrom("rate_limit_counts")
      .select("count")
      .where("key", "=", "POST /api/auth/login|192.0.2.77")
      .executeTakeFirstOrThrow();
    expect(counted.count).toBe(LOGINS_PER_MINUTE_PER_ADDRESS + 4);
    // Another address is not held back.
    const other = await call("POST", "/api/auth/login", {
      json: { username: "nobody@example.in", password: "guess" },
      headers: { cookie: "", "x-forwarded-for": "192.0.2.78" },
    });
    expect(other.status).toBe(401);
  });

  test("50 saves of one organisation at once: distinct numbers, balanced books, no invoice settled twice", async () => {
    const saves = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call("POST", "/api/salesinvoice/add", { json: saleBody("2025-06-01", 1 + (i % 5)) }),
      ),
    );
    for (const save of saves) expect(save.status, save.body.toString()).toBe(200);
    expect(new Set(saves.map((save) => save.servedBy)).size).toBe(3);
    const numbers = saves.map((save) => save.json().number as string);
    expect(new Set(numbers).size).toBe(50);
    const trial = await trialBalance();
    expect(trial.totalDebit).toBe(trial.totalCredit);

    // One invoice of ₹105, and ten receipts that each settle all of it, sent at once.
    const invoice = (await call("POST", "/api/salesinvoice/add", { json: saleBody() })).json();
    const receipts = await Promise.all(
      Array.from({ length: 10 }, () =>
        call("POST", "/api/receipts/add", {
          json: {
            organisationId: org,
            year: YEAR,
            date: "2025-06-02",
            receivedAccountId: bank,
            receivedAmount: 105,
            entries: [
              {
                accountId: party,
                amount: 105,
                billWiseEntries: [{ entryId: invoice.entryId, amount: 105 }],
              },
            ],
          },
        }),
      ),
    );
    expect(receipts.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const refused of receipts.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.json().message).toMatch(/pending on/);
    }
    const db = context.testDatabase.database.db;
    const row = await db
      .selectFrom("vouchers")
      .select(["amount_paise", "pending_paise"])
      .where("id", "=", invoice.entryId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount_paise: 10_500, pending_paise: 0 });
    const settled = await db
      .selectFrom("bill_allocations")
      .select((eb) => eb.fn.sum<string>("amount_paise").as("sum"))
      .where("invoice_id", "=", invoice.entryId)
      .executeTakeFirstOrThrow();
    expect(Number(settled.sum)).toBe(10_500);
  });

  test("a logo uploaded through one server is printed by another", async () => {
    const sale = await call("POST", "/api/salesinvoice/add", { json: saleBody() });
    const entryId = sale.json().entryId as string;
    const form = buildMultipart({ organisationId: org }, [
      { field: "logo", fileName: "logo.png", bytes: PNG, contentType: "image/png" },
    ]);
    const upload = await call("POST", "/api/settings/organisation", {
      body: form.payload,
      headers: { ...form.headers, cookie },
    });
    expect(upload.status, upload.body.toString()).toBe(200);
    const printedBy = new Set<number>();
    for (let i = 0; i < 2; i += 1) {
      const pdf = await call(
        "GET",
        `/api/getpdf/transactionpdf?organisationId=${org}&entryId=${entryId}&transactionType=salesInvoice&format=download`,
      );
      expect(pdf.status).toBe(200);
      expect(pdf.servedBy).not.toBe(upload.servedBy);
      expect(countImages(pdf.body)).toBeGreaterThanOrEqual(1);
      expect(await checkPdfStructure(pdf.body)).toContain("No syntax or stream encoding errors");
      printedBy.add(pdf.servedBy);
    }
    expect(printedBy.size).toBe(2);
  });

  test("a mail is sent exactly once though three servers' workers poll the outbox", async () => {
    const sale = await call("POST", "/api/salesinvoice/add", { json: saleBody() });
    const address = "accounts@three-servers.example.in";
    const sent = await call("POST", "/api/getpdf/transactionpdf", {
      json: {
        organisationId: org,
        entryId: sale.json().entryId,
        transactionType: "salesInvoice",
        format: "email",
        address,
        subject: "Invoice {invoiceNumber}",
        body: "Dear {customerName}, please find the invoice attached.",
      },
    });
    expect(sent.status, sent.body.toString()).toBe(200);
    const to = () => smtp.received.filter((mail) => mail.envelopeTo.includes(address));
    const deadline = Date.now() + 15_000;
    while (to().length === 0 && Date.now() < deadline) await sleep(100);
    expect(to()).toHaveLength(1);
    // Every server polls every second: after three more polls each, still one.
    await sleep(3500);
    expect(to()).toHaveLength(1);
    expect(to()[0]?.parsed.subject).toBe(`Invoice ${sale.json().number}`);
  });

  test("an import started on one server is followed on the others to its end", async () => {
    const rows = Array.from(
      { length: 400 },
      (_, i) => `t${i + 1},Receipt,2025-07-01,Cash,Three Servers Income,${i + 1},,,`,
    );
    const csv = ["entry,type,date,cashBankAccount,account,amount,debit,credit,narration", ...rows];
    const progressId = "three-servers-0001";
    const progress = () =>
      call("GET", `/api/import/progress?organisationId=${org}&progressId=${progressId}`);
    const form = buildMultipart({ organisationId: org, type: "vouchers", progressId }, [
      { field: "file", fileName: "many.csv", bytes: csv.join("\n"), contentType: "text/csv" },
    ]);
    let finished = false;
    const running = call("POST", "/api/import/other/importData", {
      body: form.payload,
      headers: { ...form.headers, cookie },
    }).finally(() => {
      finished = true;
    });
    const seen: { servedBy: number; state: string; done: number }[] = [];
    while (!finished) {
      const answer = await progress();
      seen.push({ servedBy: answer.servedBy, ...answer.json() });
      await sleep(5);
    }
    const imported = await running;
    expect(imported.status, imported.body.toString()).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 400 });
    // Servers other than the importing one saw it move, never backwards.
    const elsewhere = seen.filter((snapshot) => snapshot.servedBy !== imported.servedBy);
    expect(elsewhere.some((snapshot) => snapshot.state !== "waiting")).toBe(true);
    const dones = seen.map((snapshot) => snapshot.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    // The end reads the same on all three.
    const ends = await Promise.all([progress(), progress(), progress()]);
    expect(new Set(ends.map((end) => end.servedBy)).size).toBe(3);
    for (const end of ends)
      expect(end.json()).toEqual({ state: "done", unit: "vouchers", done: 400, total: 400 });
  });

  test("a stock valuation each server keeps follows a purchase saved on another", async () => {
    const sheet = async () => {
      const answer = await call(
        "GET",
        `/api/reports/balancesheet?organisationId=${org}&year=${YEAR}&date=2026-03-31`,
      );
      expect(answer.status, answer.body.toString()).toBe(200);
      return { servedBy: answer.servedBy, stock: answer.json().closingStock.amount as number };
    };
    // Asked twice on each server: the second answer is the valuation that server kept.
    const before: { servedBy: number; stock: number }[] = [];
    for (let i = 0; i < 6; i += 1) before.push(await sheet());
    expect(new Set(before.map((answer) => answer.servedBy)).size).toBe(3);
    expect(new Set(before.map((answer) => answer.stock)).size).toBe(1);
    const purchase = await call("POST", "/api/purchases/add", {
      json: salesDocumentPayload({
        organisationId: org,
        year: YEAR,
        date: "2025-04-05",
        party: supplier,
        lines: [{ itemId: rice, quantity: 500, rate: 80, gstRate: 5, hsnCode: "1006" }],
      }),
    });
    expect(purchase.status, purchase.body.toString()).toBe(200);
    const after: { servedBy: number; stock: number }[] = [];
    for (let i = 0; i < 3; i += 1) after.push(await sheet());
    expect(new Set(after.map((answer) => answer.servedBy)).size).toBe(3);
    expect(new Set(after.map((answer) => answer.stock)).size).toBe(1);
    expect(after[0]?.stock).not.toBe(before[0]?.stock);
  });

  test("kill -9 of one server under load loses no acknowledged save", async () => {
    const acknowledged: string[] = [];
    const failed: number[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const answer = await call("POST", "/api/salesinvoice/add", {
          json: saleBody("2025-08-01"),
        }).catch(() => undefined);
        if (answer?.status === 200) acknowledged.push(answer.json().entryId);
        else failed.push(answer?.status ?? 0);
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    while (acknowledged.length < 30) await sleep(20);
    const victim = servers[2] as ServerProcess;
    victim.child.kill("SIGKILL");
    await victim.exited;
    const atKill = acknowledged.length;
    while (acknowledged.length < atKill + 30) await sleep(20);
    stop = true;
    await Promise.all(workers);
    // Requests in flight on the killed server were not acknowledged (502 from the proxy).
    for (const status of failed) expect([0, 502]).toContain(status);
    const db = context.testDatabase.database.db;
    const stored = await db
      .selectFrom("vouchers")
      .select("id")
      .where("id", "in", acknowledged)
      .where("deleted_at", "is", null)
      .execute();
    expect(stored).toHaveLength(acknowledged.length);
    const trial = await trialBalance();
    expect(trial.totalDebit).toBe(trial.totalCredit);
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
