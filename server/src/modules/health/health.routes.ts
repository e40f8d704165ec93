import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import type { AppDatabase } from "../../db/database.ts";

const HealthResponse = z.object({
  status: z.enum(["ok", "error"]),
  db: z.enum(["sqlite", "postgres"]),
  migration: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod<{
  database: AppDatabase;
  migrationId: string;
}> = async (app, { database, migrationId }) => {
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
};
