import {
  booksDateProblem,
  buildEInvoiceJson,
  computeIrn,
  consignmentValuePaise,
  EINVOICE_CANCEL_REASONS,
  type EInvoiceDocType,
  type EInvoiceJson,
  type EInvoiceState,
  eWayBillThresholdPaise,
  financialYearRange,
  getVoucherDefinition,
  type IrpAcknowledgement,
  isEInvoiceable,
  originalSupplyFacts,
  paiseToRupees,
  parseIrpResponse,
  parseIrpSheetRows,
  parsePortalDate,
  type ReturnDocument,
  readStoredDocument,
  stateCodeFromGstin,
  todayCivil,
  toReturnDocument,
  type VoucherType,
  validateEInvoiceJson,
  voucherTypesWhere,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { AppError, badRequest, notFound } from "../../http/errors.ts";
import { MINUTE, nowIso } from "../../lib/clock.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { writeAuditLog } from "../audit/audit.ts";
import { type TrailChange, writeTrail } from "../audit/trail.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { readEInvoiceSettings, readEWayBillSettings } from "../organisations/settings.service.ts";
import { detectSheetKind, readSheetRows } from "../sheets/sheet-files.ts";
import type { VoucherExtension } from "../vouchers/voucher-extensions.ts";
import * as repo from "./einvoice.repository.ts";
import { createOfflineProvider, type EInvoiceProvider } from "./einvoice-provider.ts";

/** The types that go to the IRP: the registry's eInvoice fact (DESIGN.md 4). */
export const EINVOICE_TYPES: readonly VoucherType[] = voucherTypesWhere(
  (definition) => definition.eInvoice !== null,
);

export const EINVOICE_MESSAGES = {
  notRegistered: "E-invoicing is for GST-registered organisations with a GSTIN.",
  off: "E-invoicing is not on: set the date it applies from in Organisation settings.",
  refused: (count: number) =>
    `${count} document${count === 1 ? "" : "s"} cannot go to the IRP yet: fix what is listed and try again.`,
  nothingToExport: "No document of the period needs an IRN.",
  notFound: "Entry not found.",
  notApplicable: (title: string) => `${title} does not go to the IRP`,
  alreadyRegistered: (title: string) => `${title} already has an IRN; it cannot be exported again.`,
  notJson:
    "The file is not the IRP's JSON answer: upload the JSON the IRP or its bulk tool gave, or its Excel list of generated IRNs.",
  noAcknowledgements:
    "The file has no IRN with Ack No, Ack Date and signed QR code: upload the IRP's answer.",
  notRegisteredYet: (title: string) => `${title} has no IRN to cancel.`,
  alreadyCancelled: (title: string) => `${title}'s IRN is already cancelled.`,
  tooLate: (ackDate: string) =>
    `An IRN can only be cancelled within 24 hours of its Ack Date (${ackDate}); amend the document by a credit or debit note instead.`,
  locked: (title: string) =>
    `${title} has an IRN from the IRP (e-invoice): it cannot be edited or deleted. Cancel the IRN within 24 hours, or amend it by a credit or debit note.`,
} as const;

export interface EInvoiceQuery {
  organisationId: string;
  year?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  entryIds?: readonly string[] | undefined;
}

/** One document as the e-invoice calls see it. */
export interface EInvoiceDocument {
  entryId: string;
  voucherType: VoucherType;
  title: string;
  docType: EInvoiceDocType;
  number: string;
  date: string;
  partyName: string;
  totalPaise: number;
  state: EInvoiceState;
  /** Why it does not go to the IRP, for notApplicable. */
  reason: string | null;
  /** The IRN the IRP will assign (or has). */
  irn: string;
  json: EInvoiceJson | null;
  problems: string[];
  stored: repo.EInvoiceRow | null;
}

function titleOf(type: VoucherType, number: string) {
  return `${getVoucherDefinition(type).titles.singular} ${number}`;
}

function requireRegistered(organisation: OrganisationsTable): string {
  const gstin = organisation.gstin;
  if (organisation.gst_registered !== 1 || !gstin || stateCodeFromGstin(gstin) === null) {
    throw badRequest(EINVOICE_MESSAGES.notRegistered);
  }
  return gstin;
}

/** The period asked for: the dates given, else the whole financial year. */
function rangeOf(query: EInvoiceQuery) {
  if (query.startDate && query.endDate) {
    return { year: query.year, startDate: query.startDate, endDate: query.endDate };
  }
  if (!query.year) throw badRequest("Give the year, or a start and end date.");
  return { year: query.year, ...financialYearRange(query.year) };
}

/** Reads the documents and builds each one's INV-01 payload, problems and state. */
async function readDocuments(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  rows: readonly repo.EInvoiceVoucherRow[],
): Promise<EInvoiceDocument[]> {
  const gstin = requireRegistered(organisation);
  const settings = readEInvoiceSettings(organisation);
  const { intraStateThresholdOn } = readEWayBillSettings(organisation);
  const parsed = rows.map((row) => ({ row, stored: readStoredDocument(row.type, row.document) }));
  const invoiceIds = new Set<string>();
  const partyIds = new Set<string>();
  for (const { stored } of parsed) {
    for (const entry of stored.billWise) if (entry.entryId) invoiceIds.add(entry.entryId);
    if (stored.partyAccountId) partyIds.add(stored.partyAccountId);
  }
  const [invoices, parties, stored, itemNames] = await Promise.all([
    repo.findInvoiceHeads(db, organisation.id, [...invoiceIds]),
    repo.findPartyAddresses(db, organisation.id, [...partyIds]),
    repo.findEInvoiceRows(
      db,
      organisation.id,
      rows.map((row) => row.id),
    ),
    // The lines' item names, for PrdDesc (issue 35).
    repo.findItemNames(
      db,
      organisation.id,
      parsed.flatMap(({ stored }) => stored.itemLines.map((line) => line.itemId).filter(Boolean)),
    ),
  ]);
  const invoiceById = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const storedById = new Map(stored.map((row) => [row.entry_id, row]));
  const today = todayCivil();
  const sellerState = organisation.state_code ?? stateCodeFromGstin(gstin);

  const built = parsed.map(({ row, stored: document }) => {
    const type = row.type as VoucherType;
    const definition = getVoucherDefinition(type);
    const docType = definition.eInvoice as EInvoiceDocType;
    const facts = definition.gstReturn;
    const originals = document.billWise.flatMap((entry) => {
      const invoice = invoiceById.get(entry.entryId);
      return invoice
        ? [
            {
              number: invoice.number,
              date: invoice.date,
              totalPaise: Number(invoice.amount_paise),
              // A note on an export or SEZ invoice is e-invoiced as one (issue 35).
              ...originalSupplyFacts(readStoredDocument("salesInvoice", invoice.document)),
            },
          ]
        : [];
    });
    const returnDocument: ReturnDocument = toReturnDocument(
      {
        id: row.id,
        type: row.type,
        date: row.date,
        number: row.number,
        partyName: row.party_name,
        amountPaise: Number(row.amount_paise),
        document: document.json,
      },
      {
        role: facts.role as "outwardSupply" | "outwardNote",
        noteType: facts.noteType,
        table13Nature: facts.table13Nature,
      },
      originals,
    );
    const irn = computeIrn({ sellerGstin: gstin, date: row.date, docType, number: row.number });
    const base = {
      entryId: row.id,
      voucherType: type,
      title: titleOf(type, row.number),
      docType,
      number: row.number,
      date: row.date,
      partyName: row.party_name ?? "",
      totalPaise: Number(row.amount_paise),
      irn: storedById.get(row.id)?.irn ?? irn,
      stored: storedById.get(row.id) ?? null,
    };
    let reason: string | null = null;
    if (!settings.eInvoiceFrom) reason = "E-invoicing is not on in Organisation settings.";
    else if (row.date < settings.eInvoiceFrom) {
      reason = `Dated before e-invoicing applies (${settings.eInvoiceFrom}).`;
    } else if (!isEInvoiceable(returnDocument)) {
      reason = "To an unregistered party (B2C): not e-invoiced.";
    }
    if (reason && !base.stored) {
      return { ...base, state: "notApplicable" as const, reason, json: null, problems: [] };
    }
    const party = parties.get(document.partyAccountId);
    const billingText = document.billingAddress ?? party?.billingAddress ?? null;
    const shippingText = document.shippingAddress ?? party?.shippingAddress ?? null;
    const buyerState =
      (returnDocument.gstin ? stateCodeFromGstin(returnDocument.gstin) : null) ??
      party?.stateCode ??
      null;
    const shipsElsewhere =
      party?.shippingPincode &&
      (party.shippingPincode !== party.billingPincode ||
        (shippingText !== null && shippingText !== billingText));
    const extras = [
      ...document.itemLines.map((line) => ({
        unitPrice: paiseToRupees(line.ratePaise),
        discountPaise: line.discountPaise,
        cessRate: line.cessRate,
      })),
      ...document.accountLines.map((line) => ({
        unitPrice: paiseToRupees(line.taxablePaise),
        discountPaise: 0,
        cessRate: line.cessRate,
      })),
    ];
    const json = buildEInvoiceJson({
      document: returnDocument,
      docType,
      extras,
      roundOffPaise: document.roundOffPaise,
      itemNames,
      seller: {
        name: organisation.name,
        gstin,
        address: organisation.billing_address,
        city: organisation.billing_city,
        pincode: organisation.billing_pincode,
        stateCode: sellerState,
      },
      buyer: {
        name: party?.name ?? row.party_name ?? "",
        gstin: returnDocument.gstin,
        address: billingText,
        city: party?.billingCity ?? null,
        pincode: party?.billingPincode ?? null,
        stateCode: buyerState,
      },
      shipTo: shipsElsewhere
        ? {
            address: shippingText,
            city: party?.shippingCity ?? null,
            pincode: party?.shippingPincode ?? null,
            stateCode: buyerState,
          }
        : null,
      // PayDtls from what the books hold: the bank account printed on documents and the due
      // date. No dispatch-from address is kept, so DispDtls is never sent (decision 096).
      payment: {
        payeeName: organisation.name,
        accountNumber: settings.bankAccountNumber || null,
        ifsc: settings.bankIfsc || null,
        dueDate: document.dueDate,
      },
      // EwbDtls from the transport details of a type that carries goods (decision 098).
      transport:
        definition.transport === null
          ? null
          : {
              details: (document.json as { transport?: unknown }).transport,
              consignmentValuePaise: consignmentValuePaise(document),
              thresholdPaise: eWayBillThresholdPaise(document, intraStateThresholdOn(row.date)),
              today,
            },
    });
    const state: EInvoiceState = base.stored?.state ?? "needsIrn";
    return {
      ...base,
      state,
      reason,
      json,
      problems: validateEInvoiceJson(json, {
        today,
        date: row.date,
        entryId: row.id,
        previousYearTurnoverPaise: settings.previousYearTurnoverPaise,
      }),
    };
  });

  // Duplicates: an IRN the IRP already holds for another document (or cancelled), or two
  // documents of this answer with one IRN.
  const taken = await repo.findTakenIrns(
    db,
    organisation.id,
    built.map((document) => document.irn),
  );
  const takenByIrn = new Map(taken.map((row) => [row.irn, row]));
  const seen = new Map<string, string>();
  for (const document of built) {
    if (document.state === "notApplicable") continue;
    const holder = takenByIrn.get(document.irn);
    if (holder && holder.entry_id !== document.entryId) {
      document.problems.push(
        `The IRN of ${document.docType} ${document.number} is already taken on the IRP by another document: give this one a new number.`,
      );
    }
    const twin = seen.get(document.irn);
    if (twin) {
      document.problems.push(`${twin} has the same IRN: two documents cannot share a number.`);
    }
    seen.set(document.irn, document.title);
  }
  return built;
}

async function loadForQuery(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  query: EInvoiceQuery,
) {
  if (query.entryIds && query.entryIds.length > 0) {
    const ids = [...new Set(query.entryIds)];
    const rows = await repo.findVouchersByIds(db, organisation.id, EINVOICE_TYPES, ids);
    const found = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw notFound(`${EINVOICE_MESSAGES.notFound} (${missing.join(", ")})`);
    }
    return readDocuments(db, organisation, rows);
  }
  const rows = await repo.listVouchersInRange(db, organisation.id, EINVOICE_TYPES, rangeOf(query));
  return readDocuments(db, organisation, rows);
}

