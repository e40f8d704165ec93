import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { v7 as uuidv7 } from "uuid";
import { z } from "zod";
import type { AppDatabase } from "../../db/database.ts";
import { insertClientErrorReport } from "./misc.repository.ts";

const Success = z.object({ success: z.literal(true) });

// Both reports come from browsers that may be signed out (a mistyped link, a crash on the sign-in
// page), so they are public; the rate limit keeps a broken page from flooding the table.
const publicReportLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

export const miscRoutes: FastifyPluginAsyncZod<{ database: AppDatabase }> = async (
  app,
  { database },
) => {
  app.post(
    "/misc/fourzerofoururlsave",
    {
      config: publicReportLimit,
      schema: {
        body: z.object({ url: z.string().trim().min(1, "URL is required").max(2000) }),
        response: { 200: Success },
      },
    },
    async (request) => {
      await insertClientErrorReport(database.db, {
        id: uuidv7(),
        kind: "not_found",
        url: request.body.url,
        error: null,
        errorInfo: null,
        userAgent: request.headers["user-agent"]?.slice(0, 500) ?? null,
        createdAt: new Date().toISOString(),
      });
      return { success: true as const };
    },
  );

  app.post(
    "/misc/frontenderrorsave",
    {
      config: publicReportLimit,
      schema: {
        body: z.object({
          error: z.string().max(20_000),
          errorInfo: z.string().max(50_000).optional().default(""),
          url: z.string().max(2000).optional(),
        }),
        response: { 200: Success },
      },
    },
    async (request) => {
      await insertClientErrorReport(database.db, {
        id: uuidv7(),
        kind: "frontend_error",
        url: request.body.url ?? null,
        error: request.body.error,
        errorInfo: request.body.errorInfo,
        userAgent: request.headers["user-agent"]?.slice(0, 500) ?? null,
        createdAt: new Date().toISOString(),
      });
      return { success: true as const };
    },
  );
};
