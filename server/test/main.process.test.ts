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
    server = await startServerProcess(env);
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

  test("SIGTERM answers the request in flight, then closes the database and exits 0", async () => {
    const { port } = new URL(server.baseUrl);
    const body = JSON.stringify({ url: "/in-flight-during-shutdown" });
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    let reply = "";
    socket.on("data", (chunk) => {
      reply += chunk.toString();
    });
    const answered = new Promise<void>((resolve) => socket.once("end", () => resolve()));
    socket.write(
      `POST /api/misc/fourzerofoururlsave HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.write(body.slice(5));
    await answered;
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    expect(reply).toContain('{"success":true}');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shut down cleanly");
  });
});
