import {
  buildEWayBillJson,
  consignmentValuePaise,
  type EWayBillAddress,
  type EWayBillImportParse,
  type EWayBillJson,
  type EWayBillJsonQuery,
  type EWayBillListQuery,
  type EWayBillSource,
  type EWayBillState,
  findPinInAddress,
  findPlaceOfSupply,
  getVoucherDefinition,
  hasRight,
  type ImportedEWayBill,
  needsEWayBill,
  paiseToRupees,
  parseEWayBillJson,
  parseEWayBillRows,
  type RightAction,
  readStoredDocument,
  stateCodeFromGstin,
  todayCivil,
  type VoucherType,
  voucherTypesWhere,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import { appFileStore } from "../../db/file-store.ts";
import type { Database } from "../../db/schema.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import {
  ACCESS_MESSAGES,
  type OrganisationAccess,
  requireOrganisationAccess,
} from "../access/organisation-access.ts";
import { readAccountsForPrint } from "../accounts/accounts.service.ts";
import { writeAuditLog } from "../audit/audit.ts";
import { type TrailChange, writeTrail } from "../audit/trail.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { readItemsForPrint } from "../items/items.service.ts";
import { readEWayBillSettings, readPrintProfile } from "../organisations/settings.service.ts";
import { readSheetRows } from "../sheets/sheet-files.ts";
import {
  type EWayBillVoucherRow,
  findEWayBills,
  findVouchersByIds,
  findVouchersByNumbers,
  listVouchersInPeriod,
  saveEWayBill,
} from "./ewaybill.repository.ts";

/** The types that move goods (the registry's `transport` fact, issue 24). */
export const TRANSPORT_TYPES: readonly VoucherType[] = voucherTypesWhere(
  (definition) => definition.transport !== null,
);

export const EWAY_BILL_MESSAGES = {
  notRegistered: "E-way bills are only for GST-registered organisations with a GSTIN.",
  notFound: "Some of the documents were not found, or do not move goods.",
  hasProblems: (count: number) =>
    `The e-way bill file cannot be made: ${count} problem${count === 1 ? "" : "s"} to fix.`,
  nothingToExport: "No document in the period needs an e-way bill that is not yet generated.",
  importProblems: "The file could not be read.",
  imported: (count: number) => `${count} e-way bill${count === 1 ? "" : "s"} imported.`,
} as const;

interface EWayBillDeps {
  db: Kysely<Database>;
  config: { dataDir: string };
}

/** The transport types the caller may view (or edit): none at all is a refusal. */
async function requireTransportAccess(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  action: RightAction,
): Promise<{ access: OrganisationAccess; types: VoucherType[] }> {
  const access = await requireOrganisationAccess(db, caller, organisationId);
  const types = TRANSPORT_TYPES.filter((type) =>
    hasRight(access.role, access.rights, type, action),
  );
  if (types.length === 0) throw new AppError(403, ACCESS_MESSAGES.noRight);
  return { access, types };
}

function describePlace(address: string, stateCode: string | null): string {
  const segments = address
    .split(/[\n,]+/)
    .map((segment) => segment.replace(/[0-9]{3}\s?[0-9]{3}/g, "").trim())
    .filter((segment) => segment.length >= 3);
  return segments.at(-1) ?? (stateCode ? (findPlaceOfSupply(stateCode)?.name ?? "") : "");
}

