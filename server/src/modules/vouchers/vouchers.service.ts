import {
  type BillAllocation,
  type BillableType,
  DeclaredTotalsError,
  determineInvoiceStatus,
  fillFromMasters,
  findConversionSource,
  formatAmount,
  getVoucherDefinition,
  isBillableType,
  type PreparedVoucher,
  prepareVoucher,
  readStoredDocument,
  sortKeyOfVoucherNumber,
  suggestNextVoucherNumber,
  type VoucherContext,
  VoucherError,
  type VoucherType,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import { inLockedBooks } from "../../db/books-lock.ts";
import type { Database } from "../../db/schema.ts";
import { buildStockVersionBump } from "../../db/stock-version.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { HeldWrites, runWrites, type Write } from "../../db/writes.ts";
import { AppError, badRequest, conflict, notFound } from "../../http/errors.ts";
import { currentTabId } from "../../http/request-tab.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { type AuditEntry, buildAuditLogWrites } from "../audit/audit.ts";
import { buildTrailWrites, type TrailAction } from "../audit/trail.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { readPeriodLocks } from "../lock-periods/lock-periods.service.ts";
import { removeReturnFacts, writeReturnFacts } from "../return-facts/return-facts.service.ts";
import { removeTdsFacts, writeTdsFacts } from "../tds-facts/tds-facts.service.ts";
import {
  buildAccountBalanceWrites,
  buildStockBalanceWrites,
  buildVoucherTotalWrites,
} from "./balances.repository.ts";
import { loadVoucherContext } from "./voucher-context.ts";
import { assertVouchersChangeable } from "./voucher-extensions.ts";
import * as repo from "./vouchers.repository.ts";

export interface VoucherDeps {
  db: Kysely<Database>;
  /** Tells open screens of the organisation that a voucher changed (the change feed). */
  announceChange: (organisationId: string) => void;
}

export const VOUCHER_MESSAGES = {
  notFound: "This entry does not exist or has been deleted.",
  stale:
    "This entry was changed by someone else after you opened it. Refresh the page to see the latest version.",
} as const;

function statusOf(type: BillableType, amountPaise: number, pendingPaise: number): string {
  return determineInvoiceStatus(
    getVoucherDefinition(type).partySide ?? "customer",
    amountPaise,
    pendingPaise,
  );
}

/**
 * Issue 40: a cash sale or purchase (party the Cash account or a bank) is settled when saved;
 * `paidOnSave` holds the parties among the saved vouchers' that are cash or bank accounts.
 */
function settledOnSave(
  voucher: { partyAccountId: string | null },
  paidOnSave: ReadonlySet<string>,
): boolean {
  return voucher.partyAccountId !== null && paidOnSave.has(voucher.partyAccountId);
}

/**
 * A payload with what it left out taken from the party and item masters loaded for its save, as
 * the entry screen takes them (issue 35, decision 210): add and edit, one voucher or an import.
 */
export function prepareWithMasters(
  type: VoucherType,
  payload: Record<string, unknown>,
  context: VoucherContext,
): PreparedVoucher {
  const partyId = payload.cashOrDebtorAccountId;
  const filled = fillFromMasters(type, payload, {
    organisationStateCode: context.organisation.stateCode,
    party: typeof partyId === "string" ? context.accounts.get(partyId) : undefined,
    items: context.items,
  });
  return prepareVoucher(type, filled, context);
}

function titleOf(type: VoucherType): string {
  return getVoucherDefinition(type).titles.singular;
}

function toBadRequest(error: unknown, prefix = ""): never {
  if (error instanceof DeclaredTotalsError) {
    throw badRequest(
      `${prefix}${error.message}`,
      error.mismatches.map((mismatch) => ({ path: "totalAmount", message: mismatch.message })),
    );
  }
  if (error instanceof VoucherError) {
    throw badRequest(`${prefix}${error.message}`, [{ path: error.path, message: error.message }]);
  }
  throw error;
}

/** The stored form of a voucher as the API returns it, and as each version keeps it. */
function describeStoredDocument(prepared: PreparedVoucher, number: string): string {
  const numberField =
    getVoucherDefinition(prepared.type).family === "document" ? "invoiceNumber" : "voucherNumber";
  return JSON.stringify({ ...prepared.document, [numberField]: number });
}

function searchTextOf(prepared: PreparedVoucher, number: string): string {
  return [number, ...prepared.searchTerms].join(" ").toLowerCase();
}

type VoucherChangeAction = "add" | "edit" | "delete" | "restore";

function describeChange(type: VoucherType, number: string, action: VoucherChangeAction) {
  const verb = { add: "Added", edit: "Edited", delete: "Deleted", restore: "Restored" }[action];
  return `${verb} ${titleOf(type)} ${number}`;
}

/**
 * Bill-wise allocations must name live invoices of the same party, and no more than is pending.
 * `excludeVoucherId` leaves out what an edited voucher had set against them before.
 */
async function checkAllocations(
  trx: Kysely<Database>,
  organisationId: string,
  allocations: readonly BillAllocation[],
  excludeVoucherId?: string,
): Promise<void> {
  if (allocations.length === 0) return;
  const ids = [...new Set(allocations.map((allocation) => allocation.invoiceId))];
  const invoices = new Map(
    (await repo.findVouchersByIds(trx, organisationId, ids)).map((row) => [row.id, row]),
  );
  const already = await repo.sumAllocationsByInvoice(trx, organisationId, ids, excludeVoucherId);
  const asked = new Map<string, number>();
  for (const allocation of allocations) {
    const invoice = invoices.get(allocation.invoiceId);
    const kind = allocation.invoiceType === "salesInvoice" ? "sales invoice" : "purchase bill";
    if (!invoice || invoice.deleted_at || invoice.type !== allocation.invoiceType) {
      throw badRequest(`The ${kind} this amount is set against does not exist.`, [
        { path: allocation.path, message: `No such ${kind}.` },
      ]);
    }
    if (invoice.party_account_id !== allocation.partyAccountId) {
      throw badRequest(`${invoice.number} is a ${kind} of another party.`, [
        { path: allocation.path, message: `${invoice.number} belongs to another party.` },
      ]);
    }
    const total = (asked.get(invoice.id) ?? 0) + allocation.amountPaise;
    asked.set(invoice.id, total);
    const pending = invoice.amount_paise - (already.get(invoice.id) ?? 0);
    if (total > pending) {
      throw badRequest(
        `Only ${formatAmount(pending)} is pending on ${invoice.number}; ${formatAmount(total)} cannot be set against it.`,
        [
          {
            path: allocation.path,
            message: `More than the ${formatAmount(pending)} pending on ${invoice.number}.`,
          },
        ],
      );
    }
  }
}

/** What saved vouchers put in the books, read back to take it out again: three reads for all. */
async function readEffects(
  trx: Kysely<Database>,
  organisationId: string,
  vouchers: readonly { id: string; type: string; date: string }[],
) {
  const ids = vouchers.map((voucher) => voucher.id);
  const postings = await repo.listPostingsOfVouchers(trx, organisationId, ids);
  const movements = await repo.listStockOfVouchers(trx, organisationId, ids);
  const allocations = await repo.listAllocationsOfVouchers(trx, organisationId, ids);
  return vouchers.map((voucher) => ({
    voucher,
    postings: postings.filter((row) => row.voucherId === voucher.id),
    movements: movements.filter((row) => row.voucherId === voucher.id),
    allocations: allocations.filter((row) => row.voucherId === voucher.id),
  }));
}

type SavedEffects = Awaited<ReturnType<typeof readEffects>>[number];

/**
 * The monthly account and stock balances, changed by what vouchers bring (1) and what old ones
 * take away (-1): one write per table, whatever the number, so an edit's removal and addition
 * net out in one row each (PostgreSQL may touch a row once a statement, decision 019).
 */
function buildBalanceWrites(
  trx: Kysely<Database>,
  organisationId: string,
  changes: readonly {
    date: string;
    type: string;
    postings: PreparedVoucher["postings"] | SavedEffects["postings"];
    movements: PreparedVoucher["stock"] | SavedEffects["movements"];
    sign: 1 | -1;
  }[],
): Write[] {
  const movesStock = changes.some((change) => change.movements.length > 0);
  return [
    ...buildAccountBalanceWrites(trx, organisationId, changes),
    ...buildStockBalanceWrites(
      trx,
      organisationId,
      changes.map((change) => ({ ...change, voucherType: change.type })),
    ),
    // A kept stock valuation no longer holds (decision 028).
    ...(movesStock ? [buildStockVersionBump(trx, organisationId)] : []),
  ];
}

const taken = (effects: SavedEffects) => ({
  date: effects.voucher.date,
  type: effects.voucher.type,
  postings: effects.postings,
  movements: effects.movements,
  sign: -1 as const,
});

const brought = (ref: repo.VoucherRef, prepared: PreparedVoucher) => ({
  date: ref.date,
  type: ref.type,
  postings: prepared.postings,
  movements: prepared.stock,
  sign: 1 as const,
});

/** Vouchers' postings, stock movements and allocations, as rows (their balances are apart). */
function buildEffectInserts(
  trx: Kysely<Database>,
  organisationId: string,
  vouchers: readonly { ref: repo.VoucherRef; prepared: PreparedVoucher }[],
): Write[] {
  return [
    ...repo.buildPostingInserts(
      trx,
      organisationId,
      vouchers.map((v) => ({ voucher: v.ref, postings: v.prepared.postings })),
    ),
    ...repo.buildStockMovementInserts(
      trx,
      organisationId,
      vouchers.map((v) => ({ voucher: v.ref, movements: v.prepared.stock })),
    ),
    ...repo.buildAllocationInserts(
      trx,
      organisationId,
      vouchers.map((v) => ({ voucherId: v.ref.id, allocations: v.prepared.allocations })),
    ),
  ];
}

/** A voucher's postings, stock movements and allocations, deleted as rows. */
function buildEffectDeletes(trx: Kysely<Database>, organisationId: string, voucherId: string) {
  return [
    repo.buildPostingsDelete(trx, organisationId, voucherId),
    repo.buildStockMovementsDelete(trx, organisationId, voucherId),
    repo.buildAllocationsDelete(trx, organisationId, voucherId),
  ];
}

/** A quotation, order or challan converted into this voucher shows it (DESIGN.md §4). */
async function linkSource(
  trx: Kysely<Database>,
  organisationId: string,
  prepared: PreparedVoucher,
  voucherId: string,
) {
  if (!prepared.source) return;
  const source = await repo.findVoucher(trx, organisationId, prepared.source.id);
  const title = titleOf(prepared.source.type);
  const path = `${prepared.source.type}Id`;
  if (!source || source.deleted_at || source.type !== prepared.source.type) {
    throw badRequest(`The ${title.toLowerCase()} to convert does not exist.`, [
      { path, message: `No such ${title.toLowerCase()}.` },
    ]);
  }
  if (source.converted_to_id && source.converted_to_id !== voucherId) {
    const target = await repo.findVoucher(trx, organisationId, source.converted_to_id);
    if (target && !target.deleted_at) {
      throw badRequest(
        `${title} ${source.number} has already been converted into ${target.number}.`,
        [{ path, message: `Already converted into ${target.number}.` }],
      );
    }
  }
  await repo.updateVoucher(trx, organisationId, source.id, {
    converted_to_type: prepared.type,
    converted_to_id: voucherId,
  });
}

async function unlinkSource(
  trx: Kysely<Database>,
  organisationId: string,
  voucher: repo.VoucherRow,
) {
  if (!voucher.source_id) return;
  const source = await repo.findVoucher(trx, organisationId, voucher.source_id);
  if (source?.converted_to_id === voucher.id) {
    await repo.updateVoucher(trx, organisationId, source.id, {
      converted_to_type: null,
      converted_to_id: null,
    });
  }
}

const TRAIL_ACTION_OF: Record<VoucherChangeAction, TrailAction> = {
  add: "created",
  edit: "edited",
  delete: "deleted",
  restore: "restored",
};

/**
 * The change feed row, the audit row and the audit-trail entry (decision 310) of each saved,
 * deleted or restored voucher, in its transaction; `before` and `after` are the stored documents.
 */
async function buildChangeWrites(
  trx: Kysely<Database>,
  organisationId: string,
  userId: string,
  changes: readonly {
    id: string;
    type: VoucherType;
    number: string;
    action: VoucherChangeAction;
    before: string | null;
    after: string | null;
  }[],
): Promise<Write[]> {
  const createdAt = nowIso();
  return [
    ...repo.buildChangeEventInserts(
      trx,
      changes.map((change) => ({
        organisation_id: organisationId,
        id: newId(),
        entity_type: change.type,
        entity_id: change.id,
        action: change.action,
        user_id: userId,
        created_at: createdAt,
        tab_id: currentTabId(),
      })),
    ),
    ...buildAuditLogWrites(
      trx,
      changes.map(
        (change): AuditEntry => ({
          organisationId,
          userId,
          action: change.action,
          entityType: change.type,
          entityId: change.id,
          summary: describeChange(change.type, change.number, change.action),
        }),
      ),
    ),
    ...(await buildTrailWrites(
      trx,
      organisationId,
      changes.map((change) => ({
        userId,
        action: TRAIL_ACTION_OF[change.action],
        entity: change.type,
        entityId: change.id,
        number: change.number,
        before: change.before === null ? null : JSON.parse(change.before),
        after: change.after === null ? null : JSON.parse(change.after),
      })),
      { booksLocked: true },
    )),
  ];
}

export interface NewEntry {
  type: VoucherType;
  payload: Record<string, unknown> & { organisationId: string };
}

export interface SavedVoucher {
  entryId: string;
  version: number;
  number: string;
  /** The server's figures as saved, which a client may have left to it (docs/api/vouchers.md). */
  figures: Record<string, unknown>;
}

const SAVED_FIGURE_KEYS = [
  "grossAmount",
  "cgstAmount",
  "sgstAmount",
  "igstAmount",
  "cessAmount",
  "roundOffAmount",
  "totalAmount",
  "taxKind",
  "pos",
] as const;

function savedFiguresOf(voucher: PreparedVoucher): Record<string, unknown> {
  return Object.fromEntries(
    SAVED_FIGURE_KEYS.filter((key) => voucher.document[key] !== undefined).map((key) => [
      key,
      voucher.document[key],
    ]),
  );
}

/** Numbers for a batch: typed ones checked against the series, blank ones taken in order. */
async function assignNumbers(
  trx: Kysely<Database>,
  organisationId: string,
  prepared: readonly PreparedVoucher[],
): Promise<string[]> {
  const series = new Map<string, PreparedVoucher[]>();
  for (const voucher of prepared) {
    const key = `${voucher.type}|${voucher.year}`;
    series.set(key, [...(series.get(key) ?? []), voucher]);
  }
  const numbers = new Map<PreparedVoucher, string>();
  for (const vouchers of series.values()) {
    const { type, year } = vouchers[0] as PreparedVoucher;
    const typed = vouchers.flatMap((voucher) => (voucher.number ? [voucher.number] : []));
    const used = await repo.findUsedNumbers(trx, organisationId, type, year, typed);
    let last = await repo.findLastVoucherNumber(trx, organisationId, type, year);
    const taken = new Set(used.keys());
    for (const voucher of vouchers) {
      let number = voucher.number;
      if (number) {
        if (taken.has(number)) {
          throw badRequest(`Number ${number} is already used by another entry in ${year}.`, [
            { path: "invoiceNumber", message: `Number ${number} is already used in ${year}.` },
          ]);
        }
      } else {
        number = suggestNextVoucherNumber(last);
        while (taken.has(number)) number = suggestNextVoucherNumber(number);
      }
      taken.add(number);
      last = number;
      numbers.set(voucher, number);
    }
  }
  return prepared.map((voucher) => numbers.get(voucher) as string);
}

/**
 * Saves new vouchers (STYLE.md "A service reads top to bottom"): rights and locks → compute each
 * with domain → one transaction: numbers → vouchers and versions → postings (balanced by
 * construction) and stock with their monthly balances → allocations and invoice statuses →
 * conversions → change feed and audit. One voucher from the entry screen, or thousands from an
 * import or the demo, take the same path.
 */
export async function createVouchers(
  deps: VoucherDeps,
  caller: Caller,
  organisationId: string,
  entries: readonly NewEntry[],
  options: WriteOptions = {},
): Promise<SavedVoucher[]> {
  return writeNewVouchers(
    deps,
    await prepareNewVouchers(deps, caller, organisationId, entries),
    options,
  );
}

export interface WriteOptions {
  /**
   * The caller's own writes that must commit or fail with the vouchers (an import marking the
   * lines it saved), run last in the same transaction.
   */
  inTransaction?: (trx: Kysely<Database>, saved: readonly SavedVoucher[]) => Promise<void>;
}

/** New vouchers checked and computed, with the ids they will have: ready to be written. */
export interface ReadyVouchers {
  organisationId: string;
  userId: string;
  prepared: readonly PreparedVoucher[];
  ids: readonly string[];
}

/**
 * The first half of createVouchers, which reads nothing a save changes (rights, period locks,
 * masters): a loader may prepare its next batch while the last one is written (load-books.ts).
 */
export async function prepareNewVouchers(
  deps: VoucherDeps,
  caller: Caller,
  organisationId: string,
  entries: readonly NewEntry[],
): Promise<ReadyVouchers> {
  if (entries.length === 0) return { organisationId, userId: caller.userId, prepared: [], ids: [] };
  const types = [...new Set(entries.map((entry) => entry.type))];
  const { organisation, userId } = await requireOrganisationAccess(
    deps.db,
    caller,
    organisationId,
    { kind: "rights", subjects: types, action: "add" },
  );
  for (const entry of entries) {
    if (entry.payload.organisationId !== organisationId)
      throw badRequest("Every entry must belong to the organisation of the call.");
  }
  const [context, locks] = await Promise.all([
    loadVoucherContext(
      deps.db,
      organisation,
      entries.map((entry) => entry.payload),
    ),
    readPeriodLocks(deps.db, organisationId, types),
  ]);
  const prefix = (index: number) => (entries.length > 1 ? `Entry ${index + 1}: ` : "");
  const payloads = await Promise.all(
    entries.map((entry) => carryTransport(deps.db, organisationId, entry)),
  );
  const prepared = entries.map((entry, index) => {
    try {
      return prepareWithMasters(entry.type, payloads[index] ?? entry.payload, context);
    } catch (error) {
      return toBadRequest(error, prefix(index));
    }
  });
  for (const voucher of prepared) locks.assertUnlocked(voucher.type, voucher.date);
  return { organisationId, userId, prepared, ids: prepared.map(() => newId()) };
}

/**
 * A delivery challan converted into a sales invoice (spec 2.6, issue 24) brings its transport
 * details when the new document names none: the goods, vehicle and LR are the challan's. A payload
 * that sends `transport` (even `{}`, nothing) keeps its own. Only between types that carry goods.
 */
async function carryTransport(
  db: Kysely<Database>,
  organisationId: string,
  entry: NewEntry,
): Promise<NewEntry["payload"]> {
  if (entry.payload.transport !== undefined || !getVoucherDefinition(entry.type).transport)
    return entry.payload;
  const source = findConversionSource(entry.payload);
  if (!source || !getVoucherDefinition(source.type).transport) return entry.payload;
  const row = await repo.findVoucher(db, organisationId, source.id);
  // A missing or deleted source is refused when the link is made (linkSource).
  if (!row || row.deleted_at || row.type !== source.type) return entry.payload;
  const transport = (readStoredDocument(row.type, row.document).json as { transport?: unknown })
    .transport;
  return transport && typeof transport === "object"
    ? { ...entry.payload, transport }
    : entry.payload;
}

/** The second half of createVouchers: one transaction, under the books lock (decision 020). */
export async function writeNewVouchers(
  deps: VoucherDeps,
  { organisationId, userId, prepared, ids }: ReadyVouchers,
  options: WriteOptions = {},
): Promise<SavedVoucher[]> {
  if (prepared.length === 0) return [];
  const saved = await retryOnNumberRace(prepared, () =>
    inLockedBooks(deps.db, organisationId, async (trx) => {
      const numbers = await assignNumbers(trx, organisationId, prepared);
      const paidOnSave = await repo.findCashOrBankAccountIds(
        trx,
        organisationId,
        prepared.filter((voucher) => isBillableType(voucher.type)).map((v) => v.partyAccountId),
      );
      const now = nowIso();
      const rows = prepared.map((voucher, index): repo.VoucherRow => {
        const number = numbers[index] as string;
        return {
          organisation_id: organisationId,
          id: ids[index] as string,
          type: voucher.type,
          year: voucher.year,
          date: voucher.date,
          number,
          number_key: sortKeyOfVoucherNumber(number),
          party_account_id: voucher.partyAccountId,
          party_name: voucher.partyName,
          amount_paise: voucher.amountPaise,
          pending_paise: isBillableType(voucher.type)
            ? settledOnSave(voucher, paidOnSave)
              ? 0
              : voucher.amountPaise
            : null,
          status: isBillableType(voucher.type)
            ? statusOf(
                voucher.type,
                voucher.amountPaise,
                settledOnSave(voucher, paidOnSave) ? 0 : voucher.amountPaise,
              )
            : null,
          narration: voucher.narration,
          search_text: searchTextOf(voucher, number),
          document: describeStoredDocument(voucher, number),
          source_type: voucher.source?.type ?? null,
          source_id: voucher.source?.id ?? null,
          converted_to_type: null,
          converted_to_id: null,
          version: 1,
          created_at: now,
          created_by: userId,
          updated_at: now,
          updated_by: userId,
          deleted_at: null,
          deleted_by: null,
        };
      });
      // Held, so that a save whose steps between them read nothing writes in one statement.
      const writes = new HeldWrites(trx);
      writes.hold([
        ...repo.buildVoucherInserts(trx, rows),
        ...buildVoucherTotalWrites(
          trx,
          organisationId,
          rows.map((row) => ({ ...listOf(row), count: 1 as const })),
        ),
        ...repo.buildVersionInserts(
          trx,
          rows.map((row) => ({
            organisation_id: organisationId,
            voucher_id: row.id,
            version: 1,
            action: "created" as const,
            document: row.document,
            user_id: userId,
            created_at: now,
          })),
        ),
      ]);
      const allocations = prepared.flatMap((voucher) => voucher.allocations);
      if (allocations.length > 0) {
        // After the vouchers, so a receipt may settle an invoice saved in the same batch.
        await writes.flush();
        await checkAllocations(trx, organisationId, allocations);
      }
      const effects = rows.map((row, index) => ({
        ref: row,
        prepared: prepared[index] as PreparedVoucher,
      }));
      writes.hold([
        ...buildEffectInserts(trx, organisationId, effects),
        ...buildBalanceWrites(
          trx,
          organisationId,
          effects.map((effect) => brought(effect.ref, effect.prepared)),
        ),
      ]);
      if (allocations.length > 0 || prepared.some((voucher) => voucher.source)) {
        await writes.flush();
        await repo.refreshInvoiceStatuses(
          trx,
          organisationId,
          allocations.map((allocation) => allocation.invoiceId),
        );
        for (const [index, voucher] of prepared.entries())
          await linkSource(trx, organisationId, voucher, ids[index] as string);
      }
      writes.hold(
        await buildChangeWrites(
          trx,
          organisationId,
          userId,
          rows.map((row) => ({
            id: row.id,
            type: row.type as VoucherType,
            number: row.number,
            action: "add" as const,
            before: null,
            after: row.document,
          })),
        ),
      );
      await writes.flush();
      // The return facts of its outward vouchers (decision 056), after the vouchers they settle.
      await writeReturnFacts(trx, organisationId, rows, { fresh: true });
      // Issue 39: what each voucher credits a TDS deductee (decision 300).
      await writeTdsFacts(
        trx,
        organisationId,
        rows.map((row, index) => ({
          voucherId: row.id,
          type: row.type,
          date: row.date,
          fact: prepared[index]?.tds,
        })),
        false,
      );
      const saved = rows.map((row, index) => ({
        entryId: row.id,
        version: 1,
        number: row.number,
        figures: savedFiguresOf(prepared[index] as PreparedVoucher),
      }));
      await options.inTransaction?.(trx, saved);
      return saved;
    }),
  );
  deps.announceChange(organisationId);
  return saved;
}

export async function createVoucher(
  deps: VoucherDeps,
  caller: Caller,
  type: VoucherType,
  payload: Record<string, unknown> & { organisationId: string },
): Promise<SavedVoucher> {
  const [saved] = await createVouchers(deps, caller, payload.organisationId, [{ type, payload }]);
  return saved as SavedVoucher;
}

// Two people saving at once may both be given the next number; the unique index stops the second,
// which then takes the number after. A number the user typed is never changed behind their back.
/**
 * Runs a save again when the unique index says its number was taken meanwhile. Saves lock the
 * books (inLockedBooks), so this is the backstop for a writer that does not.
 */
async function retryOnNumberRace<T>(
  prepared: readonly PreparedVoucher[],
  run: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const typed = prepared.find((voucher) => voucher.number);
      if (typed && prepared.length === 1) {
        throw conflict(`Number ${typed.number} is already used by another entry in ${typed.year}.`);
      }
      if (attempt >= 5) throw conflict("Could not take the next number; please save again.");
    }
  }
}

