import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf, signedInUserOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  editMember,
  leaveOrganisation,
  listMembers,
  MEMBER_MESSAGES,
  readRights,
  readUserLogs,
  removeMember,
  setMemberActive,
} from "./members.service.ts";
import {
  EditMemberInput,
  MemberInput,
  MemberListQuery,
  OrganisationIdQuery,
  RightsQuery,
  UserLogsQuery,
} from "./organisations.schemas.ts";

/** Members of an organisation; the /user/* calls here are the organisation-scoped ones. */
export const membersRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post("/organisation/edituser", { schema: { body: EditMemberInput } }, async (request) =>
    editMember(db, callerOf(request), request.body),
  );

  app.post("/organisation/removeuser", { schema: { body: MemberInput } }, async (request) => {
    await removeMember(db, callerOf(request), request.body);
    return { success: true, message: MEMBER_MESSAGES.removed };
  });

  app.post(
    "/organisation/leaveorganisation",
    { schema: { body: OrganisationIdQuery } },
    async (request) => {
      signedInUserOf(request); // a person leaves; an API key cannot
      await leaveOrganisation(db, callerOf(request), request.body.organisationId);
      return { success: true };
    },
  );

  app.get("/user/list", { schema: { querystring: MemberListQuery } }, async (request) => ({
    users: await listMembers(db, callerOf(request), request.query),
  }));

  app.get("/user/rights", { schema: { querystring: RightsQuery } }, async (request) =>
    readRights(db, callerOf(request), request.query),
  );

  for (const [path, active] of [
    ["/user/active", true],
    ["/user/inactive", false],
  ] as const) {
    app.patch(path, { schema: { body: MemberInput } }, async (request) => {
      await setMemberActive(db, callerOf(request), request.body, active);
      return { success: true };
    });
  }

  app.get("/organisation/user-logs", { schema: { querystring: UserLogsQuery } }, async (request) =>
    readUserLogs(db, callerOf(request), request.query),
  );
};