function presentDocument(document: EInvoiceDocument) {
  const stored = document.stored;
  return {
    entryId: document.entryId,
    voucherType: document.voucherType,
    docType: document.docType,
    number: document.number,
    date: document.date,
    partyName: document.partyName,
    totalAmount: paiseToRupees(document.totalPaise),
    state: document.state,
    reason: document.reason,
    irn: document.state === "notApplicable" ? null : document.irn,
    ackNo: stored?.ack_no ?? null,
    ackDate: stored?.ack_date ?? null,
    exportedAt: stored?.exported_at ?? null,
    cancelledAt: stored?.cancelled_at ?? null,
    cancelReason: stored?.cancel_reason ?? null,
    problems: document.problems,
  };
}

/** The provider users get: offline (decision 090). */
function providerFor(db: Kysely<Database>, organisationId: string): EInvoiceProvider {
  return createOfflineProvider(async (irn) => {
    const [row] = await repo.findTakenIrns(db, organisationId, [irn]);
    return row ? acknowledgementOf(row) : null;
  }, nowIso);
}

function acknowledgementOf(row: repo.EInvoiceRow): IrpAcknowledgement {
  return {
    irn: row.irn,
    ackNo: row.ack_no ?? "",
    ackDate: row.ack_date ?? "",
    signedQrCode: row.signed_qr_code ?? "",
    signedInvoice: row.signed_invoice,
    number: row.number,
    docType: row.doc_type,
  };
}

