import { buildApp } from "./app.ts";
import { DEFAULT_SHUTDOWN_DELAY_MS, DEFAULT_SHUTDOWN_GRACE_MS, loadConfig } from "./config.ts";
import { databaseOptionsFromConfig, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { cookieSecretDiffers, sharedCookieSecret } from "./db/server-secrets.ts";
import { claimSqliteDataDir } from "./db/sqlite-one-server.ts";
import { createReadiness } from "./modules/health/readiness.ts";

const loaded = loadConfig();
const databaseOptions = databaseOptionsFromConfig(loaded);
const releaseDataDir =
  databaseOptions.kind === "sqlite" ? claimSqliteDataDir(loaded.dataDir) : () => {};
process.once("exit", releaseDataDir);
const database = openDatabase(databaseOptions);
const migrationId = await migrateToLatest(database);
// Several servers on one PostgreSQL must sign sessions with one key (decision 340): without
// COOKIE_SECRET it is the one kept in the database.
const config =
  loaded.cookieSecretSource === "database"
    ? { ...loaded, cookieSecret: await sharedCookieSecret(database.db, loaded.cookieSecret) }
    : loaded;
// Given one, is it the one the last server started on this database was given?
const cookieKeyDiffers =
  database.kind === "postgres" &&
  config.cookieSecretSource === "environment" &&
  (await cookieSecretDiffers(database.db, config.cookieSecret));
const readiness = createReadiness();
const app = await buildApp({ config, database, migrationId, readiness });
const graceMs = config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
const delayMs = config.shutdownDelayMs ?? DEFAULT_SHUTDOWN_DELAY_MS;

let stopping = false;
/**
 * Draining (issue 38): `/api/health/ready` answers 503 at once; after SHUTDOWN_DELAY_MS (for the
 * load balancer to notice) the server stops accepting connections and lets the requests in flight
 * finish; at SHUTDOWN_GRACE_MS from the signal, connections still open are cut. Then the database
 * is closed. A second signal while draining changes nothing (it used to kill the server
 * mid-request when `npm start` passed on a signal its process group had already delivered).
 */
async function stop(reason: string): Promise<void> {
  if (stopping) {
    app.log.info({ reason }, "already shutting down");
    return;
  }
  stopping = true;
  readiness.draining = true;
  app.log.info({ reason, graceMs, delayMs }, "shutting down: finishing requests in flight");
  let cut = false;
  const deadline = setTimeout(() => {
    cut = true;
    app.log.warn(
      { graceMs },
      "requests still in flight at the end of the grace time; cutting them",
    );
    app.server.closeAllConnections();
  }, graceMs);
  // Should closing the database hang as well, leave anyway a little later.
  const lastResort = setTimeout(() => process.exit(1), graceMs + 5000);
  lastResort.unref();
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  // close() stops accepting connections and resolves once in-flight requests have been answered.
  await app.close();
  clearTimeout(deadline);
  await database.close();
  releaseDataDir();
  if (cut) {
    app.log.warn("shut down after cutting requests in flight");
    // A cut request's handler may still hold timers or workers; do not wait for them.
    process.exit(1);
  } else {
    app.log.info("shut down cleanly");
  }
  if (process.connected) process.disconnect();
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
// Run by `npm start` (scripts/supervisor.ts): should the supervisor die, stop rather than be left
// running with no one to stop or restart it.
if (process.connected) {
  process.channel?.unref();
  process.on("disconnect", () => {
    if (!stopping) void stop("supervisor gone");
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { db: database.kind, migration: migrationId, dataDir: config.dataDir },
  `Bahi is ready on http://${config.host}:${config.port}`,
);
app.log.info(cookieKeyMessage(config.cookieSecretSource, database.kind));
if (cookieKeyDiffers) {
  app.log.warn(
    "COOKIE_SECRET differs from the one the last server started on this database was given: sessions made there are refused here. Give every server the same one, or none (docs/deploy.md).",
  );
}
process.send?.({ bahi: "ready" });

/** What `npm start` says about the cookie key and how many servers may share the books. */
function cookieKeyMessage(source: typeof config.cookieSecretSource, kind: string): string {
  if (kind === "sqlite") {
    return "SQLite serves one server: to run several behind a balancer, set DATABASE_URL (docs/deploy.md).";
  }
  return source === "database"
    ? "COOKIE_SECRET is unset: sessions are signed with the key kept in the database, shared by every server on it (decision 340)."
    : "Sessions are signed with COOKIE_SECRET: give every server on this database the same one.";
}
