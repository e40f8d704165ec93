import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MESSAGE_PLACEHOLDERS } from "@bahi/domain";
import { type GstinProviderConfig, readGstinProviderConfig } from "./gstin-provider-config.ts";

export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface Config {
  port: number;
  host: string;
  /** Where SQLite, uploaded files and the mail outbox live. */
  dataDir: string;
  /** postgres://… switches from the embedded SQLite to PostgreSQL. */
  databaseUrl: string | undefined;
  /** The built React app served at `/`; absent in API-only runs. */
  webDistDir: string;
  logLevel: string;
  /**
   * Signs session cookies. When not given: on SQLite generated once and kept in the data folder;
   * on PostgreSQL kept in the database and shared by every server on it (decision 340), so main.ts
   * puts it here after the database is open (until then it is the data folder's old key, or "").
   */
  cookieSecret: string;
  /** Where the cookie key comes from: COOKIE_SECRET, DATA_DIR/cookie-secret or the database. */
  cookieSecretSource?: "environment" | "data-dir" | "database";
  /** smtp(s)://user:pass@host:port sends mail for real; unset writes .eml files to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SUPPORT_EMAIL: where the support-or-feedback screen's questions are mailed (decision 031). */
  supportEmail?: string;
  /** The address people reach the app at, used in links inside emails. */
  publicUrl: string;
  /** Sign-in, sign-up, OTP and reset calls allowed per minute from one client address. */
  authRateLimitPerMinute: number;
  /**
   * TRUST_PROXY: whose X-Forwarded-For to believe for the client's address. false (default): no
   * one's; a hop count (1 = the proxy in front); or a list of proxy addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /** AUTH_CODE_SENDS_PER_HOUR: sign-up and reset codes one client address may ask for in an hour. */
  authCodeSendsPerHour: number;
  /** GSTIN_LOOKUP_URL, _KEY, _KEY_HEADER, _TIMEOUT_MS: the provider of GSTIN details (offline when unset). */
  gstinLookup: GstinProviderConfig;
  /** DOCUMENT_LINK_DAYS: how long a shared document link works (30 days when unset). */
  documentLinkDays?: number;
  /**
   * OUTBOX_RETENTION_DAYS: after how many days the files (attachments, HTML part) of a sent,
   * failed or handed message are dropped; the log row stays (90 when unset).
   */
  outboxRetentionDays?: number;
  /**
   * WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID switch WhatsApp to the Business Cloud API
   * (WHATSAPP_API_URL its Graph API base); unset, WhatsApp is click-to-chat from the user's device.
   */
  whatsapp?: WhatsAppCloudConfig | undefined;
  /**
   * SHUTDOWN_GRACE_MS: after SIGTERM, how long requests in flight may take before their
   * connections are cut and the server exits all the same (main.ts).
   */
  shutdownGraceMs?: number;
  /**
   * SHUTDOWN_DELAY_MS: after SIGTERM, how long the server keeps accepting connections while
   * `/api/health/ready` answers 503, so that a load balancer's check takes it out first.
   */
  shutdownDelayMs?: number;
  /**
   * SEND_LIMIT_PER_PERSON_PER_MINUTE, _PER_PERSON_PER_DAY, _PER_ORGANISATION_PER_MINUTE,
   * _PER_ORGANISATION_PER_DAY: messages sent out of Bahi (issue 37); 10, 200, 30, 1000 when unset.
   */
  sendLimits?: SendLimitSettings;
}

export interface SendLimitSettings {
  perPersonPerMinute: number;
  perPersonPerDay: number;
  perOrganisationPerMinute: number;
  perOrganisationPerDay: number;
}

export const DEFAULT_SEND_LIMIT_SETTINGS: SendLimitSettings = {
  perPersonPerMinute: 10,
  perPersonPerDay: 200,
  perOrganisationPerMinute: 30,
  perOrganisationPerDay: 1000,
};

