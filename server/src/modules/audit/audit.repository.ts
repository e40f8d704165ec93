import type { Kysely } from "kysely";
import { insertRows } from "../../db/plain-inserts.ts";
import type { AuditLogsTable, Database } from "../../db/schema.ts";
import type { Write } from "../../db/writes.ts";
import { chunkRows } from "../../lib/chunks.ts";

export function buildAuditLogInserts(
  db: Kysely<Database>,
  rows: readonly AuditLogsTable[],
): Write[] {
  return chunkRows(rows).map((chunk) => insertRows(db, "audit_logs", chunk));
}

export interface AuditLogFilter {
  organisationId: string;
  userId?: string;
  skip: number;
  limit: number;
}

function filteredLogs(db: Kysely<Database>, filter: AuditLogFilter) {
  let query = db
    .selectFrom("audit_logs")
    .where("audit_logs.organisation_id", "=", filter.organisationId);
  if (filter.userId) query = query.where("audit_logs.user_id", "=", filter.userId);
  return query;
}

export function selectAuditLogs(db: Kysely<Database>, filter: AuditLogFilter) {
  return filteredLogs(db, filter)
    .leftJoin("users", "users.id", "audit_logs.user_id")
    .select([
      "audit_logs.id",
      "audit_logs.user_id",
      "users.name as user_name",
      "audit_logs.action",
      "audit_logs.entity_type",
      "audit_logs.entity_id",
      "audit_logs.summary",
      "audit_logs.created_at",
    ])
    .orderBy("audit_logs.created_at", "desc")
    .orderBy("audit_logs.id", "desc")
    .offset(filter.skip)
    .limit(filter.limit)
    .execute();
}

export async function countAuditLogs(db: Kysely<Database>, filter: AuditLogFilter) {
  const row = await filteredLogs(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
