import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  API_KEY_MESSAGES,
  createApiKey,
  deleteApiKey,
  describeApiKey,
} from "./api-keys.service.ts";
import { OrganisationIdQuery } from "./organisations.schemas.ts";

export const apiKeysRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post(
    "/organisation/createapikey",
    { schema: { body: OrganisationIdQuery } },
    async (request) => {
      const created = await createApiKey(db, callerOf(request), request.body.organisationId);
      return { success: true, ...created };
    },
  );

  app.post(
    "/organisation/deleteapikey",
    { schema: { body: OrganisationIdQuery } },
    async (request) => {
      await deleteApiKey(db, callerOf(request), request.body.organisationId);
      return { success: true, message: API_KEY_MESSAGES.deleted };
    },
  );

  // Ours, not the spec's: lets the settings screen say whether a key exists without showing it.
  app.get(
    "/organisation/apikey",
    { schema: { querystring: OrganisationIdQuery } },
    async (request) => ({
      apiKey: await describeApiKey(db, callerOf(request), request.query.organisationId),
    }),
  );
};