function readSendLimits(env: Env): SendLimitSettings {
  const read = (name: string, fallback: number) => {
    const text = env[name]?.trim() ?? "";
    if (text === "") return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`${name} must be a whole number of at least 1.`);
    }
    return value;
  };
  const defaults = DEFAULT_SEND_LIMIT_SETTINGS;
  return {
    perPersonPerMinute: read("SEND_LIMIT_PER_PERSON_PER_MINUTE", defaults.perPersonPerMinute),
    perPersonPerDay: read("SEND_LIMIT_PER_PERSON_PER_DAY", defaults.perPersonPerDay),
    perOrganisationPerMinute: read(
      "SEND_LIMIT_PER_ORGANISATION_PER_MINUTE",
      defaults.perOrganisationPerMinute,
    ),
    perOrganisationPerDay: read(
      "SEND_LIMIT_PER_ORGANISATION_PER_DAY",
      defaults.perOrganisationPerDay,
    ),
  };
}

export interface WhatsAppCloudConfig {
  token: string;
  phoneNumberId: string;
  /** The Graph API base with its version, no trailing slash. */
  apiUrl: string;
  /** WHATSAPP_APP_SECRET: checks the signature of the status webhook's calls (off when unset). */
  appSecret?: string | undefined;
  /** WHATSAPP_VERIFY_TOKEN: the token Meta echoes when the webhook is subscribed. */
  verifyToken?: string | undefined;
  /**
   * WHATSAPP_TEMPLATE_NAME (with _LANGUAGE and _PARAMS): an approved template with a document
   * header, sent instead when WhatsApp refuses a free-form message because the customer's 24-hour
   * window is closed (decision 084).
   */
  template?: WhatsAppTemplateConfig | undefined;
}

export interface WhatsAppTemplateConfig {
  name: string;
  /** The template's language code as approved (en, en_US, hi…). */
  language: string;
  /** The placeholders whose values fill the template body's {{1}}, {{2}}… in order. */
  params: string[];
}

export const DEFAULT_WHATSAPP_TEMPLATE_PARAMS = [
  "customerName",
  "documentType",
  "invoiceNumber",
  "amount",
];

export const DEFAULT_DOCUMENT_LINK_DAYS = 30;
export const DEFAULT_OUTBOX_RETENTION_DAYS = 90;
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
export const DEFAULT_SHUTDOWN_DELAY_MS = 0;
export const DEFAULT_WHATSAPP_API_URL = "https://graph.facebook.com/v24.0";
/** The support address when SUPPORT_EMAIL is unset; the web's error screen mails it too. */
export const DEFAULT_SUPPORT_EMAIL = "support@bahi.app";

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPOSITORY_ROOT, "data"));
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${env.PORT}".`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error("DATABASE_URL must start with postgres:// (leave it unset for SQLite).");
  }
  return {
    port,
    host: env.HOST ?? "localhost",
    dataDir,
    databaseUrl,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(REPOSITORY_ROOT, "web", "dist")),
    logLevel: env.LOG_LEVEL ?? "info",
    ...readCookieSecret(env, dataDir, databaseUrl),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM ?? "Bahi <no-reply@bahi.local>",
    supportEmail: env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL,
    authRateLimitPerMinute: Number(env.AUTH_RATE_LIMIT_PER_MINUTE ?? 10),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    authCodeSendsPerHour: Number(env.AUTH_CODE_SENDS_PER_HOUR ?? 20),
    gstinLookup: readGstinProviderConfig(env),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    documentLinkDays: parseDocumentLinkDays(env.DOCUMENT_LINK_DAYS),
    outboxRetentionDays: parseDays(
      "OUTBOX_RETENTION_DAYS",
      env.OUTBOX_RETENTION_DAYS,
      DEFAULT_OUTBOX_RETENTION_DAYS,
    ),
    whatsapp: readWhatsAppConfig(env),
    ...readShutdownTimes(env),
    sendLimits: readSendLimits(env),
  };
}

function readShutdownTimes(env: Env): { shutdownGraceMs: number; shutdownDelayMs: number } {
  const read = (name: string, fallback: number) => {
    const text = env[name]?.trim() ?? "";
    if (text === "") return fallback;
    const ms = Number(text);
    if (!Number.isInteger(ms) || ms < 0 || ms > 3_600_000) {
      throw new Error(
        `${name} must be a whole number of milliseconds up to 3600000, not "${text}".`,
      );
    }
    return ms;
  };
  const shutdownGraceMs = read("SHUTDOWN_GRACE_MS", DEFAULT_SHUTDOWN_GRACE_MS);
  const shutdownDelayMs = read("SHUTDOWN_DELAY_MS", DEFAULT_SHUTDOWN_DELAY_MS);
  if (shutdownDelayMs >= shutdownGraceMs && shutdownDelayMs > 0) {
    throw new Error(
      `SHUTDOWN_DELAY_MS (${shutdownDelayMs}) must be shorter than SHUTDOWN_GRACE_MS (${shutdownGraceMs}).`,
    );
  }
  return { shutdownGraceMs, shutdownDelayMs };
}

