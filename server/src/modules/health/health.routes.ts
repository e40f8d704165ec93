import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import type { AppDatabase } from "../../db/database.ts";
import { READY_DATABASE_TIMEOUT_MS, type Readiness } from "./readiness.ts";

const HealthResponse = z.object({
  status: z.enum(["ok", "error"]),
  db: z.enum(["sqlite", "postgres"]),
  migration: z.string(),
});

const ReadyResponse = z.object({
  status: z.enum(["ready", "draining", "database-unavailable"]),
});

export const healthRoutes: FastifyPluginAsyncZod<{
  database: AppDatabase;
  migrationId: string;
  readiness: Readiness;
  readyDatabaseTimeoutMs?: number;
}> = async (app, { database, migrationId, readiness, readyDatabaseTimeoutMs }) => {
  app.get(
    "/health",
    { schema: { response: { 200: HealthResponse, 503: HealthResponse } } },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(database.db);
        return { status: "ok" as const, db: database.kind, migration: migrationId };
      } catch (error) {
        request.log.error({ err: error }, "database health check failed");
        return reply
          .status(503)
          .send({ status: "error" as const, db: database.kind, migration: migrationId });
      }
    },
  );

  // For load balancers and rolling restarts: 200 while this server takes requests; 503 once it
  // has been told to stop (SIGTERM) or while its database does not answer `select 1` in time.
  app.get(
    "/health/ready",
    {
      schema: {
        summary: "Whether this server should be sent requests",
        response: { 200: ReadyResponse, 503: ReadyResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      if (readiness.draining) return reply.status(503).send({ status: "draining" as const });
      try {
        await withTimeout(
          sql`select 1`.execute(database.db),
          readyDatabaseTimeoutMs ?? READY_DATABASE_TIMEOUT_MS,
        );
      } catch (error) {
        request.log.warn({ err: error }, "readiness: the database did not answer");
        return reply.status(503).send({ status: "database-unavailable" as const });
      }
      if (readiness.draining) return reply.status(503).send({ status: "draining" as const });
      return { status: "ready" as const };
    },
  );
};

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
