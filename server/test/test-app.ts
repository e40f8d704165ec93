import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { App } from "../src/app.ts";
import { buildApp } from "../src/app.ts";
import type { AppConfig } from "../src/app-config.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export interface TestContext {
  app: App;
  testDatabase: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/** The configuration every test app runs with; a second server of a test takes it too. */
export function testAppConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    dataDir,
    webDistDir: "/nonexistent-web-dist",
    logLevel: process.env.BAHI_TEST_LOG ?? "silent",
    cookieSecret: "test-cookie-secret-test-cookie-secret",
    smtpUrl: undefined,
    mailFrom: "Bahi <no-reply@bahi.test>",
    publicUrl: "http://bahi.test",
    // High enough that ordinary tests never meet it; the rate-limit test sets its own.
    authRateLimitPerMinute: 1000,
    trustProxy: false,
    authCodeSendsPerHour: 100_000,
    // Sending limits (issue 37) high enough for ordinary tests; the limits' test sets its own.
    sendLimits: {
      perPersonPerMinute: 10_000,
      perPersonPerDay: 10_000,
      perOrganisationPerMinute: 10_000,
      perOrganisationPerDay: 10_000,
    },
    gstinLookup: { url: undefined, key: undefined, keyHeader: "x-api-key", timeoutMs: 5000 },
    ...overrides,
  };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestContext> {
  const testDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-data-"));
  const app = await buildApp({
    config: testAppConfig(dataDir, overrides),
    database: testDatabase.database,
    migrationId: testDatabase.migrationId,
    logger: process.env.BAHI_TEST_LOG ? { level: process.env.BAHI_TEST_LOG } : false,
  });
  await app.ready();
  return {
    app,
    testDatabase,
    dataDir,
    close: async () => {
      await app.close();
      await testDatabase.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Mail the outbox wrote as .eml files (no SMTP_URL), newest last. */
export async function readOutboxMail(context: TestContext): Promise<string[]> {
  await context.app.outbox.flush();
  const dir = path.join(context.dataDir, "outbox");
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  return files.sort().map((name) => readFileSync(path.join(dir, name), "utf8"));
}

/** The newest 6-digit code mailed to an address. */
export async function latestOtpFor(context: TestContext, email: string): Promise<string> {
  const mails = (await readOutboxMail(context)).filter((mail) => mail.includes(`To: ${email}`));
  const match = /code is (\d{6})/.exec(mails.at(-1) ?? "");
  if (!match?.[1]) throw new Error(`no OTP mailed to ${email}`);
  return match[1];
}

/** The cookies a response set, as a Cookie header for the next request. */
export function cookieHeader(response: { cookies: { name: string; value: string }[] }): string {
  return response.cookies
    .filter((cookie) => cookie.value !== "")
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
}
