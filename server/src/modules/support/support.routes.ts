import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, signedInUserOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { SupportQueryInput } from "./support.schemas.ts";
import { sendSupportQuery } from "./support.service.ts";

// A person may write to support a few times an hour; a loop in a page cannot fill its mailbox.
const SUPPORT_QUERIES_PER_HOUR = 20;

/** api.md 7 "Misc and support": the support-or-feedback screen's call. */
export const supportRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", deps.authenticator.requireCaller);

  app.post(
    "/misc/supportquery",
    {
      config: { rateLimit: { max: SUPPORT_QUERIES_PER_HOUR, timeWindow: "1 hour" } },
      schema: {
        body: SupportQueryInput,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (request) =>
      sendSupportQuery(deps, callerOf(request), signedInUserOf(request), request.body),
  );
};
