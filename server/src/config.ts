import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
  /** Signs session cookies. Generated once and kept in the data folder when not given. */
  cookieSecret: string;
  /** smtp(s)://user:pass@host:port sends mail for real; unset writes .eml files to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The address people reach the app at, used in links inside emails. */
  publicUrl: string;
  /** Sign-in, sign-up, OTP and reset calls allowed per minute from one client address. */
  authRateLimitPerMinute: number;
  /** GSTIN_LOOKUP_URL, _KEY, _KEY_HEADER, _TIMEOUT_MS: the provider of GSTIN details (offline when unset). */
  gstinLookup: GstinProviderConfig;
}

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
    cookieSecret: env.COOKIE_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM ?? "Bahi <no-reply@bahi.local>",
    authRateLimitPerMinute: Number(env.AUTH_RATE_LIMIT_PER_MINUTE ?? 10),
    gstinLookup: readGstinProviderConfig(env),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "cookie-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
