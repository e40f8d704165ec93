import { loadConfig } from "../config.ts";
import { databaseOptionsFromConfig, openDatabase } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

const config = loadConfig();
const database = openDatabase(databaseOptionsFromConfig(config));
try {
  const latest = await migrateToLatest(database);
  console.log(`${database.kind}: migrated to ${latest}`);
} finally {
  await database.close();
}
