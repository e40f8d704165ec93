import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestContext } from "../test/test-app.ts";
import { testDatabaseKind } from "../test/test-database.ts";
import { LATEST_MIGRATION_ID } from "./db/migrations/index.ts";

describe("the API shell", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  test("GET /api/health names the engine and the latest migration", async () => {
    const response = await context.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ok",
      db: testDatabaseKind(),
      migration: LATEST_MIGRATION_ID,
    });
    expect(response.headers["x-request-id"]).toMatch(/^[\w-]+$/);
  });

  test("an unknown /api path is a JSON 404", async () => {
    const response = await context.app.inject({ method: "GET", url: "/api/no/such/thing?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.json()).toEqual({ message: "Not found: GET /api/no/such/thing" });
  });

  test("a payload failing validation is a 400 with the field errors, never a 500", async () => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/misc/fourzerofoururlsave",
      payload: { url: "   " },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "URL is required",
      errors: [{ path: "url", message: "URL is required" }],
    });
  });

  test("malformed JSON is a 400 in the same shape", async () => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/misc/fourzerofoururlsave",
      headers: { "content-type": "application/json" },
      payload: '{"url": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The request body is not valid JSON." });
  });

  test("a wrong-typed body is a 400 naming the field", async () => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/misc/frontenderrorsave",
      payload: { error: 42 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors[0].path).toBe("error");
    expect(typeof body.message).toBe("string");
  });

  test("the OpenAPI document lists the routes", async () => {
    const response = await context.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain("/api/misc/fourzerofoururlsave");
  });

  test("without a built web app, other paths are JSON 404s too", async () => {
    const response = await context.app.inject({ method: "GET", url: "/signin" });
    expect(response.statusCode).toBe(404);
  });
});

describe("serving the web app", () => {
  let context: TestContext;
  let distDir: string;
  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), "bahi-dist-"));
    mkdirSync(path.join(distDir, "assets"));
    writeFileSync(path.join(distDir, "index.html"), "<!doctype html><title>Bahi</title>");
    writeFileSync(path.join(distDir, "assets", "app-abc123.js"), "console.log('app')");
    context = await createTestApp({ webDistDir: distDir });
  });
  afterAll(async () => {
    await context.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  test.each(["/", "/signin", "/0192/2024-25/sales/list", "/some/unknown/page"])(
    "GET %s falls back to index.html for the client router",
    async (url) => {
      const response = await context.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("<title>Bahi</title>");
    },
  );

  test("fingerprinted assets are served with a long cache", async () => {
    const response = await context.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("console.log('app')");
    expect(response.headers["cache-control"]).toContain("immutable");
  });

  test("API paths never fall back to the app", async () => {
    const response = await context.app.inject({ method: "GET", url: "/api/unknown" });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Not found: GET /api/unknown");
  });
});
