import type { GstRegistrationType, Role, TransactionRight } from "@bahi/domain";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../api/http.ts";

/** One of the person's organisations, with their role in it (GET /organisations). */
export interface OrganisationSummary {
  _id: string;
  name: string;
  startingYear: string;
  gstin: string | null;
  gstRegistered: boolean;
  gstRegType: string | null;
  gstRegStatus: string | null;
  stateCode: string | null;
  manageInventory: boolean;
  billWiseEntry: boolean;
  billingAddress: string | null;
  billingCity: string | null;
  billingPincode: string | null;
  mainlyDealsIn: string | null;
  active: boolean;
  role: Role;
  isOwner: boolean;
}

/** An invitation the person has received (GET /organisation/list). */
export interface ReceivedInvitation {
  invitationId: string;
  organisationId: string;
  organisationName: string;
  invitedByName: string;
  role: Role;
  createdAt: string;
}

export interface NewOrganisation {
  name: string;
  gstin?: string;
  gstRegistered: boolean;
  gstRegType?: GstRegistrationType;
  startingYear: string;
  gstRegStatus?: string;
  manageInventory: boolean;
  billingAddress?: string;
  mainlyDealsIn?: string;
  billWiseEntry: boolean;
}

export interface InvitationSent {
  invitationId: string;
  email: string;
  role: Role;
  transactionPermissions: TransactionRight[];
  status: string;
  createdAt: string;
}

export const ORGANISATIONS_QUERY_KEY = ["organisations"] as const;
export const ORGANISATION_LIST_QUERY_KEY = ["organisation-list"] as const;

// spec/api.md §8 catalogue title.
export const FETCH_ORGANISATIONS_FAILED = "Could not fetch Organisations";

export async function fetchOrganisations(): Promise<OrganisationSummary[]> {
  const answer = await apiRequest<{ organisations: OrganisationSummary[] }>(
    "GET",
    "/organisations",
    { errorTitle: FETCH_ORGANISATIONS_FAILED },
  );
  return answer.organisations;
}

export function fetchOrganisationList() {
  return apiRequest<{ organisations: OrganisationSummary[]; invitations: ReceivedInvitation[] }>(
    "GET",
    "/organisation/list",
    { errorTitle: FETCH_ORGANISATIONS_FAILED },
  );
}

export function addOrganisation(input: NewOrganisation) {
  return apiRequest<{
    success: boolean;
    organisationId: string;
    organisation: OrganisationSummary;
  }>("POST", "/organisation/add", { body: input });
}

export function renameOrganisation(organisationId: string, name: string) {
  return apiRequest("PATCH", "/organisation/updatename", { body: { organisationId, name } });
}

export function setOrganisationActive(organisationId: string, active: boolean) {
  return apiRequest("PATCH", active ? "/organisation/active" : "/organisation/inactive", {
    body: { organisationId },
  });
}

export function deleteOrganisation(organisationId: string) {
  return apiRequest<{ message: string }>("DELETE", "/organisation/delete", {
    query: { organisationId },
  });
}

export function acceptInvitation(invitationId: string) {
  return apiRequest("POST", "/organisation/acceptinvitation", { body: { invitationId } });
}

// The path's spelling is the spec's (api.md §7).
export function rejectInvitation(invitationId: string) {
  return apiRequest("POST", "/organisation/rejecttinvitation", { body: { invitationId } });
}

export function leaveOrganisation(organisationId: string) {
  return apiRequest("POST", "/organisation/leaveorganisation", { body: { organisationId } });
}

/** Reloads every view of the person's organisations after a change. */
export function refreshOrganisations(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ORGANISATIONS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ORGANISATION_LIST_QUERY_KEY }),
  ]).then(() => undefined);
}

export function useRefreshOrganisations(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => refreshOrganisations(queryClient);
}
