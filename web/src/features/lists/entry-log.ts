import {
  buildVoucherScreenPath,
  type ListView,
  type OrganisationYear,
  type VoucherType,
} from "@bahi/domain";
import type { EntryLog } from "./lists.api.ts";

export interface LogRow {
  key: string;
  label: "Created" | "Edited" | "Deleted" | "Restored";
  current: boolean;
  userName: string;
  date: string;
  /** Where the row opens; null for a deletion, which is not clickable. */
  path: string | null;
}

/**
 * spec 4 "Log dialog": a deletion shows 'Deleted' and is not clickable; the first version shows
 * 'Created', the others 'Edited'; the last row is marked '(Current)' when there is more than one.
 * spec 4 "Entries": the latest version opens edit, older ones old-version/{id}/{version}; on the
 * deleted list every version opens as an old version.
 */
export function describeLogRows(
  logs: readonly EntryLog[],
  context: { scope: OrganisationYear; type: VoucherType; entryId: string; view: ListView },
): LogRow[] {
  return logs.map((log, index) => {
    const deleted = log._id === "deleted" || log.action === "deleted";
    const opensEdit = log.latest && context.view === "live";
    return {
      key: `${log.version}-${index}`,
      label: deleted
        ? "Deleted"
        : log.action === "restored"
          ? "Restored"
          : log.first
            ? "Created"
            : "Edited",
      current: logs.length > 1 && index === logs.length - 1,
      userName: log.userName,
      date: log.date,
      path: deleted
        ? null
        : opensEdit
          ? buildVoucherScreenPath(context.scope, context.type, {
              screen: "edit",
              id: context.entryId,
            })
          : buildVoucherScreenPath(context.scope, context.type, {
              screen: "old-version",
              id: context.entryId,
              version: log.version,
            }),
    };
  });
}
