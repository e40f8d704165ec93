import {
  getVoucherDefinition,
  isBillableType,
  type ListFilter,
  type ListSortValue,
  paiseToRupees,
  readStoredVoucher,
  suggestNextVoucherNumber,
  type VoucherType,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { notFound } from "../../http/errors.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { readExtensionDetails } from "./voucher-extensions.ts";
import { listVoucherPage, listVoucherRows } from "./voucher-list.ts";
import { presentVoucher } from "./voucher-presenter.ts";
import * as repo from "./vouchers.repository.ts";
import { VOUCHER_MESSAGES } from "./vouchers.service.ts";

export interface ReadDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
}

const viewRight = (type: VoucherType) => ({
  kind: "right" as const,
  subject: type,
  action: "view" as const,
});

export async function getVoucherDetails(
  deps: ReadDeps,
  caller: Caller,
  type: VoucherType,
  organisationId: string,
  entryId: string,
) {
  await requireOrganisationAccess(deps.db, caller, organisationId, viewRight(type));
  const row = await repo.findVoucher(deps.db, organisationId, entryId);
  // A deleted entry stays readable (its old-version pages open from the deleted list).
  if (!row || row.type !== type) throw notFound(VOUCHER_MESSAGES.notFound);
  // The outputs' state beside the voucher (e-invoice, issue 24), from the modules that keep it.
  const extensions = await readExtensionDetails(deps.db, organisationId, type, entryId);
  return { ...presentVoucher(row), ...extensions };
}

export interface ListVouchersInput {
  organisationId: string;
  year: string;
  skip: number;
  limit: number;
  sortBy: ListSortValue;
  searchText?: string | undefined;
  filters?: ListFilter | undefined;
  deleted: boolean;
}

/** spec 3: the list answer is `{ <listKey>: [...], count, pageTotal, total }`. */
export async function listVouchers(
  deps: ReadDeps,
  caller: Caller,
  type: VoucherType,
  input: ListVouchersInput,
) {
  await requireOrganisationAccess(deps.db, caller, input.organisationId, viewRight(type));
  const query = { ...input, type };
  const { rows, summary } = await listVoucherPage(deps.db, deps.kind, query);
  const pageTotalPaise = rows.reduce((total, row) => total + row.amount_paise, 0);
  return {
    [getVoucherDefinition(type).listKey]: rows.map(presentVoucher),
    count: summary.count,
    pageTotal: paiseToRupees(pageTotalPaise),
    total: paiseToRupees(summary.totalPaise),
  };
}

/** Rows read at a time for a download: a page's documents, never the whole list's, in memory. */
const DOWNLOAD_PAGE_ROWS = 1000;

/** Every matching row, for the PDF and Excel downloads, a page of rows at a time. */
export async function listAllVoucherRows(
  deps: ReadDeps,
  caller: Caller,
  type: VoucherType,
  input: ListVouchersInput,
) {
  const access = await requireOrganisationAccess(
    deps.db,
    caller,
    input.organisationId,
    viewRight(type),
  );
  async function* pages() {
    for (let skip = 0; ; skip += DOWNLOAD_PAGE_ROWS) {
      const rows = await listVoucherRows(deps.db, deps.kind, {
        ...input,
        type,
        skip,
        limit: DOWNLOAD_PAGE_ROWS,
      });
      if (rows.length > 0) yield rows;
      if (rows.length < DOWNLOAD_PAGE_ROWS) return;
    }
  }
  return { organisation: access.organisation, pages: pages() };
}

/** The Log dialog (spec 4): Created / Edited / Deleted rows of an entry. */
export async function listOldVersions(
  deps: ReadDeps,
  caller: Caller,
  type: VoucherType,
  organisationId: string,
  entryId: string,
) {
  await requireOrganisationAccess(deps.db, caller, organisationId, viewRight(type));
  const row = await repo.findVoucher(deps.db, organisationId, entryId);
  if (!row || row.type !== type) throw notFound(VOUCHER_MESSAGES.notFound);
  const versions = await repo.listVoucherVersions(deps.db, organisationId, entryId);
  const latest = versions.at(-1)?.version;
  return {
    // spec 3 "Log entry": _id is 'deleted' for a deletion; first marks the creation.
    logs: versions.map((version) => ({
      _id: version.action === "deleted" ? "deleted" : entryId,
      entryId,
      version: version.version,
      first: version.version === 1,
      latest: version.version === latest,
      action: version.action,
      userName: version.user_name ?? "",
      date: version.created_at,
    })),
  };
}

