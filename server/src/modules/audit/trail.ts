import type { Kysely } from "kysely";
import { lockBooksInTransaction } from "../../db/books-lock.ts";
import type { AuditTrailTable, Database } from "../../db/schema.ts";
import { runWrites, type Write } from "../../db/writes.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import {
  buildTrailInserts,
  countTrail,
  selectTrailBatch,
  selectTrailPage,
  selectTrailTail,
  type TrailFilter,
} from "./trail.repository.ts";
import { diffRecords, type TrailFieldChange } from "./trail-diff.ts";
import { GENESIS_HASH, hashTrailRow } from "./trail-hash.ts";

// The auditor's trail (issue 39, decision 310): every create, edit, delete and restore of what
// makes the books, with who, when and each field's before and after, written in the transaction of
// the change. Each organisation's entries form a hash chain; nothing here updates or deletes one.

export const TRAIL_ACTIONS = ["created", "edited", "deleted", "restored"] as const;
export type TrailAction = (typeof TRAIL_ACTIONS)[number];

export interface TrailChange {
  userId: string | null;
  action: TrailAction;
  /** 'salesInvoice' (a voucher type), 'account', 'item', 'customField', 'settings', 'lockPeriod'… */
  entity: string;
  entityId: string;
  /** The voucher's number or the record's name. */
  number: string | null;
  /** The stored record before the change (null when created) and after (null when deleted). */
  before: unknown;
  after: unknown;
}

/**
 * The trail's rows for changes of one organisation, chained on its last entry; the caller sends
 * them with its own writes (db/writes.ts) in the transaction of the change. On PostgreSQL the
 * books lock (decision 020) keeps the chain's tail to one writer per organisation until commit;
 * a voucher save holds it already and says so with `booksLocked`.
 */
export async function buildTrailWrites(
  trx: Kysely<Database>,
  organisationId: string,
  changes: readonly TrailChange[],
  options: { booksLocked?: boolean } = {},
): Promise<Write[]> {
  if (changes.length === 0) return [];
  if (!options.booksLocked) await lockBooksInTransaction(trx, organisationId);
  const tail = await selectTrailTail(trx, organisationId);
  let seq = tail ? Number(tail.seq) : 0;
  let prevHash = tail?.hash ?? GENESIS_HASH;
  const at = nowIso();
  const rows: AuditTrailTable[] = [];
  for (const change of changes) {
    seq += 1;
    const row = {
      organisation_id: organisationId,
      seq,
      id: newId(),
      at,
      user_id: change.userId,
      action: change.action,
      entity: change.entity,
      entity_id: change.entityId,
      number: change.number,
      changes: JSON.stringify(diffRecords(change.before, change.after)),
      prev_hash: prevHash,
    };
    prevHash = hashTrailRow(row);
    rows.push({ ...row, hash: prevHash });
  }
  return buildTrailInserts(trx, rows);
}

/** buildTrailWrites, written at once. */
export async function writeTrail(
  trx: Kysely<Database>,
  organisationId: string,
  changes: readonly TrailChange[],
  options: { booksLocked?: boolean } = {},
): Promise<void> {
  await runWrites(trx, await buildTrailWrites(trx, organisationId, changes, options));
}

export interface TrailEntryView {
  id: string;
  seq: number;
  at: string;
  userId: string | null;
  userName: string | null;
  action: string;
  entity: string;
  entityId: string;
  number: string | null;
  changes: TrailFieldChange[];
  hash: string;
}

/** One page of the trail, newest first, with the count of all that match. */
export async function readTrail(
  db: Kysely<Database>,
  filter: TrailFilter,
  page: { skip: number; limit: number },
): Promise<{ entries: TrailEntryView[]; count: number }> {
  const [rows, count] = await Promise.all([
    selectTrailPage(db, filter, page),
    countTrail(db, filter),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      seq: Number(row.seq),
      at: row.at,
      userId: row.user_id,
      userName: row.user_name,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      number: row.number,
      changes: JSON.parse(row.changes) as TrailFieldChange[],
      hash: row.hash,
    })),
    count,
  };
}

export interface TrailVerification {
  ok: boolean;
  checked: number;
  firstBroken: { id: string; seq: number; at: string; reason: string } | null;
}

const VERIFY_BATCH = 10_000;

/**
 * Walks an organisation's chain in order, a batch at a time: each entry must follow the one before
 * (no number missing), name its hash, and hash to what it says. The first that does not is named.
 */
export async function verifyTrail(
  db: Kysely<Database>,
  organisationId: string,
  batchSize = VERIFY_BATCH,
): Promise<TrailVerification> {
  let checked = 0;
  let lastSeq = 0;
  let prevHash = GENESIS_HASH;
  const fetchAfter = (seq: number) => {
    const batch = selectTrailBatch(db, organisationId, seq, batchSize);
    // A walk that stops at a broken entry leaves the next batch unread: never an unhandled error.
    batch.catch(() => undefined);
    return batch;
  };
  let next = fetchAfter(0);
  for (;;) {
    const rows = await next;
    // The next batch is read while this one is hashed (PostgreSQL answers meanwhile).
    const last = rows.at(-1);
    if (rows.length === batchSize && last) next = fetchAfter(Number(last.seq));
    for (const row of rows) {
      const seq = Number(row.seq);
      let reason: string | null = null;
      if (seq !== lastSeq + 1) {
        reason = `Entries ${lastSeq + 1} to ${seq - 1} are missing before this entry.`;
      } else if (row.prev_hash !== prevHash) {
        reason = "It does not name the hash of the entry before it.";
      } else if (hashTrailRow(row, seq) !== row.hash) {
        reason = "Its content does not match its hash: it was changed after it was written.";
      }
      if (reason !== null) {
        return { ok: false, checked, firstBroken: { id: row.id, seq, at: row.at, reason } };
      }
      checked += 1;
      lastSeq = seq;
      prevHash = row.hash;
    }
    if (rows.length < batchSize) return { ok: true, checked, firstBroken: null };
  }
}

/** An organisation row as the trail compares it: its settings document opened, times left out. */
export function organisationForTrail(row: object): Record<string, unknown> {
  const {
    settings,
    updated_at: _updated,
    created_at: _created,
    ...rest
  } = row as Record<string, unknown>;
  return {
    ...rest,
    settings: typeof settings === "string" ? (JSON.parse(settings) as unknown) : null,
  };
}

/** The trail entry of a change to an organisation's settings (its row), in its transaction. */
export function writeOrganisationTrail(
  trx: Kysely<Database>,
  input: {
    organisationId: string;
    userId: string;
    entity: string;
    before: Parameters<typeof organisationForTrail>[0];
    after: Parameters<typeof organisationForTrail>[0];
  },
): Promise<void> {
  return writeTrail(trx, input.organisationId, [
    {
      userId: input.userId,
      action: "edited",
      entity: input.entity,
      entityId: input.organisationId,
      number: null,
      before: organisationForTrail(input.before),
      after: organisationForTrail(input.after),
    },
  ]);
}
