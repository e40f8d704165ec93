import { EntityId, GstinText, requiredText } from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import * as service from "./gstin.service.ts";
import { createGstinProvider, type GstinLookupProvider } from "./gstin-provider.ts";

const GstinRef = z.object({
  organisationId: EntityId,
  gstin: z.string({ error: "GSTIN is required." }).pipe(GstinText),
});
const tags = ["GSTIN"];

/** Lookups a provider may charge for, per client address per minute. */
export const GSTIN_LOOKUPS_PER_MINUTE = 60;
const limited = { rateLimit: { max: GSTIN_LOOKUPS_PER_MINUTE, timeWindow: "1 minute" } };

/**
 * spec api §7 "GST returns", the GSTIN-records calls: GET /gst/?gstin (the lookup), POST /gsts,
 * GET /gsts and PUT /gsts/changeName. The provider comes from the configuration (GSTIN_LOOKUP_URL,
 * _KEY; server/src/gstin-provider-config.ts) unless one is passed in.
 */
export const gstinRoutes: FastifyPluginAsyncZod<{
  deps: ModuleDeps;
  provider?: GstinLookupProvider;
}> = async (app, { deps, provider: given }) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const db = deps.db;
  const provider = given ?? createGstinProvider(deps.config.gstinLookup);

  // The spec writes the lookup as /gst/?gstin; /gst?gstin answers the same.
  for (const path of ["/gst", "/gst/"]) {
    app.get(
      path,
      { ...guard, config: limited, schema: { tags, querystring: GstinRef } },
      async (request) => service.lookupGstin(db, provider, callerOf(request), request.query),
    );
  }

  app.post(
    "/gsts",
    { ...guard, config: limited, schema: { tags, body: GstinRef } },
    async (request) => ({
      success: true,
      gst: await service.recordGstin(db, provider, callerOf(request), request.body),
      message: service.GSTIN_MESSAGES.recorded,
    }),
  );

  app.get(
    "/gsts",
    { ...guard, schema: { tags, querystring: z.object({ organisationId: EntityId }) } },
    async (request) =>
      service.listGstinRecords(db, callerOf(request), request.query.organisationId),
  );

  app.put(
    "/gsts/changeName",
    {
      ...guard,
      schema: {
        tags,
        body: GstinRef.extend({
          name: requiredText(100, "Name is required", "Name cannot be more than 100 characters."),
        }),
      },
    },
    async (request) => ({
      success: true,
      gst: await service.renameGstinRecord(db, callerOf(request), request.body),
      message: service.GSTIN_MESSAGES.renamed,
    }),
  );
};
