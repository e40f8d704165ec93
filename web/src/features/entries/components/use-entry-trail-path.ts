import { canManage } from "@bahi/domain";
import { organisationPath } from "../../../app/routes.ts";
import { useCurrentScope } from "../../../app/shell/use-current-scope.ts";

/**
 * Reports → Audit Trail filtered to one saved entry (issue 39), or null when there is none to show
 * or the person may not read the trail (owners and admins may).
 */
export function useEntryTrailPath(entryId: string | null, label: string): string | null {
  const scope = useCurrentScope();
  if (!entryId || !scope || !canManage(scope.organisation.role, "auditTrail")) return null;
  const query = new URLSearchParams({ entityId: entryId, label });
  return `${organisationPath(scope.organisation._id, scope.year, "reports/audit-trail")}?${query}`;
}