/** The list a stored voucher is counted in (voucher_totals). */
function listOf(row: Pick<repo.VoucherRow, "type" | "year" | "deleted_at" | "amount_paise">) {
  return {
    type: row.type,
    year: row.year,
    deleted: row.deleted_at !== null,
    amountPaise: row.amount_paise,
  };
}

function requireLiveVoucher(voucher: repo.VoucherRow | undefined, type: VoucherType) {
  if (!voucher || voucher.type !== type || voucher.deleted_at)
    throw notFound(VOUCHER_MESSAGES.notFound);
  return voucher;
}

export async function editVoucher(
  deps: VoucherDeps,
  caller: Caller,
  type: VoucherType,
  payload: Record<string, unknown> & {
    organisationId: string;
    entryId: string;
    version?: number | undefined;
  },
): Promise<SavedVoucher> {
  const access = await requireOrganisationAccess(deps.db, caller, payload.organisationId, {
    kind: "right",
    subject: type,
    action: "edit",
  });
  const organisationId = access.organisation.id;
  const [found, context, locks] = await Promise.all([
    repo.findVoucher(deps.db, organisationId, payload.entryId),
    loadVoucherContext(deps.db, access.organisation, [payload]),
    readPeriodLocks(deps.db, organisationId, [type]),
  ]);
  const existing = requireLiveVoucher(found, type);
  if (payload.version !== undefined && payload.version !== existing.version)
    throw conflict(VOUCHER_MESSAGES.stale);
  let prepared: PreparedVoucher;
  try {
    prepared = prepareWithMasters(type, payload, context);
  } catch (error) {
    return toBadRequest(error);
  }
  locks.assertUnlocked(type, existing.date);
  locks.assertUnlocked(type, prepared.date);
  await assertVouchersChangeable(deps.db, organisationId, type, [existing.id]);
  const number = prepared.number ?? existing.number;
  const saved = await retryOnNumberRace([prepared], () =>
    inLockedBooks(deps.db, organisationId, async (trx) => {
      if (number !== existing.number) {
        const used = await repo.findUsedNumbers(trx, organisationId, type, prepared.year, [number]);
        if (used.has(number)) {
          throw badRequest(
            `Number ${number} is already used by another entry in ${prepared.year}.`,
            [
              {
                path: "invoiceNumber",
                message: `Number ${number} is already used in ${prepared.year}.`,
              },
            ],
          );
        }
      }
      await checkAllocations(trx, organisationId, prepared.allocations, existing.id);
      const allocatedToThis = isBillableType(type)
        ? ((await repo.sumAllocationsByInvoice(trx, organisationId, [existing.id])).get(
            existing.id,
          ) ?? 0)
        : 0;
      if (allocatedToThis > prepared.amountPaise) {
        throw badRequest(
          `${formatAmount(allocatedToThis)} has already been set against ${existing.number}, so its total cannot be less than that.`,
          [{ path: "totalAmount", message: `At least ${formatAmount(allocatedToThis)}.` }],
        );
      }
      const version = existing.version + 1;
      const now = nowIso();
      const document = describeStoredDocument(prepared, number);
      const paidOnSave = isBillableType(type)
        ? await repo.findCashOrBankAccountIds(trx, organisationId, [prepared.partyAccountId])
        : new Set<string>();
      const pendingPaise = settledOnSave(prepared, paidOnSave)
        ? 0
        : prepared.amountPaise - allocatedToThis;
      const updated = await repo.updateVoucherAtVersion(
        trx,
        organisationId,
        existing.id,
        existing.version,
        {
          year: prepared.year,
          date: prepared.date,
          number,
          number_key: sortKeyOfVoucherNumber(number),
          party_account_id: prepared.partyAccountId,
          party_name: prepared.partyName,
          amount_paise: prepared.amountPaise,
          pending_paise: isBillableType(type) ? pendingPaise : null,
          status: isBillableType(type) ? statusOf(type, prepared.amountPaise, pendingPaise) : null,
          narration: prepared.narration,
          search_text: searchTextOf(prepared, number),
          document,
          source_type: prepared.source?.type ?? null,
          source_id: prepared.source?.id ?? null,
          version,
          updated_at: now,
          updated_by: access.userId,
        },
      );
      if (!updated) throw conflict(VOUCHER_MESSAGES.stale);
      await runWrites(trx, [
        ...buildVoucherTotalWrites(trx, organisationId, [
          { ...listOf(existing), count: -1 },
          {
            type,
            year: prepared.year,
            deleted: false,
            amountPaise: prepared.amountPaise,
            count: 1,
          },
        ]),
        ...repo.buildVersionInserts(trx, [
          {
            organisation_id: organisationId,
            voucher_id: existing.id,
            version,
            action: "edited",
            document,
            user_id: access.userId,
            created_at: now,
          },
        ]),
      ]);
      const [before] = (await readEffects(trx, organisationId, [existing])) as [SavedEffects];
      const ref = { id: existing.id, type, date: prepared.date };
      await runWrites(trx, [
        ...buildBalanceWrites(trx, organisationId, [taken(before), brought(ref, prepared)]),
        ...buildEffectDeletes(trx, organisationId, existing.id),
      ]);
      // The new rows reuse the old ones' keys: after the deletes, in a statement of their own.
      await runWrites(trx, buildEffectInserts(trx, organisationId, [{ ref, prepared }]));
      await repo.refreshInvoiceStatuses(trx, organisationId, [
        ...before.allocations.map((allocation) => allocation.invoiceId),
        ...prepared.allocations.map((allocation) => allocation.invoiceId),
      ]);
      if (existing.source_id !== (prepared.source?.id ?? null)) {
        await unlinkSource(trx, organisationId, existing);
        await linkSource(trx, organisationId, prepared, existing.id);
      }
      await runWrites(
        trx,
        await buildChangeWrites(trx, organisationId, access.userId, [
          {
            id: existing.id,
            type,
            number,
            action: "edit",
            before: existing.document,
            after: document,
          },
        ]),
      );
      await writeReturnFacts(trx, organisationId, [
        {
          id: existing.id,
          type,
          date: prepared.date,
          number,
          number_key: sortKeyOfVoucherNumber(number),
          party_name: prepared.partyName,
          amount_paise: prepared.amountPaise,
          document,
        },
      ]);
      await writeTdsFacts(
        trx,
        organisationId,
        [{ voucherId: existing.id, type, date: prepared.date, fact: prepared.tds }],
        true,
      );
      return { entryId: existing.id, version, number, figures: savedFiguresOf(prepared) };
    }),
  );
  deps.announceChange(organisationId);
  return saved;
}

