import { useParams } from "react-router";
import type { OrganisationSummary } from "../../features/organisations/organisations.api.ts";
import { useSession } from "../session.tsx";

export interface OrganisationScope {
  organisation: OrganisationSummary;
  year: string;
}

/** The organisation and year open in the route (/{organisationId}/{year}/…), if any. */
export function useCurrentScope(): OrganisationScope | null {
  const { organisationId, year } = useParams();
  const { organisations } = useSession();
  const organisation = organisations.find((o) => o._id === organisationId);
  return organisation && year ? { organisation, year } : null;
}

/** For pages under the organisation-and-year routes, whose guard has already checked both. */
export function useOrganisationScope(): OrganisationScope {
  const scope = useCurrentScope();
  if (!scope) throw new Error("useOrganisationScope is for pages under /{organisationId}/{year}/");
  return scope;
}
