// Bundles the server (and the domain sources it imports) into server/dist, as the web app is
// built into web/dist: Node then loads one file of plain JavaScript instead of stripping the types
// of some 300 TypeScript files at every start (issue 18: first answer in ≤ 1 s). Packages from
// node_modules stay outside the bundle; each worker thread gets a file of its own.
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_DIST_DIR = path.join(root, "server", "dist");

const serverSource = (file: string) => path.join(root, "server", "src", ...file.split("/"));

export async function buildServer(): Promise<void> {
  // A clean folder: chunks of an earlier build would otherwise pile up beside the new ones.
  rmSync(SERVER_DIST_DIR, { recursive: true, force: true });
  await build({
    input: {
      main: serverSource("main.ts"),
      // Each worker thread's module, found beside the bundle by workerModuleUrl.
      "render-worker": serverSource("modules/exports/render-worker.ts"),
      "sqlite-checkpoint-worker": serverSource("db/sqlite-checkpoint-worker.ts"),
      "print-worker": serverSource("modules/documents/print-worker.ts"),
      "sheet-worker": serverSource("modules/sheets/sheet-worker.ts"),
      "bank-statement-worker": serverSource("modules/imports/bank-statement-worker.ts"),
      "image-worker": serverSource("modules/organisations/image-worker.ts"),
      "tally-parse-worker": serverSource("modules/imports/tally-parse-worker.ts"),
    },
    platform: "node",
    // Bare imports are packages (fastify, kysely, better-sqlite3…), loaded from node_modules as
    // usual; only the workspace's own TypeScript (@bahi/domain) is bundled.
    external: (id) => !id.startsWith(".") && !path.isAbsolute(id) && !id.startsWith("@bahi/"),
    output: { dir: SERVER_DIST_DIR, format: "esm", entryFileNames: "[name].js", sourcemap: true },
    logLevel: "warn",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
