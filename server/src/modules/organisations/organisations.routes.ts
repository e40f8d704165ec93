import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf, signedInUserOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { apiKeysRoutes } from "./api-keys.routes.ts";
import { invitationsRoutes } from "./invitations.routes.ts";
import { listReceivedInvitations } from "./invitations.service.ts";
import { membersRoutes } from "./members.routes.ts";
import {
  AddOrganisationInput,
  OrganisationIdQuery,
  RenameOrganisationInput,
} from "./organisations.schemas.ts";
import {
  addOrganisation,
  deleteOrganisation,
  listOrganisationsOfUser,
  ORGANISATION_MESSAGES,
  renameOrganisation,
  setOrganisationActive,
} from "./organisations.service.ts";
import { settingsRoutes } from "./settings.routes.ts";
import { MAX_IMAGE_BYTES } from "./settings.schemas.ts";

/** Organisations, their members, invitations, API keys and settings (spec api §7). */
export const organisationsRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const { db } = deps;
  // Every call here is for a signed-in person or an API key; checked before any body is read.
  app.addHook("onRequest", deps.authenticator.requireCaller);
  // Only this plugin's routes take forms: the logo and the signature (settings.routes.ts).
  await app.register(fastifyMultipart, {
    // The settings form has some 40 fields (addresses, e-invoice, e-way bill, templates); 60 leaves room.
    limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 60, parts: 65, fieldSize: 4096 },
  });

  app.get("/organisations", async (request) => {
    const { userId } = signedInUserOf(request);
    return { organisations: await listOrganisationsOfUser(db, userId) };
  });

  app.get("/organisation/list", async (request) => {
    const { userId } = signedInUserOf(request);
    const [organisations, invitations] = await Promise.all([
      listOrganisationsOfUser(db, userId),
      listReceivedInvitations(db, userId),
    ]);
    return { organisations, invitations };
  });

  app.post("/organisation/add", { schema: { body: AddOrganisationInput } }, async (request) => {
    const { userId } = signedInUserOf(request);
    const organisation = await addOrganisation(db, userId, request.body);
    return { success: true, organisationId: organisation._id, organisation };
  });

  app.patch(
    "/organisation/updatename",
    { schema: { body: RenameOrganisationInput } },
    async (request) => {
      const organisation = await renameOrganisation(db, callerOf(request), request.body);
      return { success: true, organisation };
    },
  );

  for (const [path, active] of [
    ["/organisation/active", true],
    ["/organisation/inactive", false],
  ] as const) {
    app.patch(path, { schema: { body: OrganisationIdQuery } }, async (request) => {
      const { organisationId } = request.body;
      const organisation = await setOrganisationActive(
        db,
        callerOf(request),
        organisationId,
        active,
      );
      return { success: true, organisation };
    });
  }

  app.delete(
    "/organisation/delete",
    { schema: { querystring: OrganisationIdQuery } },
    async (request) => {
      await deleteOrganisation(db, callerOf(request), request.query.organisationId);
      return { success: true, message: ORGANISATION_MESSAGES.deleted };
    },
  );

  await app.register(invitationsRoutes, { deps });
  await app.register(membersRoutes, { deps });
  await app.register(apiKeysRoutes, { deps });
  await app.register(settingsRoutes, { deps });
};
