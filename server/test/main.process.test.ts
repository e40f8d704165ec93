import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LATEST_MIGRATION_ID } from "../src/db/migrations/index.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";
import { testDatabaseKind, testPostgresUrl } from "./test-database.ts";

// The entry point as `npm start` runs it: configuration from the environment, migrations on start,
// and a SIGTERM that lets a request in flight finish before the database is closed.
describe(`the server process on ${testDatabaseKind()}`, () => {
  let dataDir: string;
  let server: ServerProcess;
  let dropSchema: (() => Promise<void>) | undefined;
  let baseEnv: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "bahi-main-"));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (testDatabaseKind() === "postgres") {
      const schema = `bahi_main_${process.pid}`;
      const admin = new pg.Client({ connectionString: testPostgresUrl() });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
      await admin.end();
      const url = new URL(testPostgresUrl());
      url.searchParams.set("options", `-c search_path=${schema}`);
      env.DATABASE_URL = url.toString();
      dropSchema = async () => {
        const client = new pg.Client({ connectionString: testPostgresUrl() });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      };
    }
    baseEnv = env;
    // The drain waits this long with /api/health/ready answering 503 before it stops accepting.
    server = await startServerProcess({ ...env, SHUTDOWN_DELAY_MS: "1500" });
  });

  afterAll(async () => {
    server.child.kill("SIGKILL");
    await dropSchema?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("migrates on start and reports health", async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(await response.json()).toEqual({
      status: "ok",
      db: testDatabaseKind(),
      migration: LATEST_MIGRATION_ID,
    });
  });

  test("a second server on the same data folder: refused on SQLite, serving the same books on PostgreSQL", async () => {
    const second = startServerProcess(baseEnv);
    if (testDatabaseKind() === "sqlite") {
      await expect(second).rejects.toThrow(
        /SQLite runs as one server, and process \d+ already serves/,
      );
      return;
    }
    const started = await second;
    const response = await fetch(`${started.baseUrl}/api/health`);
    expect(await response.json()).toMatchObject({ status: "ok", db: "postgres" });
    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
  });

  test("SIGTERM, even delivered twice, drains: ready answers 503, the request in flight is answered, exit 0", async () => {
    const ready = await fetch(`${server.baseUrl}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });

    const request = startSlowRequest(server.baseUrl);
    await request.connected;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A signal to `npm start`'s process group used to reach the server twice and kill it mid-request.
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const draining = await fetch(`${server.baseUrl}/api/health/ready`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: "draining" });
    request.finish();
    const reply = await request.answered;
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    expect(reply).toContain('{"success":true}');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("already shutting down");
    expect(server.output()).toContain("shut down cleanly");
  });

  test("a request still in flight at the end of SHUTDOWN_GRACE_MS is cut, and the server exits 1", async () => {
    const quickDir = mkdtempSync(path.join(tmpdir(), "bahi-main-"));
    const quick = await startServerProcess({
      ...baseEnv,
      DATA_DIR: quickDir,
      SHUTDOWN_GRACE_MS: "700",
    });
    const request = startSlowRequest(quick.baseUrl);
    await request.connected;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalled = Date.now();
    quick.child.kill("SIGTERM");
    await request.answered;
    expect(await quick.exited).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(5000);
    expect(quick.output()).toContain("cutting them");
    rmSync(quickDir, { recursive: true, force: true });
  });
});

/** A POST whose body is sent only when `finish()` is called: a request in flight until then. */
function startSlowRequest(baseUrl: string) {
  const { port } = new URL(baseUrl);
  const body = JSON.stringify({ url: "/in-flight-during-shutdown" });
  const socket = net.connect(Number(port), "127.0.0.1");
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  let reply = "";
  socket.on("data", (chunk) => {
    reply += chunk.toString();
  });
  socket.on("error", () => {});
  const answered = new Promise<string>((resolve) => socket.once("close", () => resolve(reply)));
  void connected.then(() =>
    socket.write(
      `POST /api/misc/fourzerofoururlsave HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    ),
  );
  return { connected, answered, finish: () => socket.write(body.slice(5)) };
}