/** Each document as the e-way bill reads it: the organisation, the party and item names. */
async function readSources(
  deps: EWayBillDeps,
  access: OrganisationAccess,
  rows: readonly EWayBillVoucherRow[],
): Promise<EWayBillSource[]> {
  const organisationId = access.organisation.id;
  const documents = rows.map((row) => readStoredDocument(row.type, row.document));
  const itemIds = documents.flatMap((document) => document.itemLines.map((line) => line.itemId));
  const [profile, accounts, items] = await Promise.all([
    readPrintProfile(appFileStore(deps.db, deps.config.dataDir), access.organisation),
    readAccountsForPrint(
      deps.db,
      organisationId,
      rows.flatMap((row) => (row.party_account_id ? [row.party_account_id] : [])),
    ),
    readItemsForPrint(deps.db, organisationId, itemIds),
  ]);
  const organisationAddress = profile.billingAddress ?? "";
  const organisationState =
    profile.stateCode ?? (profile.gstin ? stateCodeFromGstin(profile.gstin) : null);
  const organisation: EWayBillAddress = {
    gstin: profile.gstin,
    name: profile.name,
    address: organisationAddress,
    place: profile.billingCity ?? describePlace(organisationAddress, organisationState),
    pincode: profile.billingPincode ?? findPinInAddress(organisationAddress),
    stateCode: organisationState,
  };
  const itemNames = new Map(
    [...(items as Map<string, { name: string }>).entries()].map(([id, item]) => [id, item.name]),
  );
  return rows.map((row, index) => {
    const document = documents[index] ?? readStoredDocument(row.type, {});
    const definition = getVoucherDefinition(row.type as VoucherType);
    const account = row.party_account_id ? accounts.get(row.party_account_id) : undefined;
    const gstin = document.gstin ?? account?.gstin ?? null;
    // Goods go to (or come from) the shipping address when there is one. A PIN written in the
    // document's own address wins over the account's pincode, which may be of another address.
    const shipping = document.shippingAddress ?? account?.shippingAddress ?? null;
    const address = shipping ?? document.billingAddress ?? account?.billingAddress ?? "";
    const structured = shipping
      ? { city: account?.shippingCity, pincode: account?.shippingPincode }
      : { city: account?.billingCity, pincode: account?.billingPincode };
    const stateCode =
      (gstin ? stateCodeFromGstin(gstin) : null) ??
      account?.stateCode ??
      (definition.transport?.supplyType === "O" ? document.pos : null);
    return {
      entryId: row.id,
      label: `${definition.titles.singular} ${row.number}`,
      facts: definition.transport ?? {
        supplyType: "O",
        docType: "INV",
        subSupplyType: 1,
        subSupplyDesc: "",
      },
      number: row.number,
      date: row.date,
      totalPaise: row.amount_paise,
      document,
      organisation,
      party: {
        gstin,
        name: row.party_name ?? account?.name ?? "",
        address,
        place: structured.city || describePlace(address, stateCode),
        pincode: findPinInAddress(address) ?? (structured.pincode || null),
        stateCode,
      },
      itemNames,
    };
  });
}

function requireGstin(access: OrganisationAccess) {
  if (!access.organisation.gstin) throw badRequest(EWAY_BILL_MESSAGES.notRegistered);
}

/**
 * GET /ewaybill/json: the bulk-generation file for the documents named, or for every document of
 * the period over the threshold without an e-way bill yet; a refusal lists every problem.
 */
export async function buildEWayBillFile(
  deps: EWayBillDeps,
  caller: Caller,
  query: EWayBillJsonQuery,
): Promise<{ json: EWayBillJson; fileName: string }> {
  const { access, types } = await requireTransportAccess(
    deps.db,
    caller,
    query.organisationId,
    "view",
  );
  requireGstin(access);
  let rows: EWayBillVoucherRow[];
  if (query.entryIds && query.entryIds.length > 0) {
    rows = await findVouchersByIds(deps.db, query.organisationId, query.entryIds);
    const known = rows.filter((row) => types.includes(row.type as VoucherType));
    if (known.length !== new Set(query.entryIds).size) {
      throw new AppError(404, EWAY_BILL_MESSAGES.notFound);
    }
  } else {
    const listed = await listVouchersInPeriod(
      deps.db,
      query.organisationId,
      types,
      query.startDate ?? "",
      query.endDate ?? "",
    );
    const generated = new Set(
      (
        await findEWayBills(
          deps.db,
          query.organisationId,
          listed.map((row) => row.id),
        )
      ).map((bill) => bill.voucher_id),
    );
    const { intraStateThresholdOn } = readEWayBillSettings(access.organisation);
    rows = listed.filter(
      (row) =>
        !generated.has(row.id) &&
        needsEWayBill(readStoredDocument(row.type, row.document), intraStateThresholdOn(row.date)),
    );
    if (rows.length === 0) throw badRequest(EWAY_BILL_MESSAGES.nothingToExport);
  }
  const sources = await readSources(deps, access, rows);
  const built = buildEWayBillJson(sources, todayCivil());
  if (!built.ok) {
    throw badRequest(
      EWAY_BILL_MESSAGES.hasProblems(built.problems.length),
      built.problems.map((message) => ({ path: "entryIds", message })),
    );
  }
  const stamp = todayCivil().replaceAll("-", "");
  return { json: built.json, fileName: `EWB-${access.organisation.gstin}-${stamp}.json` };
}

