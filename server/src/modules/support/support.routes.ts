import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, signedInUserOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { helpLinksFor } from "./help-links.ts";
import { HelpLinkOutput, SupportLinksQuery, SupportQueryInput } from "./support.schemas.ts";
import { sendSupportQuery } from "./support.service.ts";

// A person may write to support a few times an hour; a loop in a page cannot fill its mailbox.
const SUPPORT_QUERIES_PER_HOUR = 20;

/** api.md 7 "Misc and support": the support-or-feedback screen's calls. */
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

  // Help for a page (decision 034): the same for everyone signed in, so no organisation is asked.
  app.get(
    "/support/supportlinks",
    {
      schema: {
        querystring: SupportLinksQuery,
        response: {
          200: z.object({
            success: z.literal(true),
            forPage: z.boolean(),
            data: z.array(HelpLinkOutput),
          }),
        },
      },
    },
    async (request) => {
      const { links, forPage } = helpLinksFor(request.query.pageLink);
      return { success: true as const, forPage, data: links };
    },
  );
};