/** Soft delete (DESIGN.md §4): the voucher and its versions stay readable; its effects leave the books. */
export async function deleteVouchers(
  deps: VoucherDeps,
  caller: Caller,
  type: VoucherType,
  organisationId: string,
  entryIds: readonly string[],
  options: {
    /** Runs inside the delete's transaction (a bank import's lines go back with their vouchers). */
    inTransaction?: (trx: Kysely<Database>) => Promise<void>;
  } = {},
): Promise<{ deleted: number }> {
  return deleteVouchersOfTypes(deps, caller, organisationId, [{ type, entryIds }], options);
}

/**
 * deleteVouchers for vouchers of several types in one transaction (a bank import's undo, issue
 * 36): every type's rights, locks and checks pass before anything is written, and all are
 * deleted or none.
 */
export async function deleteVouchersOfTypes(
  deps: VoucherDeps,
  caller: Caller,
  organisationId: string,
  groups: readonly { type: VoucherType; entryIds: readonly string[] }[],
  options: { inTransaction?: (trx: Kysely<Database>) => Promise<void> } = {},
): Promise<{ deleted: number }> {
  const prepared: {
    type: VoucherType;
    ids: string[];
    deleting: repo.VoucherRow[];
    userId: string;
  }[] = [];
  for (const { type, entryIds } of groups) {
    const access = await requireOrganisationAccess(deps.db, caller, organisationId, {
      kind: "right",
      subject: type,
      action: "delete",
    });
    const ids = [...new Set(entryIds)];
    const [vouchers, locks] = await Promise.all([
      repo.findVouchersByIds(deps.db, organisationId, ids),
      readPeriodLocks(deps.db, organisationId, [type]),
    ]);
    const byId = new Map(vouchers.map((voucher) => [voucher.id, voucher]));
    for (const id of ids) {
      const voucher = requireLiveVoucher(byId.get(id), type);
      locks.assertUnlocked(type, voucher.date);
    }
    await assertVouchersChangeable(deps.db, organisationId, type, ids);
    // In id order: the books lock keeps deletes apart (decision 020); the order keeps the writes
    // deterministic.
    const deleting = [...ids].sort().map((id) => byId.get(id) as repo.VoucherRow);
    prepared.push({ type, ids, deleting, userId: access.userId });
  }
  await inLockedBooks(deps.db, organisationId, async (trx) => {
    for (const group of prepared) await writeVoucherDeletes(trx, organisationId, group);
    await options.inTransaction?.(trx);
  });
  deps.announceChange(organisationId);
  return { deleted: prepared.reduce((sum, group) => sum + group.ids.length, 0) };
}