export interface EWayBillListRow {
  entryId: string;
  transactionType: VoucherType;
  invoiceNumber: string;
  date: string;
  partyName: string;
  totalAmount: number;
  consignmentValue: number;
  state: EWayBillState;
  ewbNumber: string | null;
  ewbDate: string | null;
  validUntil: string | null;
}

/** GET /ewaybill/list: the period's goods documents with their e-way bill state. */
export async function listEWayBillDocuments(
  deps: EWayBillDeps,
  caller: Caller,
  query: EWayBillListQuery,
): Promise<{ documents: EWayBillListRow[]; counts: Record<EWayBillState, number> }> {
  const { access, types } = await requireTransportAccess(
    deps.db,
    caller,
    query.organisationId,
    "view",
  );
  const { intraStateThresholdOn } = readEWayBillSettings(access.organisation);
  const rows = await listVouchersInPeriod(
    deps.db,
    query.organisationId,
    types,
    query.startDate,
    query.endDate,
  );
  const bills = new Map(
    (
      await findEWayBills(
        deps.db,
        query.organisationId,
        rows.map((row) => row.id),
      )
    ).map((bill) => [bill.voucher_id, bill]),
  );
  const counts: Record<EWayBillState, number> = { needed: 0, generated: 0, notNeeded: 0 };
  const documents = rows.map((row): EWayBillListRow => {
    const document = readStoredDocument(row.type, row.document);
    const value = consignmentValuePaise(document);
    const bill = bills.get(row.id);
    const state: EWayBillState = bill
      ? "generated"
      : needsEWayBill(document, intraStateThresholdOn(row.date))
        ? "needed"
        : "notNeeded";
    counts[state] += 1;
    return {
      entryId: row.id,
      transactionType: row.type as VoucherType,
      invoiceNumber: row.number,
      date: row.date,
      partyName: row.party_name ?? "",
      totalAmount: paiseToRupees(row.amount_paise),
      consignmentValue: paiseToRupees(value),
      state,
      ewbNumber: bill?.ewb_number ?? null,
      ewbDate: bill?.ewb_date ?? null,
      validUntil: bill?.valid_until ?? null,
    };
  });
  return { documents, counts };
}

export const MAX_EWAY_BILL_FILE_BYTES = 2 * 1024 * 1024;

export interface UploadedEWayBillFile {
  fileName: string;
  bytes: Buffer;
}

const SHEET_MESSAGES = {
  unreadable: (name: string) => `${name} could not be read as a CSV or Excel file.`,
  zipBomb: (name: string) => `${name} unpacks to too much data.`,
  tooManyRows: "The file has too many rows.",
};

/** The portal's list lists at most this many e-way bills in one file here. */
const MAX_IMPORT_ROWS = 10_000;

/** Reads the portal's list: JSON, or CSV / XLS / XLSX through the imports' guarded sheet reader. */
async function parseUpload(
  organisationId: string,
  file: UploadedEWayBillFile,
): Promise<EWayBillImportParse> {
  const name = file.fileName.toLowerCase();
  if (name.endsWith(".json")) {
    let value: unknown;
    try {
      value = JSON.parse(file.bytes.toString("utf8"));
    } catch {
      throw badRequest("The file is not valid JSON.");
    }
    return parseEWayBillJson(value);
  }
  if (/\.(csv|xlsx|xls)$/.test(name)) {
    const rows = await readSheetRows(
      organisationId,
      file.fileName,
      file.bytes,
      SHEET_MESSAGES,
      MAX_IMPORT_ROWS,
    );
    return parseEWayBillRows(rows);
  }
  throw badRequest("Upload the portal's list as a .json, .csv, .xls or .xlsx file.");
}

/**
 * The one document an imported e-way bill belongs to: the number matches, and among several
 * (a sale and a purchase may share a number) the latest dated on or before the e-way bill.
 */
function matchDocument(
  bill: ImportedEWayBill,
  candidates: readonly EWayBillVoucherRow[],
): EWayBillVoucherRow | undefined {
  const sameNumber = candidates.filter(
    (row) => row.number.toUpperCase() === bill.docNo.toUpperCase() && row.date <= bill.ewbDate,
  );
  return sameNumber.sort((a, b) => b.date.localeCompare(a.date))[0];
}

