import {
  classifyDocument,
  type DocumentSection,
  decodeFactKey,
  decodeKeptDocument,
  describeReturnFacts,
  encodeFactKey,
  encodeKeptDocument,
  getVoucherDefinition,
  isDocumentSection,
  isLineKind,
  type KeptReturnDocument,
  type LineKind,
  mergeFactSums,
  RETURN_FACTS_VERSION,
  type ReturnDocument,
  type ReturnFactGroup,
  type ReturnFactKeyOf,
  type ReturnFactSum,
  type ReturnFactsDocumentRow,
  type ReturnFactsLineRow,
  type ReturnFactTotal,
  type ReturnOriginalInvoice,
  readStoredDocument,
  restoreKeptDocument,
  returnDocumentOf,
  returnFactsRowsOf,
  stateCodeFromGstin,
  sumReturnFacts,
  totalFactSums,
  type VoucherType,
  voucherTypesWhere,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import { inLockedBooks } from "../../db/books-lock.ts";
import type {
  Database,
  GstReturnDocumentsTable,
  GstReturnLinesTable,
  GstReturnSumsTable,
} from "../../db/schema.ts";
import * as repo from "./return-facts.repository.ts";

/** The types GSTR-1, IFF and 3.1 read: the registry's outward supplies and notes (DESIGN.md 10). */
export const OUTWARD_TYPES: readonly VoucherType[] = voucherTypesWhere(
  (definition) =>
    definition.gstReturn.role === "outwardSupply" || definition.gstReturn.role === "outwardNote",
);

const OUTWARD = new Set<string>(OUTWARD_TYPES);

/** A voucher as stored (its row and document), the input of its return facts. */
export interface StoredVoucher {
  id: string;
  type: string;
  date: string;
  number: string;
  number_key: string;
  party_name: string | null;
  amount_paise: number;
  /** The stored document, JSON. */
  document: string;
}

/** The GSTIN the facts are computed for: the organisation's, when it is a GSTIN at all. */
async function readFactsGstin(db: Kysely<Database>, organisationId: string) {
  const organisation = await repo.findOrganisationGstin(db, organisationId);
  const gstin = organisation?.gstin ?? null;
  return gstin && stateCodeFromGstin(gstin) !== null ? gstin : null;
}

function originalsOf(
  invoiceIds: readonly string[],
  invoices: ReadonlyMap<string, { number: string; date: string; amount_paise: number }>,
): ReturnOriginalInvoice[] {
  return invoiceIds.flatMap((id) => {
    const invoice = invoices.get(id);
    return invoice
      ? [{ number: invoice.number, date: invoice.date, totalPaise: Number(invoice.amount_paise) }]
      : [];
  });
}

/** Stored vouchers → their facts rows, by the domain's rules (decision 056). */
async function computeFacts(
  db: Kysely<Database>,
  organisationId: string,
  gstin: string,
  vouchers: readonly StoredVoucher[],
): Promise<{ documents: GstReturnDocumentsTable[]; lines: GstReturnLinesTable[] }> {
  const parsed = vouchers.map((voucher) => {
    const stored = readStoredDocument(voucher.type, voucher.document);
    const facts = getVoucherDefinition(voucher.type as VoucherType).gstReturn;
    const invoiceIds =
      facts.role === "outwardNote"
        ? stored.billWise.flatMap((entry) => (entry.entryId ? [entry.entryId] : []))
        : [];
    return { voucher, stored, facts, invoiceIds };
  });
  const invoices = await repo.findInvoicesByIds(
    db,
    organisationId,
    parsed.flatMap((entry) => entry.invoiceIds),
  );
  const documents: GstReturnDocumentsTable[] = [];
  const lines: GstReturnLinesTable[] = [];
  for (const { voucher, stored, facts: returnFacts, invoiceIds } of parsed) {
    const document = returnDocumentOf(
      {
        id: voucher.id,
        type: voucher.type,
        date: voucher.date,
        number: voucher.number,
        partyName: voucher.party_name,
        amountPaise: Number(voucher.amount_paise),
      },
      stored,
      {
        role: returnFacts.role as "outwardSupply" | "outwardNote",
        noteType: returnFacts.noteType,
        table13Nature: returnFacts.table13Nature,
      },
      originalsOf(invoiceIds, invoices),
    );
    const facts = describeReturnFacts(document, gstin);
    const rows = returnFactsRowsOf(voucher.id, voucher.date, facts);
    const row = rows.document;
    documents.push({
      organisation_id: organisationId,
      voucher_id: row.voucherId,
      type: voucher.type,
      date: row.date,
      number: voucher.number,
      number_key: voucher.number_key,
      number_upper: facts.numberUpper,
      nature: document.table13Nature,
      section: row.section,
      has_taxable: row.hasTaxable ? 1 : 0,
      sign: row.sign,
      gstin: document.gstin,
      value_paise: row.valuePaise,
      taxable_paise: row.taxablePaise,
      igst_paise: row.igstPaise,
      cgst_paise: row.cgstPaise,
      sgst_paise: row.sgstPaise,
      cess_paise: row.cessPaise,
      needs_originals: facts.needsOriginals ? 1 : 0,
      may_warn: facts.mayWarn ? 1 : 0,
      may_warn_six: facts.mayWarnSix ? 1 : 0,
      zero_rated: row.zeroRated ? 1 : 0,
      reverse_charge: row.reverseCharge ? 1 : 0,
      inter_sup: row.interSupTable,
      pos: row.pos,
      document: encodeKeptDocument(document, invoiceIds),
    });
    for (const line of rows.lines) {
      lines.push({
        organisation_id: organisationId,
        voucher_id: line.voucherId,
        line_no: line.lineNo,
        date: line.date,
        number_key: voucher.number_key,
        section: line.section,
        registered: line.registered ? 1 : 0,
        inter: line.inter ? 1 : 0,
        pos: line.pos,
        kind: line.kind,
        gst_rate: line.gstRate,
        hsn: line.hsn,
        uqc: line.uqc,
        hsn_rate: line.hsnRate,
        description: line.description,
        quantity_milli: line.quantityMilli,
        taxable_paise: line.taxablePaise,
        igst_paise: line.igstPaise,
        cgst_paise: line.cgstPaise,
        sgst_paise: line.sgstPaise,
        cess_paise: line.cessPaise,
      });
    }
  }
  return { documents, lines };
}

const monthOf = (date: string) => date.slice(0, 7);

type Facts = {
  documents: readonly GstReturnDocumentsTable[];
  lines: readonly GstReturnLinesTable[];
};

const flag = (value: unknown) => Number(value) === 1;

function sectionOf(text: string): DocumentSection {
  if (!isDocumentSection(text)) throw new TypeError(`Not a document section: ${text}`);
  return text;
}

function lineKindOf(text: string): LineKind {
  if (!isLineKind(text)) throw new TypeError(`Not a kind of line: ${text}`);
  return text;
}

function interSupTableOf(text: string | null): ReturnFactsDocumentRow["interSupTable"] {
  if (text === null || text === "3.2a" || text === "3.2b" || text === "3.2c") return text;
  throw new TypeError(`Not a table of 3.2: ${text}`);
}

/** A stored document's facts row as the domain sums it. */
function documentRowOf(row: GstReturnDocumentsTable): ReturnFactsDocumentRow {
  return {
    voucherId: row.voucher_id,
    date: row.date,
    section: sectionOf(row.section),
    hasTaxable: flag(row.has_taxable),
    sign: Number(row.sign) === -1 ? -1 : 1,
    valuePaise: Number(row.value_paise),
    taxablePaise: Number(row.taxable_paise),
    igstPaise: Number(row.igst_paise),
    cgstPaise: Number(row.cgst_paise),
    sgstPaise: Number(row.sgst_paise),
    cessPaise: Number(row.cess_paise),
    zeroRated: flag(row.zero_rated),
    reverseCharge: flag(row.reverse_charge),
    interSupTable: interSupTableOf(row.inter_sup),
    pos: row.pos,
  };
}

/** A stored line's facts row as the domain sums it. */
function lineRowOf(row: GstReturnLinesTable): ReturnFactsLineRow {
  return {
    voucherId: row.voucher_id,
    date: row.date,
    section: sectionOf(row.section),
    registered: flag(row.registered),
    inter: flag(row.inter),
    pos: row.pos,
    lineNo: Number(row.line_no),
    kind: lineKindOf(row.kind),
    gstRate: Number(row.gst_rate),
    hsn: row.hsn,
    uqc: row.uqc,
    hsnRate: Number(row.hsn_rate),
    description: row.description,
    quantityMilli: Number(row.quantity_milli),
    taxablePaise: Number(row.taxable_paise),
    igstPaise: Number(row.igst_paise),
    cgstPaise: Number(row.cgst_paise),
    sgstPaise: Number(row.sgst_paise),
    cessPaise: Number(row.cess_paise),
  };
}

/** A domain sum as its `gst_return_sums` row (its key encoded). */
function sumRowOf(organisationId: string, sum: ReturnFactSum): GstReturnSumsTable {
  return {
    organisation_id: organisationId,
    month: sum.month,
    grp: sum.key.grp,
    key: encodeFactKey(sum.key),
    count: sum.count,
    quantity_milli: sum.quantityMilli,
    value_paise: sum.valuePaise,
    taxable_paise: sum.taxablePaise,
    igst_paise: sum.igstPaise,
    cgst_paise: sum.cgstPaise,
    sgst_paise: sum.sgstPaise,
    cess_paise: sum.cessPaise,
  };
}

/** A month's sums that the facts rows add (direction 1) or take away (-1): sumReturnFacts's. */
function sumsOf(facts: Facts, direction: 1 | -1): ReturnFactSum[] {
  return sumReturnFacts(
    { documents: facts.documents.map(documentRowOf), lines: facts.lines.map(lineRowOf) },
    direction,
  );
}

/**
 * These vouchers' facts replaced by new ones (none for a delete), with their months' sums. Vouchers
 * just created (`fresh`) have no facts yet: nothing is read or deleted for them.
 */
async function replaceFacts(
  trx: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
  next: Facts,
  fresh = false,
): Promise<void> {
  const old: Facts = fresh
    ? { documents: [], lines: [] }
    : await repo.readFacts(trx, organisationId, voucherIds);
  if (!fresh) await repo.deleteFacts(trx, organisationId, voucherIds);
  await repo.insertFacts(trx, next.documents, next.lines);
  await repo.flagRepeatedNumbers(trx, organisationId, next.documents);
  // One row per key in a statement: PostgreSQL's upsert cannot touch a row twice.
  const merged = mergeFactSums([...sumsOf(old, -1), ...sumsOf(next, 1)]);
  await repo.addSums(
    trx,
    merged.map((sum) => sumRowOf(organisationId, sum)),
  );
}

/**
 * The save path's part (decision 056): the return facts of the outward vouchers just written,
 * in the save's transaction. A month none of whose other outward vouchers lacks facts is marked
 * complete, so a new organisation's months never need a rebuild.
 */
export async function writeReturnFacts(
  trx: Kysely<Database>,
  organisationId: string,
  vouchers: readonly StoredVoucher[],
  /** The vouchers were created in this transaction, so they have no facts to replace. */
  options: { fresh?: boolean } = {},
): Promise<void> {
  const fresh = options.fresh === true;
  const outward = vouchers.filter((voucher) => OUTWARD.has(voucher.type));
  if (outward.length === 0) return;
  const ids = outward.map((voucher) => voucher.id);
  const gstin = await readFactsGstin(trx, organisationId);
  if (gstin === null) {
    if (!fresh) await replaceFacts(trx, organisationId, ids, { documents: [], lines: [] });
    return;
  }
  await replaceFacts(
    trx,
    organisationId,
    ids,
    await computeFacts(trx, organisationId, gstin, outward),
    fresh,
  );
  const months = [...new Set(outward.map((voucher) => monthOf(voucher.date)))];
  const marked = new Set(
    (await repo.listFactMonths(trx, organisationId, months)).map((row) => row.month),
  );
  for (const month of months) {
    if (marked.has(month)) continue;
    if (await repo.hasOtherOutwardVoucher(trx, organisationId, OUTWARD_TYPES, month, ids)) continue;
    await repo.upsertFactMonth(trx, {
      organisation_id: organisationId,
      month,
      version: RETURN_FACTS_VERSION,
      gstin,
    });
  }
}

/** The delete path's part: a deleted voucher leaves the return (its number stays in Table 13). */
export async function removeReturnFacts(
  trx: Kysely<Database>,
  organisationId: string,
  vouchers: readonly { id: string; type: string }[],
): Promise<void> {
  const ids = vouchers.filter((voucher) => OUTWARD.has(voucher.type)).map((voucher) => voucher.id);
  if (ids.length > 0) await replaceFacts(trx, organisationId, ids, { documents: [], lines: [] });
}

function monthsBetween(startDate: string, endDate: string): string[] {
  const months: string[] = [];
  let year = Number(startDate.slice(0, 4));
  let month = Number(startDate.slice(5, 7));
  for (;;) {
    const code = `${year}-${String(month).padStart(2, "0")}`;
    if (code > monthOf(endDate)) return months;
    months.push(code);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/**
 * Makes the period's facts current before a return reads them (decision 056): a month written
 * by older rules or for another GSTIN, or never completed (books from before migration 0056), is
 * rebuilt from its stored documents under the books lock; then the notes whose section depends on
 * the invoices they settle are classified again against those invoices as they are now.
 */
export async function ensureReturnFacts(
  db: Kysely<Database>,
  organisationId: string,
  gstin: string,
  startDate: string,
  endDate: string,
): Promise<void> {
  const months = monthsBetween(startDate, endDate);
  const current = (rows: readonly { month: string; version: number; gstin: string }[]) =>
    new Set(
      rows
        .filter((row) => Number(row.version) === RETURN_FACTS_VERSION && row.gstin === gstin)
        .map((row) => row.month),
    );
  const ready = current(await repo.listFactMonths(db, organisationId, months));
  const stale = months.filter((month) => !ready.has(month));
  if (stale.length > 0) {
    await inLockedBooks(db, organisationId, async (trx) => {
      const again = current(await repo.listFactMonths(trx, organisationId, stale));
      for (const month of stale) {
        if (again.has(month)) continue;
        await rebuildMonth(trx, organisationId, gstin, month);
      }
    });
  }
  await reclassifyNotes(db, organisationId, gstin, startDate, endDate);
}

async function rebuildMonth(
  trx: Kysely<Database>,
  organisationId: string,
  gstin: string,
  month: string,
): Promise<void> {
  const from = `${month}-01`;
  const to = `${month}-31`;
  await repo.deleteFactsBetween(trx, organisationId, from, to);
  await repo.deleteSums(trx, organisationId, month);
  const vouchers = await repo.listOutwardVouchers(trx, organisationId, OUTWARD_TYPES, from, to);
  // A thousand at a time: a month of a large book is not held parsed all at once.
  for (let start = 0; start < vouchers.length; start += 1000) {
    const facts = await computeFacts(
      trx,
      organisationId,
      gstin,
      vouchers.slice(start, start + 1000),
    );
    await repo.insertFacts(trx, facts.documents, facts.lines);
    await repo.flagRepeatedNumbers(trx, organisationId, facts.documents);
    await repo.addSums(
      trx,
      sumsOf(facts, 1).map((sum) => sumRowOf(organisationId, sum)),
    );
  }
  await repo.upsertFactMonth(trx, {
    organisation_id: organisationId,
    month,
    version: RETURN_FACTS_VERSION,
    gstin,
  });
}

/** Notes to unregistered persons across states: cdnur or b2cs by their invoices as they are now. */
async function reclassifyNotes(
  db: Kysely<Database>,
  organisationId: string,
  gstin: string,
  startDate: string,
  endDate: string,
): Promise<void> {
  const notes = await repo.listNotesNeedingOriginals(db, organisationId, startDate, endDate);
  if (notes.length === 0) return;
  const kept = notes.map((note) => ({ note, document: decodeKeptDocument(note.document) }));
  const invoices = await repo.findInvoicesByIds(
    db,
    organisationId,
    kept.flatMap((entry) => entry.document.invoiceIds),
  );
  const stateCode = gstin.slice(0, 2);
  const changed = kept.flatMap(({ note, document }) => {
    const section = classifyDocument(
      restoreKeptDocument(document, originalsOf(document.invoiceIds, invoices)),
      stateCode,
    );
    return section === note.section ? [] : [{ note, section }];
  });
  if (changed.length === 0) return;
  await inLockedBooks(db, organisationId, async (trx) => {
    for (const { note, section } of changed) {
      // Only while the note is still as it was read (a save meanwhile wrote its own facts).
      const old = await repo.readFacts(trx, organisationId, [note.voucher_id]);
      const [document] = old.documents;
      if (!document || document.document !== note.document) continue;
      await replaceFacts(trx, organisationId, [note.voucher_id], {
        documents: [{ ...document, section }],
        lines: old.lines.map((line) => ({ ...line, section })),
      });
    }
  });
}

/** The period's documents as the return reads them, in the return's order, with their invoices. */
export async function readReturnDocuments(
  db: Kysely<Database>,
  organisationId: string,
  startDate: string,
  endDate: string,
): Promise<ReturnDocument[]> {
  const rows = await repo.listKeptDocuments(db, organisationId, startDate, endDate);
  return toReturnDocuments(db, organisationId, rows);
}

/** Kept documents → ReturnDocuments, each note with the invoices it settles as they are now. */
export async function toReturnDocuments(
  db: Kysely<Database>,
  organisationId: string,
  rows: readonly { document: string }[],
): Promise<ReturnDocument[]> {
  const kept: KeptReturnDocument[] = rows.map((row) => decodeKeptDocument(row.document));
  const invoices = await repo.findInvoicesByIds(
    db,
    organisationId,
    kept.flatMap((document) => document.invoiceIds),
  );
  return kept.map((document) =>
    restoreKeptDocument(document, originalsOf(document.invoiceIds, invoices)),
  );
}

/**
 * A period's sums of one group, by key, each key decoded and checked (decodeFactKey); its months
 * added up, and keys whose count fell to 0 gone (totalFactSums).
 */
export async function readSums<G extends ReturnFactGroup>(
  db: Kysely<Database>,
  organisationId: string,
  period: { startDate: string; endDate: string },
  grp: G,
): Promise<ReturnFactTotal<ReturnFactKeyOf<G>>[]> {
  const rows = await repo.listSums(
    db,
    organisationId,
    monthsBetween(period.startDate, period.endDate),
    grp,
  );
  return totalFactSums(
    rows.map((row) => ({
      key: decodeFactKey(grp, row.key),
      count: Number(row.count),
      quantityMilli: Number(row.quantity_milli),
      valuePaise: Number(row.value_paise),
      taxablePaise: Number(row.taxable_paise),
      igstPaise: Number(row.igst_paise),
      cgstPaise: Number(row.cgst_paise),
      sgstPaise: Number(row.sgst_paise),
      cessPaise: Number(row.cess_paise),
    })),
  );
}

export {
  type KeptDocumentPosition,
  listDocumentNumbers,
  listKeptDocumentPage,
  listKeptDocumentsAfter,
  listWarningCandidates,
  sumHsnRows,
} from "./return-facts.repository.ts";
