import { hash } from "node:crypto";

/** The hash before an organisation's first entry. */
export const GENESIS_HASH = "0".repeat(64);

/** What an entry's hash covers: every stored column but the hash itself, in a fixed order. */
export interface HashedTrailRow {
  organisation_id: string;
  seq: number;
  id: string;
  at: string;
  user_id: string | null;
  action: string;
  entity: string;
  entity_id: string;
  number: string | null;
  changes: string;
  prev_hash: string;
}

/**
 * SHA-256 (hex) of the entry's canonical content: a JSON array of its columns in order. One-shot
 * `crypto.hash`: a verification hashes a million of these.
 */
export function hashTrailRow(row: HashedTrailRow, seq: number = Number(row.seq)): string {
  const canonical = JSON.stringify([
    row.organisation_id,
    seq,
    row.id,
    row.at,
    row.user_id,
    row.action,
    row.entity,
    row.entity_id,
    row.number,
    row.changes,
    row.prev_hash,
  ]);
  return hash("sha256", canonical, "hex");
}
