import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { E2E_COOKIE_SECRET } from "./support/server.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  // DESIGN.md §8: never download a browser; with CI=true a missing one is a failure, not a skip.
  throw new Error(
    `Chromium not found at ${chromiumPath}. Install Debian's chromium package or set CHROMIUM_PATH.`,
  );
}

// The main process makes one data folder; workers inherit it through the environment.
process.env.BAHI_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "bahi-e2e-"));
const port = Number(process.env.BAHI_E2E_PORT ?? 3947);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: here,
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // A guard against a hang, not a speed test: a keyboard-typed invoice takes 8–12 s on a quiet
  // 2-core machine and 28 s on the slowed CI host of 2026-11-21, past Playwright's 30 s default.
  timeout: 90_000,
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: "../test-results/e2e.json" }]]
    : "list",
  outputDir: "../test-results/e2e",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node ../server/src/main.ts",
    cwd: here,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.BAHI_E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // Known to the specs (support/server.ts) so they can mint an expired access token.
      COOKIE_SECRET: E2E_COOKIE_SECRET,
      PUBLIC_URL: baseURL,
      // Each spec signs up from its own X-Forwarded-For address (people/support.ts), as people
      // behind a proxy on this machine would: the server trusts that header from loopback only.
      TRUST_PROXY: "127.0.0.1",
    },
  },
});