/** GET /einvoice/list: the period's documents by e-invoice state. */
export async function listEInvoiceDocuments(
  db: Kysely<Database>,
  caller: Caller,
  query: EInvoiceQuery,
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "rights",
    subjects: EINVOICE_TYPES,
    action: "view",
  });
  const documents = await loadForQuery(db, access.organisation, query);
  const counts = {
    needsIrn: 0,
    exported: 0,
    registered: 0,
    cancelled: 0,
    notApplicable: 0,
  } satisfies Record<EInvoiceState, number>;
  for (const document of documents) counts[document.state] += 1;
  const settings = readEInvoiceSettings(access.organisation);
  return {
    provider: providerFor(db, access.organisation.id).kind,
    eInvoiceFrom: settings.eInvoiceFrom || null,
    counts,
    documents: documents.map(presentDocument),
  };
}

/**
 * GET /einvoice/json: the INV-01 list the IRP's bulk tool takes, for the documents named or every
 * document of the period that still needs an IRN; refused, naming each document and what is
 * wrong, when any would be refused by the IRP. The documents are marked exported.
 */
export async function exportEInvoiceJson(
  db: Kysely<Database>,
  caller: Caller,
  query: EInvoiceQuery,
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "rights",
    subjects: EINVOICE_TYPES,
    action: "view",
  });
  const organisation = access.organisation;
  if (!readEInvoiceSettings(organisation).eInvoiceFrom) throw badRequest(EINVOICE_MESSAGES.off);
  const documents = await loadForQuery(db, organisation, query);
  const named = query.entryIds !== undefined && query.entryIds.length > 0;
  const errors: { path: string; message: string }[] = [];
  const chosen: EInvoiceDocument[] = [];
  for (const document of documents) {
    if (document.state === "notApplicable" || document.json === null) {
      if (named) {
        errors.push({
          path: document.entryId,
          message: `${EINVOICE_MESSAGES.notApplicable(document.title)}: ${document.reason}`,
        });
      }
      continue;
    }
    if (document.state === "registered" || document.state === "cancelled") {
      if (named) {
        errors.push({
          path: document.entryId,
          message: EINVOICE_MESSAGES.alreadyRegistered(document.title),
        });
      }
      continue;
    }
    for (const problem of document.problems) {
      errors.push({ path: document.entryId, message: `${document.title}: ${problem}` });
    }
    chosen.push(document);
  }
  if (errors.length > 0) {
    const count = new Set(errors.map((error) => error.path)).size;
    throw badRequest(EINVOICE_MESSAGES.refused(count), errors);
  }
  if (chosen.length === 0) throw badRequest(EINVOICE_MESSAGES.nothingToExport);
  const handed = await providerFor(db, organisation.id).generateIrn(
    chosen.map((document) => document.json as EInvoiceJson),
  );
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await repo.markExported(
      trx,
      chosen.map((document) => ({
        organisation_id: organisation.id,
        entry_id: document.entryId,
        voucher_type: document.voucherType,
        doc_type: document.docType,
        number: document.number,
        date: document.date,
        irn: document.irn,
        state: "exported" as const,
        exported_at: now,
        updated_at: now,
      })),
      new Map(
        chosen.flatMap((document) =>
          document.stored ? [[document.entryId, document.stored]] : [],
        ),
      ),
    );
  });
  const payloads = handed.mode === "file" ? handed.payloads : [];
  const first = chosen[0] as EInvoiceDocument;
  const fileName =
    chosen.length === 1
      ? `einvoice-${first.number.replace(/[^A-Za-z0-9-]/g, "_")}.json`
      : `einvoice-${organisation.gstin}-${first.date}-${chosen.length}.json`;
  return { fileName, payloads };
}

