import { EntityId } from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { callerOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import type { ChangeFeed } from "./change-feed.ts";

const HEARTBEAT_MS = 25_000;

/**
 * GET /changes/stream?organisationId: server-sent events, one `change` event per saved or deleted
 * voucher of the organisation, so open screens can show "Page Refresh Required" (spec 2.7).
 */
export const changesRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps; feed: ChangeFeed }> = async (
  app,
  { deps, feed },
) => {
  // Open streams never end by themselves; shutting down ends them so requests in flight can finish.
  const open = new Set<() => void>();
  app.addHook("preClose", async () => {
    for (const end of open) end();
    feed.close();
  });

  app.get(
    "/changes/stream",
    {
      preHandler: deps.authenticator.requireCaller,
      schema: { querystring: z.object({ organisationId: EntityId }) },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { organisationId } = request.query;
      await requireOrganisationAccess(deps.db, caller, organisationId);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      raw.write("retry: 3000\n\n");
      const unsubscribe = await feed.subscribe(organisationId, (events) => {
        for (const event of events) {
          // The person who saved knows already; their other tabs learn of it all the same.
          raw.write(`id: ${event.id}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`);
        }
      });
      const heartbeat = setInterval(() => raw.write(": keep-alive\n\n"), HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        raw.end();
      };
      open.add(end);
      request.raw.on("close", end);
    },
  );
};