export async function getOldVersion(
  deps: ReadDeps,
  caller: Caller,
  type: VoucherType,
  organisationId: string,
  entryId: string,
  version: number,
) {
  await requireOrganisationAccess(deps.db, caller, organisationId, viewRight(type));
  const row = await repo.findVoucher(deps.db, organisationId, entryId);
  if (!row || row.type !== type) throw notFound(VOUCHER_MESSAGES.notFound);
  const stored = await repo.findVoucherVersion(deps.db, organisationId, entryId, version);
  if (!stored) throw notFound(`Version ${version} of this entry does not exist.`);
  return {
    entry: {
      ...readStoredVoucher(type, stored.document).json,
      _id: entryId,
      version: stored.version,
      action: stored.action,
      savedAt: stored.created_at,
      currentVersion: row.version,
      isCurrent: stored.version === row.version && !row.deleted_at,
      deleted: row.deleted_at !== null,
    },
  };
}

/** `lastinvoicenumber` / `misc/lastInvoiceNumber`: the last number of the series and the next. */
export async function suggestNumber(
  deps: ReadDeps,
  caller: Caller,
  type: VoucherType,
  organisationId: string,
  year: string,
) {
  await requireOrganisationAccess(deps.db, caller, organisationId, viewRight(type));
  const last = await repo.findLastVoucherNumber(deps.db, organisationId, type, year);
  return { lastInvoiceNumber: last, nextInvoiceNumber: suggestNextVoucherNumber(last) };
}

/** getreceipts / getpayments: what has been set against an invoice, bill or order. */
export async function listSettlements(
  deps: ReadDeps,
  caller: Caller,
  type: VoucherType,
  organisationId: string,
  entryId: string,
) {
  await requireOrganisationAccess(deps.db, caller, organisationId, viewRight(type));
  const row = await repo.findVoucher(deps.db, organisationId, entryId);
  if (!row || row.type !== type) throw notFound(VOUCHER_MESSAGES.notFound);
  // An order, quotation or challan is settled through the invoice it was converted into.
  const invoiceId = row.converted_to_id && !isBillableType(row.type) ? row.converted_to_id : row.id;
  const settlements = await repo.listAllocationsToInvoices(deps.db, organisationId, [invoiceId]);
  return {
    entries: settlements.map((settlement) => ({
      _id: settlement.id,
      type: settlement.type,
      date: settlement.date,
      number: settlement.number,
      amount: paiseToRupees(settlement.amount_paise),
      allocatedAmount: paiseToRupees(settlement.allocated_paise),
    })),
  };
}

/** A live voucher as stored, for a printed document (issue 21); the caller checked access. */
export async function findVoucherForPrint(
  db: Kysely<Database>,
  type: VoucherType,
  organisationId: string,
  entryId: string,
) {
  const row = await repo.findVoucher(db, organisationId, entryId);
  if (!row || row.type !== type || row.deleted_at !== null) {
    throw notFound(VOUCHER_MESSAGES.notFound);
  }
  return {
    type,
    number: row.number,
    date: row.date,
    amountPaise: row.amount_paise,
    pendingPaise: row.pending_paise,
    partyAccountId: row.party_account_id,
    /** The stored JSON text as it is: the print model is built from it on the heavy-work pool. */
    stored: row.document,
    // Only parsed here, not read into figures: a 1,000-line document's full reading is the pool's
    // work (decision 390), the serving thread needs only its ids and due date.
    document: parseStoredJson(row.document),
  };
}

function parseStoredJson(stored: string): Record<string, unknown> {
  const value: unknown = JSON.parse(stored);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError("A stored voucher's document must be a JSON object.");
  }
  return value as Record<string, unknown>;
}

/** Number and date of the invoices a note or receipt names, by id. */
export async function readVoucherNumbers(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, { number: string; date: string }>();
  const rows = await repo.findVouchersByIds(db, organisationId, unique);
  return new Map(rows.map((row) => [row.id, { number: row.number, date: row.date }]));
}