export const MAX_RESPONSE_FILE_BYTES = 5 * 1024 * 1024;
/** Rows of the IRP's list of generated IRNs read from one sheet. */
export const MAX_IRP_SHEET_ROWS = 10_000;

/** POST /einvoice/import: the IRP's answer, matched to documents by IRN and number. */
export interface UploadedIrpFile {
  fileName: string;
  bytes: Buffer;
}

const IRP_SHEET_FILE_MESSAGES = {
  unreadable: (name: string) => `${name} could not be read as a CSV or Excel file.`,
  zipBomb: (name: string) => `${name} unpacks to too much data.`,
  tooManyRows: `The file lists more than ${MAX_IRP_SHEET_ROWS.toLocaleString("en-IN")} rows: split it.`,
};

/**
 * The IRP's answer in any of the forms it gives (decision 096): its JSON (one answer, the API's
 * envelope, a list), or its list of generated IRNs as Excel (.xlsx, .xls) or CSV, read through
 * the imports' guarded sheet reader (zip sizes checked, a worker with a heap ceiling).
 */
async function readIrpAnswer(
  organisationId: string,
  file: UploadedIrpFile,
): Promise<{ acknowledgements: IrpAcknowledgement[]; problems: string[] }> {
  const kind = detectSheetKind(file.bytes);
  if (kind === "csv" && !/\.csv$/i.test(file.fileName)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(file.bytes.toString("utf8").replace(/^\uFEFF/, ""));
    } catch {
      throw badRequest(EINVOICE_MESSAGES.notJson);
    }
    const acknowledgements = parseIrpResponse(parsed);
    if (acknowledgements.length === 0) throw badRequest(EINVOICE_MESSAGES.noAcknowledgements);
    return { acknowledgements, problems: [] };
  }
  const rows = await readSheetRows(
    organisationId,
    file.fileName || "The file",
    file.bytes,
    IRP_SHEET_FILE_MESSAGES,
    MAX_IRP_SHEET_ROWS,
    { keepTime: true },
  );
  const parsed = parseIrpSheetRows(rows);
  if (parsed.acknowledgements.length === 0) {
    const first = parsed.problems[0] ?? EINVOICE_MESSAGES.noAcknowledgements;
    throw badRequest(
      first,
      parsed.problems.map((message) => ({ path: "file", message })),
    );
  }
  return parsed;
}

