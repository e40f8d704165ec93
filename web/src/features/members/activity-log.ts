import { formatInstant } from "../lists/format-values.ts";

/** A row of GET /organisation/user-logs (docs/api/organisations.md): who did what, and when. */
export interface ActivityLogRecord {
  _id: string;
  userId: string | null;
  userName: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  createdAt: string;
}

export interface ActivityLogRow {
  id: string;
  at: string;
  user: string;
  action: string;
  summary: string;
}

const ACTION_WORDS: Record<string, string> = {
  add: "Added",
  created: "Added",
  edit: "Edited",
  edited: "Edited",
  delete: "Deleted",
  deleted: "Deleted",
  view: "Viewed",
  active: "Made active",
  inactive: "Made inactive",
  invite: "Invited",
  accept: "Accepted",
  reject: "Rejected",
  revoke: "Revoked",
  leave: "Left",
  filed: "Marked filed",
  email: "Emailed",
};

/** The trail as the screen shows it: dd-MM-yyyy times (en-IN), action words, 'System' for no one. */
export function describeActivityLogs(logs: readonly ActivityLogRecord[]): ActivityLogRow[] {
  return logs.map((log) => ({
    id: log._id,
    at: formatInstant(log.createdAt),
    user: log.userName ?? "System",
    action: ACTION_WORDS[log.action] ?? log.action,
    summary: log.summary,
  }));
}
