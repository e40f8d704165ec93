import { EmailLogQuery, ResendMessageInput } from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { readEmailLog, resendMessage } from "./email-log.service.ts";

/** The email log (api.md 7 Reports, issue 22): every message sent, and Resend. */
export const emailLogRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const guard = { preHandler: deps.authenticator.requireCaller };
  const tags = ["Email log"];
  app.get(
    "/emailreports/getEmailLogs",
    { ...guard, schema: { tags, querystring: EmailLogQuery } },
    async (request) => readEmailLog(deps, callerOf(request), request.query),
  );
  app.post(
    "/emailreports/resend",
    { ...guard, schema: { tags, body: ResendMessageInput } },
    async (request) => resendMessage(deps, callerOf(request), request.body),
  );
};
