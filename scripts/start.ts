// `npm start`: build the web app and the server bundle when either is missing or older than its
// sources, then run the server (which migrates the database before it listens) with its Node flags
// and V8's compile cache, so that a start on an existing database answers within a second. A server
// that crashes is started again after a back-off (scripts/supervisor.ts).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer, SERVER_DIST_DIR } from "./build-server.ts";
import { serverEnvironment, serverNodeFlags } from "./server-node-flags.ts";
import { superviseServer } from "./supervisor.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtIndex = path.join(root, "web", "dist", "index.html");
const sources = [
  path.join(root, "web", "src"),
  path.join(root, "web", "index.html"),
  path.join(root, "domain", "src"),
];

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(entry).map((name) => newestModification(path.join(entry, name))),
  );
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestModification))) {
  console.log(builtAt === 0 ? "Building the web app…" : "Web sources changed; rebuilding…");
  const build = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverBundle = path.join(SERVER_DIST_DIR, "main.js");
const serverBuiltAt = existsSync(serverBundle) ? statSync(serverBundle).mtimeMs : 0;
const serverSources = [path.join(root, "server", "src"), path.join(root, "domain", "src")];
if (serverBuiltAt < Math.max(...serverSources.map(newestModification))) {
  console.log(serverBuiltAt === 0 ? "Building the server…" : "Server sources changed; rebuilding…");
  await buildServer();
}

const supervisor = superviseServer({
  command: process.execPath,
  args: [...serverNodeFlags(), serverBundle],
  // V8 keeps the compiled code of the bundle and its packages between starts.
  env: {
    ...serverEnvironment(),
    NODE_COMPILE_CACHE:
      process.env.NODE_COMPILE_CACHE ?? path.join(root, "node_modules", ".cache", "bahi-node"),
  },
});
// The server runs in a process group of its own, so SIGTERM or Ctrl-C sent to npm start's group
// reaches it once, from here; it then drains (server/src/main.ts) and is not restarted.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => supervisor.stop(signal));
}
process.exit(await supervisor.done);