function parseDocumentLinkDays(value: string | undefined): number {
  const text = value?.trim() ?? "";
  if (text === "") return DEFAULT_DOCUMENT_LINK_DAYS;
  const days = Number(text);
  if (!Number.isInteger(days) || days < 1 || days > 3650) {
    throw new Error(
      `DOCUMENT_LINK_DAYS must be a whole number of days from 1 to 3650, not "${value}".`,
    );
  }
  return days;
}

function parseDays(name: string, value: string | undefined, fallback: number): number {
  const text = value?.trim() ?? "";
  if (text === "") return fallback;
  const days = Number(text);
  if (!Number.isInteger(days) || days < 1 || days > 3650) {
    throw new Error(`${name} must be a whole number of days from 1 to 3650, not "${value}".`);
  }
  return days;
}

function readWhatsAppConfig(env: Env): WhatsAppCloudConfig | undefined {
  const token = env.WHATSAPP_TOKEN?.trim();
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim();
  if (!token || !phoneNumberId) return undefined;
  return {
    token,
    phoneNumberId,
    apiUrl: (env.WHATSAPP_API_URL?.trim() || DEFAULT_WHATSAPP_API_URL).replace(/\/+$/, ""),
    appSecret: env.WHATSAPP_APP_SECRET?.trim() || undefined,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN?.trim() || undefined,
    template: readWhatsAppTemplate(env),
  };
}

const PLACEHOLDER_NAMES = new Set<string>(
  MESSAGE_PLACEHOLDERS.map((placeholder) => placeholder.name),
);

function readWhatsAppTemplate(env: Env): WhatsAppTemplateConfig | undefined {
  const name = env.WHATSAPP_TEMPLATE_NAME?.trim();
  if (!name) return undefined;
  const listed = env.WHATSAPP_TEMPLATE_PARAMS?.trim();
  const params =
    listed === undefined || listed === ""
      ? DEFAULT_WHATSAPP_TEMPLATE_PARAMS
      : listed.split(",").map((param) => param.trim().replace(/^\{|\}$/g, ""));
  const unknown = params.filter((param) => !PLACEHOLDER_NAMES.has(param));
  if (unknown.length > 0) {
    throw new Error(
      `WHATSAPP_TEMPLATE_PARAMS names placeholders, comma-separated (customerName, invoiceNumber…); not "${unknown.join(", ")}".`,
    );
  }
  return { name, language: env.WHATSAPP_TEMPLATE_LANGUAGE?.trim() || "en", params };
}

/**
 * TRUST_PROXY (issue 26): unset, "", "false" or "0" trusts no forwarded header, so a client cannot
 * pick its own address for the per-address limits; "1", "2"… trusts that many proxy hops; anything
 * else is a comma-separated list of proxy addresses or ranges ("10.0.0.0/8, 127.0.0.1").
 * "true" (trust anyone) is refused: it is the hole this setting closes.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === "true") {
    throw new Error(
      "TRUST_PROXY=true would let any client choose its address; give the proxy's address or a hop count.",
    );
  }
  const list = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry)) {
      throw new Error(`TRUST_PROXY: "${entry}" is not an address or a range like 10.0.0.0/8.`);
    }
  }
  return list;
}

function readCookieSecret(
  env: Env,
  dataDir: string,
  databaseUrl: string | undefined,
): Pick<Config, "cookieSecret" | "cookieSecretSource"> {
  const given = env.COOKIE_SECRET?.trim();
  if (given) return { cookieSecret: given, cookieSecretSource: "environment" };
  if (!databaseUrl)
    return { cookieSecret: readOrCreateSecret(dataDir), cookieSecretSource: "data-dir" };
  // PostgreSQL: the key in the database wins; a key this data folder already had is offered as
  // the first one, so the sessions of a server that ran before decision 340 stay good.
  const file = path.join(dataDir, "cookie-secret");
  const earlier = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  return { cookieSecret: earlier, cookieSecretSource: "database" };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "cookie-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
