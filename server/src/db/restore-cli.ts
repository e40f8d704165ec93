// npm run restore -- <folder> [--force]: puts a backup made by `npm run backup` into the database
// and DATA_DIR the settings name. Stop the servers first. Without --force, books already there
// are left alone and the restore is refused.
import path from "node:path";
import { loadConfig } from "../config.ts";
import { restore } from "./backup.ts";
import { databaseOptionsFromConfig } from "./database.ts";

const args = process.argv.slice(2);
const force = args.includes("--force");
const folder = args.find((arg) => !arg.startsWith("--"));
if (!folder) {
  console.error("Usage: npm run restore -- <backup folder> [--force]");
  process.exit(2);
}
const config = loadConfig();
try {
  const manifest = await restore(
    { database: databaseOptionsFromConfig(config), dataDir: config.dataDir },
    path.resolve(folder),
    { force },
  );
  console.log(`Restored the ${manifest.kind} backup of ${manifest.createdAt} from ${folder}.`);
  console.log("The next start migrates it to this version if it is older.");
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
