import type { Kysely } from "kysely";
import { insertRows } from "../../db/plain-inserts.ts";
import type { AuditTrailTable, Database } from "../../db/schema.ts";
import type { Write } from "../../db/writes.ts";
import { chunkRows } from "../../lib/chunks.ts";

// The audit_trail table (decision 310): inserted into, read, never updated or deleted.

export function buildTrailInserts(db: Kysely<Database>, rows: readonly AuditTrailTable[]): Write[] {
  return chunkRows(rows).map((chunk) => insertRows(db, "audit_trail", chunk));
}

/** The organisation's last entry: where the next one chains on. */
export function selectTrailTail(db: Kysely<Database>, organisationId: string) {
  return db
    .selectFrom("audit_trail")
    .select(["seq", "hash"])
    .where("organisation_id", "=", organisationId)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Entries after `afterSeq`, in chain order: one batch of a verification. */
export function selectTrailBatch(
  db: Kysely<Database>,
  organisationId: string,
  afterSeq: number,
  limit: number,
) {
  return db
    .selectFrom("audit_trail")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("seq", ">", afterSeq)
    .orderBy("seq")
    .limit(limit)
    .execute();
}

export interface TrailFilter {
  organisationId: string;
  /** ISO instants: from (inclusive) and to (exclusive). */
  from: string;
  to: string;
  userId?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
}

function filtered(db: Kysely<Database>, filter: TrailFilter) {
  let query = db
    .selectFrom("audit_trail")
    .where("audit_trail.organisation_id", "=", filter.organisationId)
    .where("audit_trail.at", ">=", filter.from)
    .where("audit_trail.at", "<", filter.to);
  if (filter.userId) query = query.where("audit_trail.user_id", "=", filter.userId);
  if (filter.entity) query = query.where("audit_trail.entity", "=", filter.entity);
  if (filter.entityId) query = query.where("audit_trail.entity_id", "=", filter.entityId);
  return query;
}

export function selectTrailPage(
  db: Kysely<Database>,
  filter: TrailFilter,
  page: { skip: number; limit: number },
) {
  return filtered(db, filter)
    .leftJoin("users", "users.id", "audit_trail.user_id")
    .select([
      "audit_trail.id",
      "audit_trail.seq",
      "audit_trail.at",
      "audit_trail.user_id",
      "users.name as user_name",
      "audit_trail.action",
      "audit_trail.entity",
      "audit_trail.entity_id",
      "audit_trail.number",
      "audit_trail.changes",
      "audit_trail.hash",
    ])
    .orderBy("audit_trail.seq", "desc")
    .offset(page.skip)
    .limit(page.limit)
    .execute();
}

export async function countTrail(db: Kysely<Database>, filter: TrailFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
