import type { Role, TransactionRight } from "@bahi/domain";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../api/http.ts";
import type { InvitationSent } from "../organisations/organisations.api.ts";

/** A member of an organisation (GET /user/list). */
export interface Member {
  _id: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  isOwner: boolean;
  transactionPermissions: TransactionRight[];
}

export type GrantedRole = Exclude<Role, "owner">;

export interface MemberGrant {
  role: GrantedRole;
  transactionPermissions: TransactionRight[];
}

export interface ApiKeyInfo {
  keyPrefix: string;
  createdAt: string;
}

export const membersKey = (organisationId: string) => ["members", organisationId] as const;
export const sentInvitationsKey = (organisationId: string) =>
  ["invitations-sent", organisationId] as const;
export const apiKeyKey = (organisationId: string) => ["api-key", organisationId] as const;

export async function fetchMembers(organisationId: string): Promise<Member[]> {
  const answer = await apiRequest<{ users: Member[] }>("GET", "/user/list", {
    query: { organisationId },
    errorTitle: "Could not fetch users",
  });
  return answer.users;
}

/** The organisation's members, under the key this module owns. */
export function membersQuery(organisationId: string) {
  return queryOptions({
    queryKey: membersKey(organisationId),
    queryFn: () => fetchMembers(organisationId),
  });
}

export function fetchMemberRights(organisationId: string, userId: string) {
  return apiRequest<{ role: Role; rights: TransactionRight[] }>("GET", "/user/rights", {
    query: { organisationId, userId },
    errorTitle: "Could not fetch the user's rights",
  });
}

export function inviteMember(organisationId: string, email: string, grant: MemberGrant) {
  return apiRequest<{ message: string }>("POST", "/organisation/adduser", {
    body: { organisationId, email, ...grant },
  });
}

export function editMember(organisationId: string, editUserId: string, grant: MemberGrant) {
  return apiRequest("POST", "/organisation/edituser", {
    body: { organisationId, editUserId, ...grant },
  });
}

export function removeMember(organisationId: string, userId: string) {
  return apiRequest<{ message: string }>("POST", "/organisation/removeuser", {
    body: { organisationId, userId },
  });
}

export function setMemberActive(organisationId: string, userId: string, active: boolean) {
  return apiRequest("PATCH", active ? "/user/active" : "/user/inactive", {
    body: { organisationId, userId },
  });
}

export async function fetchSentInvitations(organisationId: string): Promise<InvitationSent[]> {
  const answer = await apiRequest<{ invitations: InvitationSent[] }>(
    "GET",
    "/organisation/listofinvitationsent",
    { query: { organisationId }, errorTitle: "Could not fetch invitations" },
  );
  return answer.invitations;
}

export function revokeInvitation(organisationId: string, invitationId: string) {
  return apiRequest("POST", "/organisation/revokeinvitation", {
    body: { organisationId, invitationId },
  });
}

/** Whether a key exists, without the key (the server's own addition to the spec's calls). */
export async function fetchApiKey(organisationId: string): Promise<ApiKeyInfo | null> {
  const answer = await apiRequest<{ apiKey: ApiKeyInfo | null }>("GET", "/organisation/apikey", {
    query: { organisationId },
    errorTitle: "Could not fetch the API key",
  });
  return answer.apiKey;
}

/** The key itself comes back once, here. */
export function createApiKey(organisationId: string) {
  return apiRequest<{ apiKey: string; keyPrefix: string; createdAt: string }>(
    "POST",
    "/organisation/createapikey",
    { body: { organisationId } },
  );
}

export function deleteApiKey(organisationId: string) {
  return apiRequest<{ message: string }>("POST", "/organisation/deleteapikey", {
    body: { organisationId },
  });
}