/** The writes of one type's delete, inside the books lock. */
async function writeVoucherDeletes(
  trx: Kysely<Database>,
  organisationId: string,
  group: { type: VoucherType; ids: string[]; deleting: repo.VoucherRow[]; userId: string },
) {
  const { type, ids, deleting } = group;
  const access = { userId: group.userId };
  const now = nowIso();
  if (isBillableType(type)) {
    const settled = await repo.listAllocationsToInvoices(trx, organisationId, ids);
    for (const voucher of deleting) {
      const first = settled.find((settlement) => settlement.invoice_id === voucher.id);
      if (first) {
        throw new AppError(
          409,
          `${voucher.number} cannot be deleted: ${titleOf(first.type as VoucherType)} ${first.number} is set against it. Delete or change that entry first.`,
        );
      }
    }
  }
  const deletion = { at: now, by: access.userId };
  if (!(await repo.markVouchersDeleted(trx, organisationId, deleting, deletion))) {
    throw conflict(VOUCHER_MESSAGES.stale);
  }
  await removeReturnFacts(trx, organisationId, deleting);
  await removeTdsFacts(
    trx,
    organisationId,
    deleting.map((voucher) => voucher.id),
  );
  const removed = await readEffects(trx, organisationId, deleting);
  // Every voucher's effects leave the books together: one write per balance row.
  await runWrites(trx, [
    ...buildVoucherTotalWrites(
      trx,
      organisationId,
      deleting.flatMap((voucher) => [
        { ...listOf(voucher), count: -1 as const },
        { ...listOf(voucher), deleted: true, count: 1 as const },
      ]),
    ),
    ...repo.buildVersionInserts(
      trx,
      deleting.map((voucher) => ({
        organisation_id: organisationId,
        voucher_id: voucher.id,
        version: voucher.version + 1,
        action: "deleted" as const,
        document: voucher.document,
        user_id: access.userId,
        created_at: now,
      })),
    ),
    ...buildBalanceWrites(trx, organisationId, removed.map(taken)),
    ...deleting.flatMap((voucher) => buildEffectDeletes(trx, organisationId, voucher.id)),
    ...(await buildChangeWrites(
      trx,
      organisationId,
      access.userId,
      deleting.map((voucher) => ({
        id: voucher.id,
        type,
        number: voucher.number,
        action: "delete" as const,
        before: voucher.document,
        after: null,
      })),
    )),
  ]);
  await repo.refreshInvoiceStatuses(
    trx,
    organisationId,
    removed.flatMap((effects) => effects.allocations.map((allocation) => allocation.invoiceId)),
  );
  for (const voucher of deleting) await unlinkSource(trx, organisationId, voucher);
}

