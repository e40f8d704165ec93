import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildServer, SERVER_DIST_DIR } from "../../scripts/build-server.ts";

// `npm start` runs the bundle of scripts/build-server.ts (issue 18: first answer within a second).
// It must be the same server: built from these sources, with its worker threads beside it.

const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-bundle-"));
beforeAll(() => buildServer(), 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("the bundle holds a file for every worker thread the server starts", () => {
  const main = readFileSync(path.join(SERVER_DIST_DIR, "main.js"), "utf8");
  const workers = [
    ...new Set([...main.matchAll(/workerModuleUrl\("([\w-]+)"/g)].map((match) => match[1])),
  ];
  expect(workers.sort()).toEqual([
    "bank-statement-worker",
    "image-worker",
    "print-worker",
    "render-worker",
    "sheet-worker",
    "sqlite-checkpoint-worker",
    "tally-parse-worker",
  ]);
  for (const worker of workers) {
    expect(existsSync(path.join(SERVER_DIST_DIR, `${worker}.js`)), worker).toBe(true);
  }
});

test("the bundled server migrates a new database and answers", async () => {
  const port = 3990 + Math.floor(Math.random() * 9);
  const child = spawn(process.execPath, [path.join(SERVER_DIST_DIR, "main.js")], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    stdio: "ignore",
  });
  try {
    const deadline = Date.now() + 30_000;
    let health: { status?: string; migration?: string } = {};
    while (Date.now() < deadline && child.exitCode === null) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) {
          health = await response.json();
          break;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(health.status).toBe("ok");
    expect(health.migration).toMatch(/^\d{4}_/);
    const docs = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
    expect(Object.keys((await docs.json()).paths)).toContain("/api/salesinvoice/add");
  } finally {
    child.kill("SIGTERM");
  }
}, 60_000);
