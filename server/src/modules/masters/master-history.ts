import type { Kysely } from "kysely";
import type { Database, MasterVersionsTable } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { currentTabId } from "../../http/request-tab.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { type AuditEntry, writeAuditLogs } from "../audit/audit.ts";
import { type TrailAction, type TrailChange, writeTrail } from "../audit/trail.ts";
import {
  insertChangeEvents,
  insertMasterVersions,
  selectMasterDocuments,
  selectMasterVersions,
} from "./masters.repository.ts";

// The history of accounts, items and custom fields (DESIGN.md §4 "History", for masters): every
// add, edit, delete, active and inactive writes a numbered version with the whole record, a line
// in the user log and a change-feed event, all in the transaction of the change itself.

export type MasterEntity = MasterVersionsTable["entity_type"];
export type MasterAction = MasterVersionsTable["action"];

/** DESIGN.md §4 "Concurrency": an edit that started from an older version is refused with 409. */
export const STALE_RECORD_MESSAGE =
  "This record was changed by someone else. Refresh to see the latest.";

export const staleRecord = () => new AppError(409, STALE_RECORD_MESSAGE);

/** Some columns of a record changed as its next version: the new row and the columns to write. */
export function nextMasterVersion<Row extends { version: number; updated_at: string }>(
  existing: Row,
  changes: Partial<Row>,
  now: string = nowIso(),
): { row: Row; changes: Partial<Row> & { version: number; updated_at: string } } {
  const all = { ...changes, version: existing.version + 1, updated_at: now };
  return { row: { ...existing, ...all }, changes: all };
}

const AUDIT_ACTIONS: Record<MasterAction, { action: string; verb: string }> = {
  created: { action: "add", verb: "Added" },
  edited: { action: "edit", verb: "Edited" },
  deleted: { action: "delete", verb: "Deleted" },
  activated: { action: "active", verb: "Made active" },
  deactivated: { action: "inactive", verb: "Made inactive" },
};

const ENTITY_WORDS: Record<MasterEntity, string> = {
  account: "account",
  item: "item",
  customField: "custom field",
};

export interface MasterChange {
  organisationId: string;
  entityType: MasterEntity;
  entityId: string;
  /** The record's version after the change. */
  version: number;
  action: MasterAction;
  /** The record as the API answers it after the change. */
  document: unknown;
  userId: string;
  /** The record's name, for the user log ("Added account Ravi Stores"). */
  name: string;
}

/** Writes the versions, user-log lines and change events of one or more changes of a transaction. */
export async function recordMasterChanges(
  trx: Kysely<Database>,
  changes: readonly MasterChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const now = nowIso();
  await insertMasterVersions(
    trx,
    changes.map((change) => ({
      organisation_id: change.organisationId,
      entity_type: change.entityType,
      entity_id: change.entityId,
      version: change.version,
      action: change.action,
      document: JSON.stringify(change.document),
      user_id: change.userId,
      created_at: now,
    })),
  );
  const entries: AuditEntry[] = changes.map((change) => ({
    organisationId: change.organisationId,
    userId: change.userId,
    action: AUDIT_ACTIONS[change.action].action,
    entityType: change.entityType,
    entityId: change.entityId,
    summary: `${AUDIT_ACTIONS[change.action].verb} ${ENTITY_WORDS[change.entityType]} ${change.name}`,
  }));
  await writeAuditLogs(trx, entries);
  await writeMasterTrail(trx, changes);
  // Open screens reload their account, item and custom-field lists from the change feed (spec 4).
  await insertChangeEvents(
    trx,
    changes.map((change) => ({
      organisation_id: change.organisationId,
      id: newId(),
      entity_type: change.entityType,
      entity_id: change.entityId,
      action: AUDIT_ACTIONS[change.action].action,
      user_id: change.userId,
      created_at: now,
      tab_id: currentTabId(),
    })),
  );
}

const TRAIL_ACTIONS: Record<MasterAction, TrailAction> = {
  created: "created",
  edited: "edited",
  deleted: "deleted",
  activated: "edited",
  deactivated: "edited",
};

/** The audit trail's entries (decision 310): each change's fields against the version before. */
async function writeMasterTrail(trx: Kysely<Database>, changes: readonly MasterChange[]) {
  const byOrganisation = new Map<string, MasterChange[]>();
  for (const change of changes) {
    const list = byOrganisation.get(change.organisationId) ?? [];
    list.push(change);
    byOrganisation.set(change.organisationId, list);
  }
  for (const [organisationId, list] of byOrganisation) {
    const previous = await selectMasterDocuments(
      trx,
      organisationId,
      list
        .filter((change) => change.version > 1)
        .map((change) => ({
          entityType: change.entityType,
          entityId: change.entityId,
          version: change.version - 1,
        })),
    );
    const entries = list.map((change): TrailChange => {
      const before = previous.get(`${change.entityType}|${change.entityId}|${change.version - 1}`);
      return {
        userId: change.userId,
        action: TRAIL_ACTIONS[change.action],
        entity: change.entityType,
        entityId: change.entityId,
        number: change.name,
        before: before === undefined ? null : JSON.parse(before),
        after: change.action === "deleted" ? null : change.document,
      };
    });
    await writeTrail(trx, organisationId, entries);
  }
}

export function recordMasterChange(trx: Kysely<Database>, change: MasterChange): Promise<void> {
  return recordMasterChanges(trx, [change]);
}

/**
 * The Log dialog of a master record (spec 3 "Log entry"): oldest first; `_id` is 'deleted' for a
 * deletion, `first` marks the creation and `latest` the current version.
 */
export async function listMasterLogs(
  db: Kysely<Database>,
  organisationId: string,
  entityType: MasterEntity,
  entityId: string,
) {
  const rows = await selectMasterVersions(db, organisationId, entityType, entityId);
  const latest = rows.at(-1)?.version;
  return rows.map((row) => ({
    _id: row.action === "deleted" ? "deleted" : entityId,
    entityId,
    version: row.version,
    first: row.version === 1,
    latest: row.version === latest,
    action: row.action,
    userName: row.user_name ?? "",
    date: row.created_at,
  }));
}
