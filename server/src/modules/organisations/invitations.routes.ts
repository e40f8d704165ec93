import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, signedInUserOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  acceptInvitation,
  inviteMember,
  listReceivedInvitations,
  listSentInvitations,
  presentSentInvitation,
  rejectInvitation,
  revokeInvitation,
} from "./invitations.service.ts";
import {
  InvitationIdInput,
  InviteMemberInput,
  OrganisationIdQuery,
  RevokeInvitationInput,
} from "./organisations.schemas.ts";

export const INVITATION_SENT_MESSAGE = "Invitation sent.";

export const invitationsRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (
  app,
  { deps },
) => {
  const { db } = deps;

  // Spec api §7 calls adding a user "adduser": the person joins by accepting the invitation.
  app.post("/organisation/adduser", { schema: { body: InviteMemberInput } }, async (request) => {
    const invitation = await inviteMember(deps, callerOf(request), request.body);
    return {
      success: true,
      message: INVITATION_SENT_MESSAGE,
      invitation: presentSentInvitation(invitation),
    };
  });

  app.get(
    "/organisation/listofinvitationsent",
    { schema: { querystring: OrganisationIdQuery } },
    async (request) => ({
      invitations: await listSentInvitations(db, callerOf(request), request.query.organisationId),
    }),
  );

  // The spec sends organisationId here too; invitations are the person's, whatever it says.
  app.get(
    "/organisation/listofinvitationreceived",
    { schema: { querystring: z.object({ organisationId: z.string().max(64).optional() }) } },
    async (request) => ({
      invitations: await listReceivedInvitations(db, signedInUserOf(request).userId),
    }),
  );

  app.post(
    "/organisation/acceptinvitation",
    { schema: { body: InvitationIdInput } },
    async (request) => {
      const { userId } = signedInUserOf(request);
      const organisation = await acceptInvitation(db, userId, request.body.invitationId);
      return { success: true, organisationId: organisation._id, organisation };
    },
  );

  // Sic: the spec spells it "rejecttinvitation".
  app.post(
    "/organisation/rejecttinvitation",
    { schema: { body: InvitationIdInput } },
    async (request) => {
      await rejectInvitation(db, signedInUserOf(request).userId, request.body.invitationId);
      return { success: true };
    },
  );

  app.post(
    "/organisation/revokeinvitation",
    { schema: { body: RevokeInvitationInput } },
    async (request) => {
      await revokeInvitation(db, callerOf(request), request.body);
      return { success: true };
    },
  );
};