export async function importIrpResponse(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  file: UploadedIrpFile,
) {
  const access = await requireOrganisationAccess(db, caller, organisationId, {
    kind: "rights",
    subjects: EINVOICE_TYPES,
    action: "edit",
  });
  const organisation = access.organisation;
  const gstin = requireRegistered(organisation);
  const { acknowledgements, problems } = await readIrpAnswer(organisationId, file);
  const numbers = acknowledgements.flatMap((ack) => (ack.number ? [ack.number] : []));
  const candidates = await repo.findVouchersByNumbers(db, organisation.id, EINVOICE_TYPES, numbers);
  const byIrn = new Map(
    candidates.map((row) => {
      const docType = getVoucherDefinition(row.type as VoucherType).eInvoice as EInvoiceDocType;
      return [computeIrn({ sellerGstin: gstin, date: row.date, docType, number: row.number }), row];
    }),
  );
  const stored = await repo.findEInvoiceRows(
    db,
    organisation.id,
    candidates.map((row) => row.id),
  );
  const storedById = new Map(stored.map((row) => [row.entry_id, row]));
  const registered: { entryId: string; number: string; irn: string; ackNo: string }[] = [];
  const unmatched: { irn: string; number: string | null; message: string }[] = [];
  const now = nowIso();
  const trail: TrailChange[] = [];
  await db.transaction().execute(async (trx) => {
    for (const ack of acknowledgements) {
      // An Ack Date outside the books' years (spec 3) is refused on its entry (issue 26).
      const ackDay = parsePortalDate(ack.ackDate);
      const outside = ackDay ? booksDateProblem(ackDay, ack.ackDate) : null;
      if (outside) {
        unmatched.push({ irn: ack.irn, number: ack.number, message: `Ack Date: ${outside}` });
        continue;
      }
      const row = byIrn.get(ack.irn);
      if (!row) {
        unmatched.push({
          irn: ack.irn,
          number: ack.number,
          message: ack.number
            ? `No document numbered ${ack.number} in these books has this IRN (its GSTIN, date or type differ).`
            : "The answer names no document number, and no document has this IRN.",
        });
        continue;
      }
      const before = storedById.get(row.id);
      if (before?.state === "cancelled") {
        unmatched.push({ irn: ack.irn, number: row.number, message: "This IRN was cancelled." });
        continue;
      }
      const type = row.type as VoucherType;
      await repo.upsertEInvoiceRow(trx, {
        organisation_id: organisation.id,
        entry_id: row.id,
        voucher_type: type,
        doc_type: getVoucherDefinition(type).eInvoice as string,
        number: row.number,
        date: row.date,
        irn: ack.irn,
        state: "registered",
        exported_at: before?.exported_at ?? null,
        ack_no: ack.ackNo,
        ack_date: ack.ackDate,
        signed_qr_code: ack.signedQrCode,
        signed_invoice: ack.signedInvoice,
        registered_at: now,
        updated_at: now,
      });
      registered.push({ entryId: row.id, number: row.number, irn: ack.irn, ackNo: ack.ackNo });
      trail.push({
        userId: access.userId,
        action: "edited",
        entity: type,
        entityId: row.id,
        number: row.number,
        before: { eInvoice: eInvoiceForTrail(before) },
        after: {
          eInvoice: eInvoiceForTrail({
            state: "registered",
            irn: ack.irn,
            ack_no: ack.ackNo,
            ack_date: ack.ackDate,
          }),
        },
      });
    }
    // Issue 39: the IRN written onto each document is in the auditor's trail, in this transaction.
    await writeTrail(trx, organisation.id, trail);
    if (registered.length > 0) {
      await writeAuditLog(trx, {
        organisationId: organisation.id,
        userId: access.userId,
        action: "edit",
        entityType: "einvoice",
        entityId: organisation.id,
        summary: `Imported IRNs from the IRP: ${registered.map((entry) => entry.number).join(", ")}.`,
      });
    }
  });
  return {
    success: true,
    message: `${registered.length} document${registered.length === 1 ? "" : "s"} registered with the IRP${unmatched.length ? `; ${unmatched.length} not matched` : ""}.`,
    registered,
    unmatched,
    problems,
  };
}

