import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadConfig } from "./config.ts";

// Issue 22's settings: defaults that work with nothing set, and clear refusals of bad values.

const base = { DATA_DIR: "/tmp/bahi-config-test", COOKIE_SECRET: "x" };

describe("sending configuration", () => {
  test("with nothing set: links last 30 days, WhatsApp is click-to-chat, mail goes to files", () => {
    const config = loadConfig(base);
    expect(config.documentLinkDays).toBe(30);
    expect(config.whatsapp).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  test("DOCUMENT_LINK_DAYS is a whole number of days from 1 to 3650", () => {
    expect(loadConfig({ ...base, DOCUMENT_LINK_DAYS: "7" }).documentLinkDays).toBe(7);
    for (const bad of ["0", "2.5", "many", "4000"]) {
      expect(() => loadConfig({ ...base, DOCUMENT_LINK_DAYS: bad })).toThrow(
        `DOCUMENT_LINK_DAYS must be a whole number of days from 1 to 3650, not "${bad}".`,
      );
    }
  });

  test("OUTBOX_RETENTION_DAYS: 90 when unset, else a whole number of days from 1 to 3650", () => {
    expect(loadConfig(base).outboxRetentionDays).toBe(90);
    expect(loadConfig({ ...base, OUTBOX_RETENTION_DAYS: "14" }).outboxRetentionDays).toBe(14);
    for (const bad of ["0", "1.5", "never", "5000"]) {
      expect(() => loadConfig({ ...base, OUTBOX_RETENTION_DAYS: bad })).toThrow(
        `OUTBOX_RETENTION_DAYS must be a whole number of days from 1 to 3650, not "${bad}".`,
      );
    }
  });

  test("WHATSAPP_TEMPLATE_NAME: the approved template, its language and the placeholders of its body", () => {
    const cloud = { ...base, WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "106540352242922" };
    expect(loadConfig(cloud).whatsapp?.template).toBeUndefined();
    expect(
      loadConfig({ ...cloud, WHATSAPP_TEMPLATE_NAME: "bahi_document" }).whatsapp?.template,
    ).toEqual({
      name: "bahi_document",
      language: "en",
      params: ["customerName", "documentType", "invoiceNumber", "amount"],
    });
    expect(
      loadConfig({
        ...cloud,
        WHATSAPP_TEMPLATE_NAME: "bill",
        WHATSAPP_TEMPLATE_LANGUAGE: "hi",
        WHATSAPP_TEMPLATE_PARAMS: "{customerName}, pendingAmount",
      }).whatsapp?.template,
    ).toEqual({ name: "bill", language: "hi", params: ["customerName", "pendingAmount"] });
    expect(() =>
      loadConfig({
        ...cloud,
        WHATSAPP_TEMPLATE_NAME: "bill",
        WHATSAPP_TEMPLATE_PARAMS: "name,amount",
      }),
    ).toThrow(
      'WHATSAPP_TEMPLATE_PARAMS names placeholders, comma-separated (customerName, invoiceNumber…); not "name".',
    );
  });

  test("WhatsApp's Cloud API needs both the token and the phone number id", () => {
    expect(loadConfig({ ...base, WHATSAPP_TOKEN: "t" }).whatsapp).toBeUndefined();
    expect(
      loadConfig({ ...base, WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "106540352242922" })
        .whatsapp,
    ).toEqual({
      token: "t",
      phoneNumberId: "106540352242922",
      apiUrl: "https://graph.facebook.com/v24.0",
      appSecret: undefined,
      verifyToken: undefined,
    });
    expect(
      loadConfig({
        ...base,
        WHATSAPP_TOKEN: "t",
        WHATSAPP_PHONE_NUMBER_ID: "1",
        WHATSAPP_API_URL: "http://127.0.0.1:9999/v24.0/",
      }).whatsapp?.apiUrl,
    ).toBe("http://127.0.0.1:9999/v24.0");
  });
});

describe("shutdown configuration (issue 38)", () => {
  test("defaults: 10 s of grace, no delay; values in milliseconds are read", () => {
    expect(loadConfig(base)).toMatchObject({ shutdownGraceMs: 10_000, shutdownDelayMs: 0 });
    expect(
      loadConfig({ ...base, SHUTDOWN_GRACE_MS: "30000", SHUTDOWN_DELAY_MS: "3000" }),
    ).toMatchObject({ shutdownGraceMs: 30_000, shutdownDelayMs: 3000 });
  });

  test("refuses values that are not milliseconds, and a delay as long as the grace", () => {
    expect(() => loadConfig({ ...base, SHUTDOWN_GRACE_MS: "10s" })).toThrow(/SHUTDOWN_GRACE_MS/);
    expect(() => loadConfig({ ...base, SHUTDOWN_DELAY_MS: "-1" })).toThrow(/SHUTDOWN_DELAY_MS/);
    expect(() =>
      loadConfig({ ...base, SHUTDOWN_GRACE_MS: "1000", SHUTDOWN_DELAY_MS: "1000" }),
    ).toThrow("SHUTDOWN_DELAY_MS (1000) must be shorter than SHUTDOWN_GRACE_MS (1000).");
  });
});

describe("the cookie key (decision 340)", () => {
  test("COOKIE_SECRET wins; unset, SQLite keeps one in DATA_DIR and PostgreSQL asks the database", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-cookie-key-"));
    try {
      expect(loadConfig({ DATA_DIR: dataDir, COOKIE_SECRET: "given" })).toMatchObject({
        cookieSecret: "given",
        cookieSecretSource: "environment",
      });
      const postgres = { DATA_DIR: dataDir, DATABASE_URL: "postgres://db/bahi" };
      // No key in the folder yet: the database's is read at start (main.ts).
      expect(loadConfig(postgres)).toMatchObject({
        cookieSecret: "",
        cookieSecretSource: "database",
      });
      expect(existsSync(path.join(dataDir, "cookie-secret"))).toBe(false);
      const sqlite = loadConfig({ DATA_DIR: dataDir });
      expect(sqlite.cookieSecretSource).toBe("data-dir");
      expect(sqlite.cookieSecret).toMatch(/^[0-9a-f]{64}$/);
      expect(readFileSync(path.join(dataDir, "cookie-secret"), "utf8")).toBe(sqlite.cookieSecret);
      // A folder that had a key offers it to the database as the first one.
      expect(loadConfig(postgres)).toMatchObject({
        cookieSecret: sqlite.cookieSecret,
        cookieSecretSource: "database",
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
