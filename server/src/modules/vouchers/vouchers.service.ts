import {
  type BillAllocation,
  DeclaredTotalsError,
  formatAmount,
  getVoucherDefinition,
  type PreparedVoucher,
  prepareVoucher,
  sortKeyOfVoucherNumber,
  suggestNextVoucherNumber,
  VoucherError,
  type VoucherType,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { AppError, badRequest, conflict, notFound } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { writeAuditLog } from "../audit/audit.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { assertPeriodUnlocked } from "../lock-periods/lock-periods.service.ts";
import { requireOrganisationAccess } from "../organisations/organisation-access.ts";
import { isUniqueViolation } from "../organisations/unique-violation.ts";
import { applyPostingsToBalances, applyStockToBalances } from "./balances.repository.ts";
import { loadVoucherContext } from "./voucher-context.ts";
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

/** Invoices and bills keep a pending amount and a status; the other types do not. */
function isBillable(type: string): type is "salesInvoice" | "purchases" {
  return type === "salesInvoice" || type === "purchases";
}

function describeVoucher(type: VoucherType, number: string): string {
  return `${getVoucherDefinition(type).titles.singular} ${number}`;
}

function toVoucherError(error: unknown): never {
  if (error instanceof DeclaredTotalsError) {
    throw badRequest(
      error.message,
      error.mismatches.map((mismatch) => ({ path: "totalAmount", message: mismatch.message })),
    );
  }
  if (error instanceof VoucherError) {
    throw badRequest(error.message, [{ path: error.path, message: error.message }]);
  }
  throw error;
}

async function prepare(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  type: VoucherType,
  payload: Record<string, unknown>,
): Promise<PreparedVoucher> {
  const context = await loadVoucherContext(db, organisation, payload);
  try {
    return prepareVoucher(type, payload, context);
  } catch (error) {
    return toVoucherError(error);
  }
}

/** The stored form of a voucher as the API returns it, and as each version keeps it. */
function describeStoredDocument(prepared: PreparedVoucher, number: string): string {
  const numberField =
    getVoucherDefinition(prepared.type).shape === "items" ? "invoiceNumber" : "voucherNumber";
  return JSON.stringify({ ...prepared.document, [numberField]: number });
}

function statusOf(type: "salesInvoice" | "purchases", amount: number, pending: number): string {
  if (pending <= 0) return type === "salesInvoice" ? "received" : "paid";
  return pending >= amount ? "pending" : "partial";
}

async function takeNumber(
  trx: Kysely<Database>,
  organisationId: string,
  prepared: PreparedVoucher,
  exceptId?: string,
): Promise<string> {
  if (prepared.number) {
    const taken = await repo.findLiveVoucherByNumber(
      trx,
      organisationId,
      prepared.type,
      prepared.year,
      prepared.number,
    );
    if (taken && taken.id !== exceptId) {
      throw badRequest(
        `Number ${prepared.number} is already used by another entry in ${prepared.year}.`,
        [
          {
            path: "invoiceNumber",
            message: `Number ${prepared.number} is already used in ${prepared.year}.`,
          },
        ],
      );
    }
    return prepared.number;
  }
  return suggestNextVoucherNumber(
    await repo.findLastVoucherNumber(trx, organisationId, prepared.type, prepared.year),
  );
}

/** Bill-wise allocations must name live invoices of the same party, and no more than is pending. */
async function checkAllocations(
  trx: Kysely<Database>,
  organisationId: string,
  allocations: readonly BillAllocation[],
  voucherId: string,
): Promise<void> {
  if (allocations.length === 0) return;
  const ids = [...new Set(allocations.map((allocation) => allocation.invoiceId))];
  const invoices = new Map(
    (await repo.findVouchersByIds(trx, organisationId, ids)).map((row) => [row.id, row]),
  );
  const already = await repo.sumAllocationsByInvoice(trx, organisationId, ids, voucherId);
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

/** Pending amount and status of invoices follow from the allocations set against them. */
async function refreshInvoiceStatuses(
  trx: Kysely<Database>,
  organisationId: string,
  invoiceIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(invoiceIds)];
  if (ids.length === 0) return;
  const invoices = await repo.findVouchersByIds(trx, organisationId, ids);
  const allocated = await repo.sumAllocationsByInvoice(trx, organisationId, ids);
  for (const invoice of invoices) {
    if (!isBillable(invoice.type) || invoice.deleted_at) continue;
    const pending = invoice.amount_paise - (allocated.get(invoice.id) ?? 0);
    await repo.updateVoucher(trx, organisationId, invoice.id, {
      pending_paise: pending,
      status: statusOf(invoice.type, invoice.amount_paise, pending),
    });
  }
}

/** Writes postings, stock and allocations of a voucher, with their balances. */
async function writeEffects(
  trx: Kysely<Database>,
  organisationId: string,
  voucher: { id: string; type: string; date: string },
  prepared: PreparedVoucher,
): Promise<void> {
  await repo.insertPostings(trx, organisationId, voucher, prepared.postings);
  await applyPostingsToBalances(trx, organisationId, voucher.date, prepared.postings, 1);
  await repo.insertStockMovements(trx, organisationId, voucher, prepared.stock);
  await applyStockToBalances(trx, organisationId, voucher.date, prepared.stock, 1);
  await repo.insertAllocations(trx, organisationId, voucher.id, prepared.allocations);
}

/** Takes a voucher's postings, stock and allocations out again; returns the invoices it touched. */
async function removeEffects(
  trx: Kysely<Database>,
  organisationId: string,
  voucher: { id: string; date: string },
): Promise<string[]> {
  const postings = await repo.listPostingsOfVoucher(trx, organisationId, voucher.id);
  await applyPostingsToBalances(trx, organisationId, voucher.date, postings, -1);
  await repo.deletePostingsOfVoucher(trx, organisationId, voucher.id);
  const stock = await repo.listStockOfVoucher(trx, organisationId, voucher.id);
  await applyStockToBalances(trx, organisationId, voucher.date, stock, -1);
  await repo.deleteStockOfVoucher(trx, organisationId, voucher.id);
  const allocations = await repo.listAllocationsOfVoucher(trx, organisationId, voucher.id);
  await repo.deleteAllocationsOfVoucher(trx, organisationId, voucher.id);
  return allocations.map((allocation) => allocation.invoiceId);
}

/** A quotation, order or challan converted into this voucher shows it (DESIGN.md §4). */
async function linkSource(
  trx: Kysely<Database>,
  organisationId: string,
  prepared: PreparedVoucher,
  voucherId: string,
): Promise<void> {
  if (!prepared.source) return;
  const source = await repo.findVoucher(trx, organisationId, prepared.source.id);
  const title = getVoucherDefinition(prepared.source.type).titles.singular;
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

async function recordChange(
  trx: Kysely<Database>,
  organisationId: string,
  userId: string,
  voucher: { id: string; type: VoucherType; number: string },
  action: "add" | "edit" | "delete",
): Promise<void> {
  const createdAt = nowIso();
  await repo.insertChangeEvent(trx, {
    organisation_id: organisationId,
    id: newId(),
    entity_type: voucher.type,
    entity_id: voucher.id,
    action,
    user_id: userId,
    created_at: createdAt,
  });
  const verb = { add: "Added", edit: "Edited", delete: "Deleted" }[action];
  await writeAuditLog(trx, {
    organisationId,
    userId,
    action,
    entityType: voucher.type,
    entityId: voucher.id,
    summary: `${verb} ${describeVoucher(voucher.type, voucher.number)}`,
  });
}

function searchTextOf(prepared: PreparedVoucher, number: string): string {
  return [number, ...prepared.searchTerms].join(" ").toLowerCase();
}

export interface SavedVoucher {
  entryId: string;
  version: number;
  number: string;
}

/**
 * DESIGN.md / STYLE.md: one transaction — rights and lock → compute with domain → take the number →
 * voucher and version → postings (balanced by construction) → stock → allocations → statuses.
 */
export async function createVoucher(
  deps: VoucherDeps,
  caller: Caller,
  type: VoucherType,
  payload: Record<string, unknown> & { organisationId: string },
): Promise<SavedVoucher> {
  const access = await requireOrganisationAccess(deps.db, caller, payload.organisationId, {
    kind: "right",
    subject: type,
    action: "add",
  });
  const organisationId = access.organisation.id;
  const prepared = await prepare(deps.db, access.organisation, type, payload);
  await assertPeriodUnlocked(deps.db, organisationId, type, prepared.date);
  const id = newId();
  const saved = await retryOnNumberRace(prepared, () =>
    deps.db.transaction().execute(async (trx) => {
      const number = await takeNumber(trx, organisationId, prepared);
      await checkAllocations(trx, organisationId, prepared.allocations, id);
      const now = nowIso();
      const document = describeStoredDocument(prepared, number);
      await repo.insertVoucher(trx, {
        organisation_id: organisationId,
        id,
        type,
        year: prepared.year,
        date: prepared.date,
        number,
        number_key: sortKeyOfVoucherNumber(number),
        party_account_id: prepared.partyAccountId,
        party_name: prepared.partyName,
        amount_paise: prepared.amountPaise,
        pending_paise: isBillable(type) ? prepared.amountPaise : null,
        status: isBillable(type) ? "pending" : null,
        narration: prepared.narration,
        search_text: searchTextOf(prepared, number),
        document,
        source_type: prepared.source?.type ?? null,
        source_id: prepared.source?.id ?? null,
        converted_to_type: null,
        converted_to_id: null,
        version: 1,
        created_at: now,
        created_by: access.userId,
        updated_at: now,
        updated_by: access.userId,
        deleted_at: null,
        deleted_by: null,
      });
      await repo.insertVoucherVersion(trx, {
        organisation_id: organisationId,
        voucher_id: id,
        version: 1,
        action: "created",
        document,
        user_id: access.userId,
        created_at: now,
      });
      await writeEffects(trx, organisationId, { id, type, date: prepared.date }, prepared);
      await refreshInvoiceStatuses(
        trx,
        organisationId,
        prepared.allocations.map((a) => a.invoiceId),
      );
      await linkSource(trx, organisationId, prepared, id);
      await recordChange(trx, organisationId, access.userId, { id, type, number }, "add");
      return { entryId: id, version: 1, number };
    }),
  );
  deps.announceChange(organisationId);
  return saved;
}

// Two people saving at once may both be given the next number; the unique index stops the second,
// which then takes the number after. A number the user typed is never changed behind their back.
async function retryOnNumberRace<T>(prepared: PreparedVoucher, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (prepared.number) {
        throw conflict(
          `Number ${prepared.number} is already used by another entry in ${prepared.year}.`,
        );
      }
      if (attempt >= 5) throw conflict("Could not take the next number; please save again.");
    }
  }
}

