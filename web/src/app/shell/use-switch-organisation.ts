import { useNavigate } from "react-router";
import type { OrganisationSummary } from "../../features/organisations/organisations.api.ts";
import { notify } from "../notify.tsx";
import { organisationStartScreenPath } from "../routes.ts";

/** spec 2.3, 4 "Changing organisation": go to its start page and say so. */
export function useSwitchOrganisation(): (organisation: OrganisationSummary) => void {
  const navigate = useNavigate();
  return (organisation) => {
    void navigate(organisationStartScreenPath(organisation));
    notify({ type: "success", title: `Organisation changed to ${organisation.name}` });
  };
}
