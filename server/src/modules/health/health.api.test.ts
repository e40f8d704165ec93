import Fastify from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { Kysely, PostgresDialect, type PostgresPool } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import type { AppDatabase } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { healthRoutes } from "./health.routes.ts";
import { createReadiness } from "./readiness.ts";

describe("GET /api/health/ready", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  test("answers 200 ready while the database answers", async () => {
    const response = await context.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  test("is in the OpenAPI document", async () => {
    const response = await context.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(Object.keys(response.json().paths)).toContain("/api/health/ready");
  });
});

// Long enough for a loaded machine's PostgreSQL to answer `select 1`; short enough that the
// hanging database's test below ends well within its bound.
async function healthOnly(database: AppDatabase, readiness = createReadiness()) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes, {
    prefix: "/api",
    database,
    migrationId: "test",
    readiness,
    readyDatabaseTimeoutMs: 800,
  });
  return app;
}

describe("GET /api/health/ready when it should not be sent requests", () => {
  test("503 draining once the server has been told to stop", async () => {
    const context = await createTestApp();
    const readiness = createReadiness();
    const app = await healthOnly(context.testDatabase.database, readiness);
    try {
      expect((await app.inject({ url: "/api/health/ready" })).statusCode).toBe(200);
      readiness.draining = true;
      const response = await app.inject({ url: "/api/health/ready" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "draining" });
    } finally {
      await app.close();
      await context.close();
    }
  });

  test("503 when the database has gone away", async () => {
    const context = await createTestApp();
    const app = await healthOnly(context.testDatabase.database);
    try {
      await context.testDatabase.database.close();
      const response = await app.inject({ url: "/api/health/ready" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "database-unavailable" });
    } finally {
      await app.close();
      await context.close().catch(() => {});
    }
  });

  test("503 when the database does not answer in time (a PostgreSQL that cannot be reached)", async () => {
    const hangingPool = {
      connect: () => new Promise(() => {}),
      end: async () => {},
    } as unknown as PostgresPool;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: hangingPool }) });
    const database: AppDatabase = {
      db,
      kind: "postgres",
      schema: undefined,
      close: async () => {},
    };
    const app = await healthOnly(database);
    const started = Date.now();
    const response = await app.inject({ url: "/api/health/ready" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "database-unavailable" });
    expect(Date.now() - started).toBeLessThan(1800);
    await app.close();
  });
});