/**
 * A document's e-invoice as the audit trail compares it (issue 39): its state and the IRP's
 * numbers, not the signed QR and invoice (long tokens the IRN and Ack No. already identify).
 */
function eInvoiceForTrail(
  row:
    | (Pick<repo.EInvoiceRow, "state" | "irn" | "ack_no" | "ack_date"> &
        Partial<Pick<repo.EInvoiceRow, "cancelled_at" | "cancel_reason" | "cancel_remark">>)
    | undefined,
) {
  if (!row) return null;
  return {
    state: row.state,
    irn: row.irn,
    ackNo: row.ack_no,
    ackDate: row.ack_date,
    cancelledAt: row.cancelled_at ?? null,
    cancelReason: row.cancel_reason ?? null,
    cancelRemark: row.cancel_remark ?? null,
  };
}

/** "2025-09-16 19:29:00" (India time) as an instant; null when not that form. */
function ackInstant(ackDate: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2})?)/.exec(ackDate);
  if (!match) return null;
  const time = Date.parse(`${match[1]}T${match[2]}${match[3] ? "" : ":00"}+05:30`);
  return Number.isNaN(time) ? null : time;
}

/** POST /einvoice/cancel: records an IRN cancelled within 24 hours, with its reason code. */
export async function cancelIrn(
  db: Kysely<Database>,
  caller: Caller,
  input: { organisationId: string; entryId: string; reason: number; remark?: string | undefined },
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, {
    kind: "rights",
    subjects: EINVOICE_TYPES,
    action: "edit",
  });
  const organisation = access.organisation;
  const [row] = await repo.findEInvoiceRows(db, organisation.id, [input.entryId]);
  if (!row) throw notFound(EINVOICE_MESSAGES.notFound);
  const title = titleOf(row.voucher_type as VoucherType, row.number);
  if (row.state === "cancelled") throw badRequest(EINVOICE_MESSAGES.alreadyCancelled(title));
  if (row.state !== "registered") throw badRequest(EINVOICE_MESSAGES.notRegisteredYet(title));
  const acknowledged = ackInstant(row.ack_date ?? "");
  if (acknowledged === null || Date.now() - acknowledged > 24 * 60 * MINUTE) {
    throw badRequest(EINVOICE_MESSAGES.tooLate(row.ack_date ?? ""));
  }
  const cancelled = await providerFor(db, organisation.id).cancelIrn({
    irn: row.irn,
    reason: input.reason,
    remark: input.remark ?? "",
  });
  const reasonLabel =
    EINVOICE_CANCEL_REASONS.find((reason) => reason.code === input.reason)?.label ?? "";
  await db.transaction().execute(async (trx) => {
    const after: repo.EInvoiceRow = {
      ...row,
      state: "cancelled",
      cancelled_at: cancelled.cancelledAt,
      cancel_reason: input.reason,
      cancel_remark: input.remark ?? null,
      updated_at: nowIso(),
    };
    await repo.upsertEInvoiceRow(trx, after);
    await writeTrail(trx, organisation.id, [
      {
        userId: access.userId,
        action: "edited",
        entity: row.voucher_type,
        entityId: row.entry_id,
        number: row.number,
        before: { eInvoice: eInvoiceForTrail(row) },
        after: { eInvoice: eInvoiceForTrail(after) },
      },
    ]);
    await writeAuditLog(trx, {
      organisationId: organisation.id,
      userId: access.userId,
      action: "edit",
      entityType: row.voucher_type,
      entityId: row.entry_id,
      summary: `Cancelled the IRN of ${title}: ${reasonLabel}.`,
    });
  });
  return { success: true, message: `The IRN of ${title} is cancelled (${reasonLabel}).` };
}

