import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { superviseServer } from "../../scripts/supervisor.ts";

// `npm start`'s supervision (scripts/supervisor.ts) with a stand-in for the server: a script that
// says it is ready over IPC as server/src/main.ts does, then crashes, fails or waits for a signal.
const FAKE_SERVER = `
const mode = process.env.FAKE_MODE;
const signalsFile = process.env.FAKE_SIGNALS_FILE;
if (mode === "fail-before-ready") process.exit(2);
process.send({ bahi: "ready" });
if (mode === "crash") setTimeout(() => process.exit(3), Number(process.env.FAKE_CRASH_AFTER_MS));
if (mode === "kill-self") setTimeout(() => process.kill(process.pid, "SIGKILL"), 20);
if (mode === "serve") {
  process.channel.unref();
  let signals = 0;
  process.on("SIGTERM", () => {
    signals += 1;
    require("node:fs").writeFileSync(signalsFile, String(signals));
    setTimeout(() => process.exit(0), 150);
  });
  setInterval(() => {}, 1000);
}
`;

describe("npm start's supervisor", () => {
  let dir: string;
  let script: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "bahi-supervisor-"));
    script = path.join(dir, "fake-server.cjs");
    writeFileSync(script, FAKE_SERVER);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function supervise(env: Record<string, string>, timing: { resetAfterMs?: number } = {}) {
    const logged: string[] = [];
    const supervisor = superviseServer({
      command: process.execPath,
      args: [script],
      env: { ...process.env, ...env },
      initialDelayMs: 50,
      maxDelayMs: 200,
      resetAfterMs: timing.resetAfterMs ?? 60_000,
      log: (message) => logged.push(message),
    });
    return { supervisor, logged };
  }

  async function until(condition: () => boolean, ms = 10_000): Promise<void> {
    const end = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > end) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  test("a crashed server is started again, the wait doubling to its ceiling, each restart logged", async () => {
    const { supervisor, logged } = supervise({ FAKE_MODE: "crash", FAKE_CRASH_AFTER_MS: "10" });
    await until(() => supervisor.restarts() >= 5);
    supervisor.stop("SIGTERM");
    expect(await supervisor.done).toBe(0);
    expect(logged.slice(0, 5)).toEqual([
      "bahi: the server exited with code 3; restart 1 in 50 ms.",
      "bahi: the server exited with code 3; restart 2 in 100 ms.",
      "bahi: the server exited with code 3; restart 3 in 200 ms.",
      "bahi: the server exited with code 3; restart 4 in 200 ms.",
      "bahi: the server exited with code 3; restart 5 in 200 ms.",
    ]);
  });

  test("a server that ran longer than the reset time is restarted after the first wait again", async () => {
    const { supervisor, logged } = supervise(
      { FAKE_MODE: "crash", FAKE_CRASH_AFTER_MS: "150" },
      { resetAfterMs: 100 },
    );
    await until(() => supervisor.restarts() >= 3);
    supervisor.stop("SIGTERM");
    await supervisor.done;
    expect(logged.slice(0, 3).every((line) => line.endsWith("in 50 ms."))).toBe(true);
  });

  test("a kill -9 is a crash too", async () => {
    const { supervisor, logged } = supervise({ FAKE_MODE: "kill-self" });
    await until(() => supervisor.restarts() >= 1);
    supervisor.stop("SIGTERM");
    await supervisor.done;
    expect(logged[0]).toBe("bahi: the server was killed by SIGKILL; restart 1 in 50 ms.");
  });

  test("a first start that fails before it is ready is not retried", async () => {
    const { supervisor, logged } = supervise({ FAKE_MODE: "fail-before-ready" });
    expect(await supervisor.done).toBe(2);
    expect(supervisor.restarts()).toBe(0);
    expect(logged).toEqual([
      "bahi: the server exited with code 2 before it was ready; not restarting.",
    ]);
  });

  test("stop passes the signal on once, however often it comes, and nothing is restarted", async () => {
    const signalsFile = path.join(dir, "signals");
    const { supervisor, logged } = supervise({
      FAKE_MODE: "serve",
      FAKE_SIGNALS_FILE: signalsFile,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    supervisor.stop("SIGTERM");
    supervisor.stop("SIGTERM");
    expect(await supervisor.done).toBe(0);
    expect(readFileSync(signalsFile, "utf8")).toBe("1");
    expect(supervisor.restarts()).toBe(0);
    expect(logged).toEqual([]);
  });
});
