import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * SQLite is one server's database: a second server on the same data folder would share neither
 * the change feed nor the caches, and its writes would wait on the first one's. The server that
 * opens `DATA_DIR/bahi.db` writes its process id to `DATA_DIR/server.pid`; another start on that
 * folder while the process lives is refused with a message (issue 38). A file left by a process
 * that has died (a crash, `kill -9`) is taken over.
 */
export function claimSqliteDataDir(dataDir: string, pid = process.pid): () => void {
  const file = path.join(dataDir, "server.pid");
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, `${pid}\n`, { flag: "wx" });
      return () => {
        if (readPid(file) === pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readPid(file);
      if (holder !== undefined && holder !== pid && isAlive(holder)) {
        throw new Error(
          `SQLite runs as one server, and process ${holder} already serves ${dataDir}. ` +
            "To run several servers, set DATABASE_URL to one PostgreSQL database for all of them (docs/deploy.md).",
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not claim ${file}.`);
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
