import { useMemo } from "react";
import type { MenuContext } from "./app-menu.ts";
import { useOrganisationScope } from "./use-current-scope.ts";

/** The open organisation's facts that decide what the menus show (spec 6). */
export function useMenuContext(): MenuContext {
  const { organisation, year } = useOrganisationScope();
  const { _id, manageInventory, gstRegistered, gstRegType, gstFilingFrequency, role } =
    organisation;
  return useMemo(
    () => ({
      organisationId: _id,
      year,
      manageInventory,
      gstRegistered,
      gstRegType,
      gstFilingFrequency: gstFilingFrequency ?? "monthly",
      role,
    }),
    [_id, year, manageInventory, gstRegistered, gstRegType, gstFilingFrequency, role],
  );
}
