import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { E2E_COOKIE_SECRET } from "../support/server.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

export interface PrivateServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A server of its own, on its own data folder, for the specs that seed thousands of vouchers
 * straight into the database (seed-books.ts): no other spec writes to that file meanwhile, so a
 * seed never races the shared server's writes. The same build of the web app is served.
 */
export async function startPrivateServer(): Promise<PrivateServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-e2e-private-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(here, "../../server/src/main.ts")],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        COOKIE_SECRET: E2E_COOKIE_SECRET,
        PUBLIC_URL: baseURL,
        // Specs sign up from their own X-Forwarded-For address (people/support.ts).
        TRUST_PROXY: "127.0.0.1",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const health = await fetch(`${baseURL}/api/health`);
      if (health.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill();
      throw new Error(`the private server on ${baseURL} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