interface EWayBillForTrail {
  ewbNumber: string;
  ewbDate: string;
  validUntil: string | null;
}

/** A document's e-way bill as the audit trail compares it (issue 39). */
function eWayBillForTrail(row: {
  ewb_number: string;
  ewb_date: string;
  valid_until: string | null;
}): EWayBillForTrail {
  return { ewbNumber: row.ewb_number, ewbDate: row.ewb_date, validUntil: row.valid_until };
}

/** POST /ewaybill/import: stores each e-way bill of the portal's list on its document. */
export async function importEWayBills(
  deps: EWayBillDeps,
  caller: Caller,
  organisationId: string,
  file: UploadedEWayBillFile,
): Promise<{
  message: string;
  imported: { entryId: string; invoiceNumber: string; ewbNumber: string }[];
  unmatched: string[];
  problems: string[];
}> {
  const { access, types } = await requireTransportAccess(deps.db, caller, organisationId, "edit");
  if (file.bytes.length > MAX_EWAY_BILL_FILE_BYTES) {
    throw badRequest("The file is too large: at most 2 MB.");
  }
  const parsed = await parseUpload(organisationId, file);
  if (parsed.bills.length === 0) {
    throw badRequest(
      parsed.problems[0] ?? EWAY_BILL_MESSAGES.importProblems,
      parsed.problems.map((message) => ({ path: "file", message })),
    );
  }
  const candidates = await findVouchersByNumbers(
    deps.db,
    organisationId,
    types,
    parsed.bills.map((bill) => bill.docNo),
  );
  const imported: { entryId: string; invoiceNumber: string; ewbNumber: string }[] = [];
  const unmatched: string[] = [];
  const importedAt = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const trail: TrailChange[] = [];
    const stored = new Map<string, EWayBillForTrail>(
      (
        await findEWayBills(
          trx,
          organisationId,
          candidates.map((row) => row.id),
        )
      ).map((row) => [row.voucher_id, eWayBillForTrail(row)]),
    );
    for (const bill of parsed.bills) {
      const row = matchDocument(bill, candidates);
      if (!row) {
        unmatched.push(bill.docNo);
        continue;
      }
      await saveEWayBill(trx, {
        organisation_id: organisationId,
        voucher_id: row.id,
        ewb_number: bill.ewbNumber,
        ewb_date: bill.ewbDate,
        valid_until: bill.validUntil,
        imported_at: importedAt,
        imported_by: access.userId,
      });
      imported.push({ entryId: row.id, invoiceNumber: row.number, ewbNumber: bill.ewbNumber });
      const after = eWayBillForTrail({
        ewb_number: bill.ewbNumber,
        ewb_date: bill.ewbDate,
        valid_until: bill.validUntil,
      });
      const before = stored.get(row.id) ?? null;
      stored.set(row.id, after);
      // The same bill imported again changes nothing on the document: no entry.
      if (before && JSON.stringify(before) === JSON.stringify(after)) continue;
      trail.push({
        userId: access.userId,
        action: "edited",
        entity: row.type,
        entityId: row.id,
        number: row.number,
        before: { eWayBill: before },
        after: { eWayBill: after },
      });
    }
    // Issue 39: the e-way bill written onto each document is in the auditor's trail.
    await writeTrail(trx, organisationId, trail);
    if (imported.length > 0) {
      await writeAuditLog(trx, {
        organisationId,
        userId: access.userId,
        action: "import",
        entityType: "ewayBill",
        entityId: null,
        summary: `Imported ${imported.length} e-way bill${imported.length === 1 ? "" : "s"} from ${file.fileName.slice(0, 100)}`,
      });
    }
  });
  return {
    message: EWAY_BILL_MESSAGES.imported(imported.length),
    imported,
    unmatched,
    problems: parsed.problems,
  };
}

/** The e-way bill of one document, for its print (documents module). */
export async function readEWayBillForPrint(
  db: Kysely<Database>,
  organisationId: string,
  voucherId: string,
): Promise<{ number: string; date: string; validUntil: string | null } | null> {
  const [bill] = await findEWayBills(db, organisationId, [voucherId]);
  return bill
    ? { number: bill.ewb_number, date: bill.ewb_date, validUntil: bill.valid_until }
    : null;
}
