import { setImmediate } from "node:timers/promises";
import {
  AccountInput,
  daysBetween,
  ENTRY_INPUT_SCHEMAS,
  financialYearRange,
  ItemInput,
  isBillableType,
  type VoucherType,
} from "@bahi/domain";
import { addAccount } from "../accounts/accounts.service.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { addItem } from "../items/items.service.ts";
import { loadSystemAccounts } from "../organisations/system-accounts.ts";
import {
  type NewEntry,
  prepareNewVouchers,
  type VoucherDeps,
  writeNewVouchers,
} from "../vouchers/vouchers.service.ts";
import {
  type BookIds,
  type GeneratedBooks,
  type GeneratedEntry,
  parseVoucherRef,
  SETTLEMENT_LAG_DAYS,
} from "./book-generator.ts";

export interface LoadBooksOptions {
  /**
   * Vouchers per transaction. By default 500, or fewer when the books are thin, so that a batch
   * spans less than the settlement lag and a receipt never waits for an invoice of its own batch.
   */
  batchSize?: number;
  onProgress?: (progress: { saved: number; total: number; elapsedMs: number }) => void;
}

export interface LoadedBooks {
  ids: BookIds;
  counts: {
    accounts: number;
    items: number;
    vouchers: number;
    byType: Partial<Record<VoucherType, number>>;
  };
  timings: { mastersMs: number; vouchersMs: number };
  /** Transactions; more than vouchers/batchSize when an entry settled an invoice of its batch. */
  batches: number;
}

/**
 * Loads generated books into an existing organisation through the service layer: accounts and
 * items by the masters services (one add each, as the screens add them), then the vouchers in
 * batches through createVouchers' two halves (prepareNewVouchers, writeNewVouchers), each
 * payload first checked by the same zod schema as the HTTP route checks it. One voucher or a
 * million take this path (the demo organisation and the benchmark).
 */
export async function loadBooks(
  deps: VoucherDeps,
  caller: Caller,
  organisationId: string,
  books: GeneratedBooks,
  options: LoadBooksOptions = {},
): Promise<LoadedBooks> {
  const batchSize = options.batchSize ?? defaultBatchSize(books);
  const mastersStart = performance.now();
  const accountIds: string[] = [];
  for (const account of books.accounts) {
    const row = await addAccount(
      deps.db,
      caller,
      AccountInput.parse({ organisationId, ...account }),
    );
    accountIds.push(row.id);
  }
  const itemIds: string[] = [];
  for (const item of books.items) {
    const row = await addItem(deps.db, caller, ItemInput.parse({ organisationId, ...item }));
    itemIds.push(row.id);
  }
  const ids: BookIds = {
    organisationId,
    accounts: accountIds,
    items: itemIds,
    systemAccounts: await loadSystemAccounts(deps.db, organisationId),
  };
  const mastersMs = performance.now() - mastersStart;

  const vouchersStart = performance.now();
  const byType: Partial<Record<VoucherType, number>> = {};
  // Ids of saved invoices and bills that a later receipt, payment or note may still settle.
  const savedIds = new Map<number, string>();
  let batch: { entry: GeneratedEntry; input: NewEntry }[] = [];
  let saved = 0;
  let batches = 0;
  const total = books.options.vouchers;

  // While one batch is written, the next is generated, checked and computed: on PostgreSQL the
  // database's work and Node's overlap. The batches are still written one after another, in
  // order, so a receipt's invoice is always in the books before the receipt.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (batch.length === 0) return;
    const ready = await prepareNewVouchers(
      deps,
      caller,
      organisationId,
      batch.map((pending) => pending.input),
    );
    const entries = batch;
    batch = [];
    entries.forEach(({ entry }, index) => {
      if (isBillableType(entry.type)) {
        savedIds.set(entry.ref, ready.ids[index] as string);
      }
      byType[entry.type] = (byType[entry.type] ?? 0) + 1;
    });
    const previous = writing;
    writing = previous
      .then(() => writeNewVouchers(deps, ready))
      .then(() => {
        saved += entries.length;
        batches += 1;
        options.onProgress?.({ saved, total, elapsedMs: performance.now() - vouchersStart });
      });
    // At most two batches in hand: the one being written and the one just prepared.
    await previous;
    // better-sqlite3 answers synchronously, so a load never yields by itself: let the server
    // serve its other requests between batches.
    await setImmediate();
  };

  try {
    for (const entry of books.entries(ids)) {
      // An entry that settles an invoice of the batch in hand waits for the batch to be prepared
      // (and so to have its ids).
      if (entry.uses.some((ref) => !savedIds.has(ref))) await flush();
      resolveRefs(entry.payload, savedIds);
      const parsed = ENTRY_INPUT_SCHEMAS[entry.type].add.safeParse(entry.payload);
      if (!parsed.success) {
        throw new Error(
          `Generated ${entry.type} #${entry.ref} is not a valid payload: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`,
        );
      }
      batch.push({
        entry,
        input: { type: entry.type, payload: parsed.data as NewEntry["payload"] },
      });
      for (const ref of entry.released) savedIds.delete(ref);
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  } finally {
    // Never leave a write running behind the caller's back, whatever stopped the loop.
    await writing;
  }

  return {
    ids,
    counts: {
      accounts: accountIds.length,
      items: itemIds.length,
      vouchers: saved,
      byType,
    },
    timings: { mastersMs, vouchersMs: performance.now() - vouchersStart },
    batches,
  };
}

function defaultBatchSize(books: GeneratedBooks): number {
  const { vouchers, year, endDate } = books.options;
  const days = daysBetween(financialYearRange(year).startDate, endDate) + 1;
  return Math.min(500, Math.max(25, Math.floor((vouchers * (SETTLEMENT_LAG_DAYS - 1)) / days)));
}

/** Puts the saved ids in place of the `ref:n` placeholders of bill-wise allocations. */
function resolveRefs(payload: Record<string, unknown>, savedIds: ReadonlyMap<number, string>) {
  const resolve = (allocations: unknown) => {
    if (!Array.isArray(allocations)) return;
    for (const allocation of allocations as { entryId: string }[]) {
      const ref = parseVoucherRef(allocation.entryId);
      if (ref === undefined) continue;
      const id = savedIds.get(ref);
      if (id === undefined) throw new Error(`Generated voucher #${ref} has not been saved.`);
      allocation.entryId = id;
    }
  };
  resolve(payload.billWiseEntries);
  if (Array.isArray(payload.entries)) {
    for (const line of payload.entries as { billWiseEntries?: unknown }[]) {
      resolve(line.billWiseEntries);
    }
  }
}
