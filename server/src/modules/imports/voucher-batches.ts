import type { PreparedVoucher } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import type { Caller } from "../auth/auth.guard.ts";
import {
  type NewEntry,
  prepareNewVouchers,
  type SavedVoucher,
  type VoucherDeps,
  writeNewVouchers,
} from "../vouchers/vouchers.service.ts";
import * as repo from "./bank-import.repository.ts";
import { letOthersIn } from "./import-progress.ts";

// Imported vouchers saved through the engine's batch path (decisions 019, 071): batches of 500,
// each one transaction that also records the vouchers' fingerprints, the next batch prepared
// while the last is written. A batch the engine refuses is saved again one voucher at a time, so
// one bad voucher costs only itself. All or nothing (decision 073): every batch in ONE
// transaction, and the first refusal undoes them all.

export const IMPORT_BATCH = 500;

export interface ImportItem {
  fingerprint: string;
  /** Built when its batch is prepared (a receipt's bills are known once the invoices are saved). */
  entry: () => NewEntry;
}

export interface BatchOptions<T extends ImportItem> {
  allOrNothing?: boolean;
  onSaved?: (item: T, saved: SavedVoucher) => void;
  onFailed?: (item: T, message: string) => void;
  /** After each batch: the vouchers saved so far, and those gone through (saved or refused). */
  onProgress?: (saved: number, processed: number) => void;
  /**
   * Looks at each voucher as the engine computed it, before anything is written: a reason holds
   * it back (it is not saved, and onFailed is not called).
   */
  hold?: (item: T, prepared: PreparedVoucher) => string | null;
  onHeld?: (item: T, reason: string) => void;
}

export async function saveImportedVouchers<T extends ImportItem>(
  deps: VoucherDeps,
  caller: Caller,
  organisationId: string,
  items: readonly T[],
  options: BatchOptions<T> = {},
): Promise<number> {
  const batches: T[][] = [];
  for (let from = 0; from < items.length; from += IMPORT_BATCH)
    batches.push(items.slice(from, from + IMPORT_BATCH));
  // Each entry is built once, even when its batch is tried again voucher by voucher.
  const built = new WeakMap<T, NewEntry>();
  const entryOf = (item: T) => {
    let entry = built.get(item);
    if (!entry) {
      entry = item.entry();
      built.set(item, entry);
    }
    return entry;
  };
  const held = new WeakSet<T>();
  /** The batch as the engine computes it, less the vouchers held back for review. */
  const prepare = async (on: VoucherDeps, all: T[]) => {
    const candidates = all.filter((item) => !held.has(item));
    const ready = await prepareNewVouchers(on, caller, organisationId, candidates.map(entryOf));
    if (!options.hold) return { ...ready, batch: candidates };
    const keep = candidates.map((item, index) => {
      const reason = options.hold?.(item, ready.prepared[index] as PreparedVoucher) ?? null;
      if (reason !== null) {
        held.add(item);
        options.onHeld?.(item, reason);
      }
      return reason === null;
    });
    return {
      ...ready,
      prepared: ready.prepared.filter((_, index) => keep[index]),
      ids: ready.ids.filter((_, index) => keep[index]),
      batch: candidates.filter((_, index) => keep[index]),
    };
  };
  const write = async (
    on: VoucherDeps,
    _batch: T[],
    ready: Awaited<ReturnType<typeof prepare>>,
  ) => {
    const batch = ready.batch;
    const saved = await writeNewVouchers(on, ready, {
      inTransaction: async (trx: Kysely<Database>, vouchers) => {
        const now = nowIso();
        await repo.insertImportedVouchers(
          trx,
          vouchers.map((voucher, position) => {
            const item = batch[position] as T;
            return {
              organisation_id: organisationId,
              fingerprint: item.fingerprint,
              voucher_id: voucher.entryId,
              voucher_type: entryOf(item).type,
              created_at: now,
            };
          }),
        );
      },
    });
    for (const [position, voucher] of saved.entries())
      options.onSaved?.(batch[position] as T, voucher);
    return saved.length;
  };

  let done = 0;
  let processed = 0;
  if (options.allOrNothing) {
    await deps.db.transaction().execute(async (trx) => {
      const inside = { ...deps, db: trx };
      for (const batch of batches) {
        done += await write(inside, batch, await prepare(inside, batch));
        processed += batch.length;
        options.onProgress?.(done, processed);
        await letOthersIn();
      }
    });
    return done;
  }

  let next = batches[0] ? prepare(deps, batches[0]) : null;
  for (const [index, batch] of batches.entries()) {
    const following = batches[index + 1];
    try {
      const ready = await (next as ReturnType<typeof prepare>);
      // The next batch is prepared while this one is written (load-books.ts does the same).
      next = following ? prepare(deps, following) : null;
      next?.catch(() => undefined);
      done += await write(deps, batch, ready);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      next = following ? prepare(deps, following) : null;
      next?.catch(() => undefined);
      for (const item of batch) {
        if (held.has(item)) continue;
        try {
          done += await write(deps, [item], await prepare(deps, [item]));
        } catch (single) {
          if (!(single instanceof AppError)) throw single;
          options.onFailed?.(item, single.message);
        }
      }
    }
    processed += batch.length;
    options.onProgress?.(done, processed);
    await letOthersIn();
  }
  return done;
}
