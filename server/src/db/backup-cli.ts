// npm run backup [-- <folder>]: a backup of the books and DATA_DIR's files into a new folder
// (default: backups/bahi-<date>-<time> under the current folder). Safe while servers run.
import path from "node:path";
import { loadConfig } from "../config.ts";
import { backup } from "./backup.ts";
import { databaseOptionsFromConfig } from "./database.ts";

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
const folder = path.resolve(process.argv[2] ?? path.join("backups", `bahi-${stamp}`));
try {
  const manifest = await backup(
    { database: databaseOptionsFromConfig(config), dataDir: config.dataDir },
    folder,
  );
  console.log(
    `Backed up ${manifest.kind}${manifest.schema ? ` (schema ${manifest.schema})` : ""} to ${folder}`,
  );
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
