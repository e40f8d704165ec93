import { getVoucherDefinition, isVoucherType } from "@bahi/domain";
import { apiRequest } from "../../api/http.ts";
import { formatInstant } from "../lists/format-values.ts";

// The audit trail (docs/api/audit-trail.md): GET /audit/trail and GET /audit/verify.

export type TrailValue = string | number | boolean | null;

export interface TrailEntry {
  _id: string;
  at: string;
  userId: string | null;
  userName: string | null;
  action: string;
  entity: string;
  entityId: string;
  number: string | null;
  changes: { field: string; before: TrailValue; after: TrailValue }[];
}

export interface TrailFilter {
  organisationId: string;
  startDate: string;
  endDate: string;
  userId?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
}

export interface TrailVerification {
  ok: boolean;
  checked: number;
  firstBroken: { id: string; seq: number; at: string; reason: string } | null;
}

export const TRAIL_FAILED = "Could not fetch the audit trail.";

export function fetchTrail(
  filter: TrailFilter,
  page: { skip: number; limit: number },
  signal?: AbortSignal,
) {
  return apiRequest<{ entries: TrailEntry[]; count: number }>("GET", "/audit/trail", {
    query: { ...filter, ...page },
    ...(signal ? { signal } : {}),
    errorTitle: TRAIL_FAILED,
  });
}

export function verifyTrail(organisationId: string) {
  return apiRequest<TrailVerification>("GET", "/audit/verify", {
    query: { organisationId },
    errorTitle: "Could not verify the audit trail.",
  });
}

const ACTION_WORDS: Record<string, string> = {
  created: "Created",
  edited: "Edited",
  deleted: "Deleted",
  restored: "Restored",
};

const ENTITY_WORDS: Record<string, string> = {
  account: "Account",
  item: "Item",
  customField: "Custom field",
  settings: "Organisation settings",
  documentSettings: "Document settings",
  organisation: "Organisation",
  lockPeriod: "Lock period",
  closingStock: "Closing stock",
};

/** The records a person may filter by: masters and settings, then every voucher type. */
export function listTrailEntities(
  voucherTypes: readonly string[],
): { value: string; label: string }[] {
  return [
    ...Object.entries(ENTITY_WORDS).map(([value, label]) => ({ value, label })),
    ...voucherTypes.map((value) => ({ value, label: describeEntity(value) })),
  ];
}

export function describeEntity(entity: string): string {
  if (isVoucherType(entity)) return getVoucherDefinition(entity).titles.singular;
  return ENTITY_WORDS[entity] ?? entity;
}

/** A value as the table shows it: blank for none, text as it is, yes/no for flags. */
export function describeValue(value: TrailValue): string {
  if (value === null) return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

export interface TrailRow {
  id: string;
  at: string;
  user: string;
  action: string;
  record: string;
  changes: { field: string; before: string; after: string }[];
}

export function describeTrail(entries: readonly TrailEntry[]): TrailRow[] {
  return entries.map((entry) => ({
    id: entry._id,
    at: formatInstant(entry.at),
    user: entry.userName ?? "System",
    action: ACTION_WORDS[entry.action] ?? entry.action,
    record: `${describeEntity(entry.entity)}${entry.number ? ` ${entry.number}` : ""}`,
    changes: entry.changes.map((change) => ({
      field: change.field,
      before: describeValue(change.before),
      after: describeValue(change.after),
    })),
  }));
}

/** The verification's result in one sentence. */
export function describeVerification(result: TrailVerification): string {
  if (result.ok) {
    return `The audit trail is intact: ${result.checked.toLocaleString("en-IN")} entries checked, none changed or missing.`;
  }
  const broken = result.firstBroken;
  return `The audit trail is broken at entry ${broken?.seq ?? "?"} (${formatInstant(broken?.at)}): ${broken?.reason ?? ""} ${result.checked.toLocaleString("en-IN")} entries before it are intact.`;
}
