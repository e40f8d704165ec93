// Bundles the server (and the domain sources it imports) into server/dist, as the web app is
// built into web/dist: Node then loads one file of plain JavaScript instead of stripping the types
// of some 300 TypeScript files at every start (issue 18: first answer in ≤ 1 s). Packages from
// node_modules stay outside the bundle; the two worker threads get files of their own.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_DIST_DIR = path.join(root, "server", "dist");

export async function buildServer(): Promise<void> {
  await build({
    input: {
      main: path.join(root, "server", "src", "main.ts"),
      "render-worker": path.join(root, "server", "src", "modules", "exports", "render-worker.ts"),
      "sqlite-checkpoint-worker": path.join(
        root,
        "server",
        "src",
        "db",
        "sqlite-checkpoint-worker.ts",
      ),
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