async function requireLiveVoucher(
  db: Kysely<Database>,
  organisationId: string,
  type: VoucherType,
  id: string,
) {
  const voucher = await repo.findVoucher(db, organisationId, id);
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
  const existing = await requireLiveVoucher(deps.db, organisationId, type, payload.entryId);
  if (payload.version !== undefined && payload.version !== existing.version) {
    throw conflict(VOUCHER_MESSAGES.stale);
  }
  const prepared = await prepare(deps.db, access.organisation, type, payload);
  await assertPeriodUnlocked(deps.db, organisationId, type, existing.date);
  await assertPeriodUnlocked(deps.db, organisationId, type, prepared.date);
  const saved = await retryOnNumberRace(prepared, () =>
    deps.db.transaction().execute(async (trx) => {
      const number = prepared.number ?? existing.number;
      await takeNumber(trx, organisationId, { ...prepared, number }, existing.id);
      await checkAllocations(trx, organisationId, prepared.allocations, existing.id);
      const version = existing.version + 1;
      const now = nowIso();
      const document = describeStoredDocument(prepared, number);
      const allocatedToThis = isBillable(type)
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
          pending_paise: isBillable(type) ? prepared.amountPaise - allocatedToThis : null,
          status: isBillable(type)
            ? statusOf(type, prepared.amountPaise, prepared.amountPaise - allocatedToThis)
            : null,
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
      await repo.insertVoucherVersion(trx, {
        organisation_id: organisationId,
        voucher_id: existing.id,
        version,
        action: "edited",
        document,
        user_id: access.userId,
        created_at: now,
      });
      const touched = await removeEffects(trx, organisationId, existing);
      await writeEffects(
        trx,
        organisationId,
        { id: existing.id, type, date: prepared.date },
        prepared,
      );
      await refreshInvoiceStatuses(trx, organisationId, [
        ...touched,
        ...prepared.allocations.map((a) => a.invoiceId),
      ]);
      if (existing.source_id !== (prepared.source?.id ?? null)) {
        await unlinkSource(trx, organisationId, existing);
        await linkSource(trx, organisationId, prepared, existing.id);
      }
      await recordChange(
        trx,
        organisationId,
        access.userId,
        { id: existing.id, type, number },
        "edit",
      );
      return { entryId: existing.id, version, number };
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
): Promise<{ deleted: number }> {
  const access = await requireOrganisationAccess(deps.db, caller, organisationId, {
    kind: "right",
    subject: type,
    action: "delete",
  });
  const ids = [...new Set(entryIds)];
  const vouchers = await repo.findVouchersByIds(deps.db, organisationId, ids);
  const byId = new Map(vouchers.map((voucher) => [voucher.id, voucher]));
  for (const id of ids) {
    const voucher = byId.get(id);
    if (!voucher || voucher.type !== type || voucher.deleted_at)
      throw notFound(VOUCHER_MESSAGES.notFound);
    await assertPeriodUnlocked(deps.db, organisationId, type, voucher.date);
  }
  await deps.db.transaction().execute(async (trx) => {
    for (const id of ids) {
      const voucher = byId.get(id) as repo.VoucherRow;
      if (isBillable(type)) {
        const settled = await repo.listAllocationsToInvoice(trx, organisationId, voucher.id);
        const first = settled[0];
        if (first) {
          const title = getVoucherDefinition(first.type as VoucherType).titles.singular;
          throw new AppError(
            409,
            `${voucher.number} cannot be deleted: ${title} ${first.number} is set against it. Delete or change that entry first.`,
          );
        }
      }
      const now = nowIso();
      const version = voucher.version + 1;
      const updated = await repo.updateVoucherAtVersion(
        trx,
        organisationId,
        voucher.id,
        voucher.version,
        {
          deleted_at: now,
          deleted_by: access.userId,
          version,
          updated_at: now,
          updated_by: access.userId,
        },
      );
      if (!updated) throw conflict(VOUCHER_MESSAGES.stale);
      await repo.insertVoucherVersion(trx, {
        organisation_id: organisationId,
        voucher_id: voucher.id,
        version,
        action: "deleted",
        document: voucher.document,
        user_id: access.userId,
        created_at: now,
      });
      const touched = await removeEffects(trx, organisationId, voucher);
      await refreshInvoiceStatuses(trx, organisationId, touched);
      await unlinkSource(trx, organisationId, voucher);
      await recordChange(
        trx,
        organisationId,
        access.userId,
        { id: voucher.id, type, number: voucher.number },
        "delete",
      );
    }
  });
  deps.announceChange(organisationId);
  return { deleted: ids.length };
}