export const RESTORE_MESSAGES = {
  notDeleted: "Only deleted entries can be restored; this one is not among them.",
  numberTaken: (number: string, year: string) =>
    `${number} cannot be restored: number ${number} is now used by another entry in ${year}. Change that entry's number first.`,
} as const;

/**
 * Restores deleted vouchers from Deleted Entries (issue 39, decision 312), all or none: each is
 * prepared again from its stored document, so today's period locks, masters and bill-wise checks
 * apply and its number must still be free in its year; its effects come back into the books, with
 * a version 'restored', a user-log line and an audit-trail entry in the same transaction.
 * Restoring needs the rights to add and to delete entries of the type.
 */
export async function restoreVouchers(
  deps: VoucherDeps,
  caller: Caller,
  type: VoucherType,
  organisationId: string,
  entryIds: readonly string[],
): Promise<{ restored: number }> {
  await requireOrganisationAccess(deps.db, caller, organisationId, {
    kind: "right",
    subject: type,
    action: "delete",
  });
  const access = await requireOrganisationAccess(deps.db, caller, organisationId, {
    kind: "right",
    subject: type,
    action: "add",
  });
  const ids = [...new Set(entryIds)].sort();
  const [found, locks] = await Promise.all([
    repo.findVouchersByIds(deps.db, organisationId, ids),
    readPeriodLocks(deps.db, organisationId, [type]),
  ]);
  const byId = new Map(found.map((voucher) => [voucher.id, voucher]));
  const restoring = ids.map((id) => {
    const voucher = byId.get(id);
    if (!voucher || voucher.type !== type || !voucher.deleted_at)
      throw notFound(RESTORE_MESSAGES.notDeleted);
    return voucher;
  });
  const payloads = restoring.map((voucher) => ({
    ...(JSON.parse(voucher.document) as Record<string, unknown>),
    organisationId,
  }));
  const context = await loadVoucherContext(deps.db, access.organisation, payloads);
  const prepared = restoring.map((voucher, index) => {
    try {
      return prepareWithMasters(type, payloads[index] as Record<string, unknown>, context);
    } catch (error) {
      return toBadRequest(error, `${voucher.number}: `);
    }
  });
  for (const voucher of prepared) locks.assertUnlocked(type, voucher.date);
  await inLockedBooks(deps.db, organisationId, async (trx) => {
    const seen = new Set<string>();
    for (const [index, voucher] of restoring.entries()) {
      const year = (prepared[index] as PreparedVoucher).year;
      const key = `${year}|${voucher.number}`;
      const used = await repo.findUsedNumbers(trx, organisationId, type, year, [voucher.number]);
      if (used.has(voucher.number) || seen.has(key))
        throw conflict(RESTORE_MESSAGES.numberTaken(voucher.number, year));
      seen.add(key);
    }
    const allocations = prepared.flatMap((voucher) => voucher.allocations);
    await checkAllocations(trx, organisationId, allocations);
    const now = nowIso();
    const rows: repo.VoucherRow[] = [];
    const paidOnSave = isBillableType(type)
      ? await repo.findCashOrBankAccountIds(
          trx,
          organisationId,
          prepared.map((voucher) => voucher.partyAccountId),
        )
      : new Set<string>();
    for (const [index, voucher] of restoring.entries()) {
      const ready = prepared[index] as PreparedVoucher;
      // Nothing can be set against a deleted voucher, so it comes back owing all of it, unless it
      // is a cash sale or purchase, settled as it is saved.
      const pendingPaise = settledOnSave(ready, paidOnSave) ? 0 : ready.amountPaise;
      const row: repo.VoucherRow = {
        ...voucher,
        year: ready.year,
        date: ready.date,
        number_key: sortKeyOfVoucherNumber(voucher.number),
        party_account_id: ready.partyAccountId,
        party_name: ready.partyName,
        amount_paise: ready.amountPaise,
        pending_paise: isBillableType(type) ? pendingPaise : null,
        status: isBillableType(type) ? statusOf(type, ready.amountPaise, pendingPaise) : null,
        narration: ready.narration,
        search_text: searchTextOf(ready, voucher.number),
        document: describeStoredDocument(ready, voucher.number),
        version: voucher.version + 1,
        updated_at: now,
        updated_by: access.userId,
        deleted_at: null,
        deleted_by: null,
      };
      const { organisation_id: _o, id: _i, created_at: _c, created_by: _b, ...changes } = row;
      if (
        !(await repo.updateVoucherAtVersion(
          trx,
          organisationId,
          voucher.id,
          voucher.version,
          changes,
        ))
      )
        throw conflict(VOUCHER_MESSAGES.stale);
      rows.push(row);
    }
    const effects = rows.map((row, index) => ({
      ref: { id: row.id, type, date: row.date },
      prepared: prepared[index] as PreparedVoucher,
    }));
    await runWrites(trx, [
      ...buildVoucherTotalWrites(
        trx,
        organisationId,
        restoring.flatMap((voucher, index) => [
          { ...listOf(voucher), count: -1 as const },
          { ...listOf(rows[index] as repo.VoucherRow), count: 1 as const },
        ]),
      ),
      ...repo.buildVersionInserts(
        trx,
        rows.map((row) => ({
          organisation_id: organisationId,
          voucher_id: row.id,
          version: row.version,
          action: "restored" as const,
          document: row.document,
          user_id: access.userId,
          created_at: now,
        })),
      ),
      ...buildEffectInserts(trx, organisationId, effects),
      ...buildBalanceWrites(
        trx,
        organisationId,
        effects.map((effect) => brought(effect.ref, effect.prepared)),
      ),
      ...(await buildChangeWrites(
        trx,
        organisationId,
        access.userId,
        rows.map((row) => ({
          id: row.id,
          type,
          number: row.number,
          action: "restore" as const,
          before: null,
          after: row.document,
        })),
      )),
    ]);
    await repo.refreshInvoiceStatuses(
      trx,
      organisationId,
      allocations.map((allocation) => allocation.invoiceId),
    );
    for (const [index, row] of rows.entries())
      await linkSource(trx, organisationId, prepared[index] as PreparedVoucher, row.id);
    await writeReturnFacts(trx, organisationId, rows);
    // What each restored voucher credits a TDS deductee counts again (decision 300).
    await writeTdsFacts(
      trx,
      organisationId,
      rows.map((row, index) => ({
        voucherId: row.id,
        type: row.type,
        date: row.date,
        fact: prepared[index]?.tds,
      })),
      true,
    );
  });
  deps.announceChange(organisationId);
  return { restored: restoring.length };
}
