import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { runWrites, type Write } from "../../db/writes.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { buildAuditLogInserts, countAuditLogs, selectAuditLogs } from "./audit.repository.ts";

export interface AuditEntry {
  organisationId: string;
  /** Who did it; null only for changes the system makes on its own. */
  userId: string | null;
  /** A verb in the past sense of the screen: "add", "edit", "delete", "active", "inactive"… */
  action: string;
  /** What was changed: "organisation", "member", "invitation", "account", "salesInvoice"… */
  entityType: string;
  entityId: string | null;
  /** One line a person reads in the user-logs screen. */
  summary: string;
}

const SUMMARY_MAX = 500;

/**
 * The trail of who did what (spec api §7 organisation/user-logs). Call it with the transaction of
 * the change itself, so a change is never without its log and a log never without its change.
 */
export async function writeAuditLog(db: Kysely<Database>, entry: AuditEntry): Promise<string> {
  const [id] = await writeAuditLogs(db, [entry]);
  return id as string;
}

/** Many entries in one statement (a batch of vouchers saved together). */
export async function writeAuditLogs(
  db: Kysely<Database>,
  entries: readonly AuditEntry[],
): Promise<string[]> {
  const rows = auditLogRows(entries);
  await runWrites(db, buildAuditLogInserts(db, rows));
  return rows.map((row) => row.id);
}

/** The entries' writes, for a caller that sends them together with its own (db/writes.ts). */
export function buildAuditLogWrites(db: Kysely<Database>, entries: readonly AuditEntry[]): Write[] {
  return buildAuditLogInserts(db, auditLogRows(entries));
}

function auditLogRows(entries: readonly AuditEntry[]) {
  const createdAt = nowIso();
  return entries.map((entry) => ({
    organisation_id: entry.organisationId,
    id: newId(),
    user_id: entry.userId,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    summary: entry.summary.slice(0, SUMMARY_MAX),
    created_at: createdAt,
  }));
}

export interface AuditLogView {
  _id: string;
  userId: string | null;
  userName: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  createdAt: string;
}

/** One page of an organisation's trail, newest first, optionally of one person only. */
export async function readAuditLogs(
  db: Kysely<Database>,
  filter: { organisationId: string; userId?: string; skip: number; limit: number },
): Promise<{ logs: AuditLogView[]; count: number }> {
  const [rows, count] = await Promise.all([
    selectAuditLogs(db, filter),
    countAuditLogs(db, filter),
  ]);
  const logs = rows.map((row) => ({
    _id: row.id,
    userId: row.user_id,
    userName: row.user_name,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    summary: row.summary,
    createdAt: row.created_at,
  }));
  return { logs, count };
}