/**
 * An e-invoiced document cannot be edited or deleted (issue 24); only its IRN cancelled, or the
 * document amended by a note.
 */
async function assertNotEInvoiced(
  db: Kysely<Database>,
  organisationId: string,
  entryIds: readonly string[],
): Promise<void> {
  const rows = await repo.findEInvoiceRows(db, organisationId, entryIds);
  const registered = rows.find((row) => row.state === "registered");
  if (registered) {
    throw new AppError(
      400,
      EINVOICE_MESSAGES.locked(titleOf(registered.voucher_type as VoucherType, registered.number)),
    );
  }
}

/** A voucher's e-invoice state for its screen (issue 24); the caller checked access. */
async function readEInvoiceStatus(db: Kysely<Database>, organisationId: string, entryId: string) {
  const [row] = await repo.findEInvoiceRows(db, organisationId, [entryId]);
  if (!row) return null;
  return {
    state: row.state,
    irn: row.irn,
    ackNo: row.ack_no,
    ackDate: row.ack_date,
    cancelledAt: row.cancelled_at,
    cancelReason: row.cancel_reason,
  };
}

/** What a printed document shows of its e-invoice (issue 24); the caller checked access. */
export async function readEInvoiceForPrint(
  db: Kysely<Database>,
  organisationId: string,
  entryId: string,
): Promise<{ irn: string; ackNo: string; ackDate: string; signedQrCode: string } | null> {
  const [row] = await repo.findEInvoiceRows(db, organisationId, [entryId]);
  if (row?.state !== "registered" || !row.signed_qr_code) return null;
  return {
    irn: row.irn,
    ackNo: row.ack_no ?? "",
    ackDate: row.ack_date ?? "",
    signedQrCode: row.signed_qr_code,
  };
}

/**
 * What the voucher engine asks of the e-invoice (issue 34: the engine does not import this
 * module; einvoice.routes.ts registers this when the app is built): the edit and delete lock of
 * an e-invoiced document, and the `eInvoice` field of a voucher's details, null for the types
 * that never go to the IRP.
 */
export const eInvoiceVoucherExtension: VoucherExtension = {
  name: "eInvoice",
  async assertChangeable(db, organisationId, type, entryIds) {
    if (getVoucherDefinition(type).eInvoice !== null) {
      await assertNotEInvoiced(db, organisationId, entryIds);
    }
  },
  async readDetails(db, organisationId, type, entryId) {
    return getVoucherDefinition(type).eInvoice === null
      ? null
      : await readEInvoiceStatus(db, organisationId, entryId);
  },
};
