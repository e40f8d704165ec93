import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { databaseOptionsFromConfig, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";

const config = loadConfig();
const database = openDatabase(databaseOptionsFromConfig(config));
const migrationId = await migrateToLatest(database);
const app = await buildApp({ config, database, migrationId });

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "shutting down: finishing requests in flight");
  // close() stops accepting connections and resolves once in-flight requests have been answered.
  await app.close();
  await database.close();
  app.log.info("shut down cleanly");
}
process.once("SIGTERM", () => void stop("SIGTERM"));
process.once("SIGINT", () => void stop("SIGINT"));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { db: database.kind, migration: migrationId, dataDir: config.dataDir },
  `Bahi is ready on http://${config.host}:${config.port}`,
);
