import {
  classifyDocument,
  describeReturnFacts,
  getVoucherDefinition,
  type LineKind,
  outwardFactsFigures,
  RETURN_FACTS_VERSION,
  type ReturnDocument,
  type ReturnOriginalInvoice,
  stateCodeFromGstin,
  toReturnDocument,
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

/** The document a return reads, as kept beside its facts: invoice ids instead of the invoices. */
type KeptDocument = Omit<ReturnDocument, "originalInvoices"> & { invoiceIds: string[] };

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
    const stored = JSON.parse(voucher.document) as Record<string, unknown>;
    const facts = getVoucherDefinition(voucher.type as VoucherType).gstReturn;
    const invoiceIds =
      facts.role === "outwardNote"
        ? ((stored.billWiseEntries ?? []) as { entryId?: string }[]).flatMap((entry) =>
            entry.entryId ? [entry.entryId] : [],
          )
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
  for (const { voucher, stored, facts, invoiceIds } of parsed) {
    const document = toReturnDocument(
      {
        id: voucher.id,
        type: voucher.type,
        date: voucher.date,
        number: voucher.number,
        partyName: voucher.party_name,
        amountPaise: Number(voucher.amount_paise),
        document: stored,
      },
      {
        role: facts.role as "outwardSupply" | "outwardNote",
        noteType: facts.noteType,
        table13Nature: facts.table13Nature,
      },
      originalsOf(invoiceIds, invoices),
    );
    const row = describeReturnFacts(document, gstin);
    const { originalInvoices: _, ...rest } = document;
    const kept: KeptDocument = { ...rest, invoiceIds };
    documents.push({
      organisation_id: organisationId,
      voucher_id: voucher.id,
      type: voucher.type,
      date: voucher.date,
      number: voucher.number,
      number_key: voucher.number_key,
      number_upper: row.numberUpper,
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
      needs_originals: row.needsOriginals ? 1 : 0,
      may_warn: row.mayWarn ? 1 : 0,
      may_warn_six: row.mayWarnSix ? 1 : 0,
      zero_rated: row.gstr3b.zeroRated ? 1 : 0,
      reverse_charge: row.gstr3b.reverseCharge ? 1 : 0,
      inter_sup: row.gstr3b.interSupTable,
      pos: row.gstr3b.pos,
      document: JSON.stringify(kept),
    });
    for (const line of row.lines) {
      lines.push({
        organisation_id: organisationId,
        voucher_id: voucher.id,
        line_no: line.lineNo,
        date: voucher.date,
        number_key: voucher.number_key,
        section: row.section,
        registered: row.registered ? 1 : 0,
        inter: row.inter ? 1 : 0,
        pos: row.pos,
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

/**
 * A month's sums that facts add (direction 1) or take away (-1): per section the documents with a
 * taxable line; per Table 8 row, Table 12 row and B2C small bucket the lines (amounts signed);
 * per GSTR-3B figure of 3.1 and 3.2 (table and place) the documents (decision 057).
 */
function sumsOf(organisationId: string, facts: Facts, direction: 1 | -1): GstReturnSumsTable[] {
  const sums = new Map<string, GstReturnSumsTable>();
  const add = (
    month: string,
    grp: GstReturnSumsTable["grp"],
    key: string,
    amounts: {
      quantity: number;
      value: number;
      taxable: number;
      igst: number;
      cgst: number;
      sgst: number;
      cess: number;
    },
  ) => {
    const id = `${month}|${grp}|${key}`;
    const row = sums.get(id) ?? {
      organisation_id: organisationId,
      month,
      grp,
      key,
      count: 0,
      quantity_milli: 0,
      value_paise: 0,
      taxable_paise: 0,
      igst_paise: 0,
      cgst_paise: 0,
      sgst_paise: 0,
      cess_paise: 0,
    };
    row.count += direction;
    row.quantity_milli += direction * amounts.quantity;
    row.value_paise += direction * amounts.value;
    row.taxable_paise += direction * amounts.taxable;
    row.igst_paise += direction * amounts.igst;
    row.cgst_paise += direction * amounts.cgst;
    row.sgst_paise += direction * amounts.sgst;
    row.cess_paise += direction * amounts.cess;
    sums.set(id, row);
  };
  for (const document of facts.documents) {
    if (Number(document.has_taxable) !== 1) continue;
    const sign = Number(document.sign);
    add(monthOf(document.date), "section", JSON.stringify(document.section), {
      quantity: 0,
      value: sign * Number(document.value_paise),
      taxable: sign * Number(document.taxable_paise),
      igst: sign * Number(document.igst_paise),
      cgst: sign * Number(document.cgst_paise),
      sgst: sign * Number(document.sgst_paise),
      cess: sign * Number(document.cess_paise),
    });
  }
  for (const line of facts.lines) {
    const month = monthOf(line.date);
    const amounts = {
      quantity: Number(line.quantity_milli),
      value: 0,
      taxable: Number(line.taxable_paise),
      igst: Number(line.igst_paise),
      cgst: Number(line.cgst_paise),
      sgst: Number(line.sgst_paise),
      cess: Number(line.cess_paise),
    };
    const registered = Number(line.registered) === 1;
    const inter = Number(line.inter) === 1;
    add(
      month,
      "hsn",
      JSON.stringify([registered, line.hsn, line.uqc, Number(line.hsn_rate)]),
      amounts,
    );
    if (line.kind !== "taxable") {
      add(month, "nil", JSON.stringify([inter, registered, line.kind]), amounts);
    } else if (line.section === "b2cs") {
      add(month, "b2cs", JSON.stringify([inter, line.pos, Number(line.gst_rate)]), amounts);
    }
  }
  const linesOf = new Map<string, { kind: LineKind; taxablePaise: number }[]>();
  for (const line of facts.lines) {
    const list = linesOf.get(line.voucher_id) ?? [];
    list.push({ kind: line.kind as LineKind, taxablePaise: Number(line.taxable_paise) });
    linesOf.set(line.voucher_id, list);
  }
  for (const document of facts.documents) {
    const figures = outwardFactsFigures(
      {
        zeroRated: Number(document.zero_rated) === 1,
        reverseCharge: Number(document.reverse_charge) === 1,
        interSupTable: document.inter_sup as "3.2a" | "3.2b" | "3.2c" | null,
        pos: document.pos,
        hasTaxable: Number(document.has_taxable) === 1,
        sign: Number(document.sign) === -1 ? -1 : 1,
        amounts: {
          taxablePaise: Number(document.taxable_paise),
          igstPaise: Number(document.igst_paise),
          cgstPaise: Number(document.cgst_paise),
          sgstPaise: Number(document.sgst_paise),
          cessPaise: Number(document.cess_paise),
        },
      },
      linesOf.get(document.voucher_id) ?? [],
    );
    for (const figure of figures) {
      add(monthOf(document.date), "gstr3b", JSON.stringify([figure.table, figure.key]), {
        quantity: 0,
        value: 0,
        taxable: figure.taxablePaise,
        igst: figure.igstPaise,
        cgst: figure.cgstPaise,
        sgst: figure.sgstPaise,
        cess: figure.cessPaise,
      });
    }
  }
  return [...sums.values()];
}

/** These vouchers' facts replaced by new ones (none for a delete), with their months' sums. */
async function replaceFacts(
  trx: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
  next: Facts,
): Promise<void> {
  const old = await repo.readFacts(trx, organisationId, voucherIds);
  await repo.deleteFacts(trx, organisationId, voucherIds);
  await repo.insertFacts(trx, next.documents, next.lines);
  await repo.flagRepeatedNumbers(trx, organisationId, next.documents);
  // One row per key in a statement: PostgreSQL's upsert cannot touch a row twice.
  const merged = new Map<string, GstReturnSumsTable>();
  for (const row of [...sumsOf(organisationId, old, -1), ...sumsOf(organisationId, next, 1)]) {
    const id = `${row.month}|${row.grp}|${row.key}`;
    const found = merged.get(id);
    if (!found) {
      merged.set(id, row);
      continue;
    }
    found.count += row.count;
    found.quantity_milli += row.quantity_milli;
    found.value_paise += row.value_paise;
    found.taxable_paise += row.taxable_paise;
    found.igst_paise += row.igst_paise;
    found.cgst_paise += row.cgst_paise;
    found.sgst_paise += row.sgst_paise;
    found.cess_paise += row.cess_paise;
  }
  await repo.addSums(trx, [...merged.values()]);
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
): Promise<void> {
  const outward = vouchers.filter((voucher) => OUTWARD.has(voucher.type));
  if (outward.length === 0) return;
  const ids = outward.map((voucher) => voucher.id);
  const gstin = await readFactsGstin(trx, organisationId);
  if (gstin === null) {
    await replaceFacts(trx, organisationId, ids, { documents: [], lines: [] });
    return;
  }
  await replaceFacts(
    trx,
    organisationId,
    ids,
    await computeFacts(trx, organisationId, gstin, outward),
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
    await repo.addSums(trx, sumsOf(organisationId, facts, 1));
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
  const kept = notes.map((note) => ({
    note,
    document: JSON.parse(note.document) as KeptDocument,
  }));
  const invoices = await repo.findInvoicesByIds(
    db,
    organisationId,
    kept.flatMap((entry) => entry.document.invoiceIds),
  );
  const stateCode = gstin.slice(0, 2);
  const changed = kept.flatMap(({ note, document }) => {
    const { invoiceIds, ...rest } = document;
    const section = classifyDocument(
      { ...rest, originalInvoices: originalsOf(invoiceIds, invoices) },
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
  const kept = rows.map((row) => JSON.parse(row.document) as KeptDocument);
  const invoices = await repo.findInvoicesByIds(
    db,
    organisationId,
    kept.flatMap((document) => document.invoiceIds),
  );
  return kept.map(({ invoiceIds, ...rest }) => ({
    ...rest,
    originalInvoices: originalsOf(invoiceIds, invoices),
  }));
}

/** A period's sums of one group, by key (rows whose count fell to 0 are gone). */
export async function readSums(
  db: Kysely<Database>,
  organisationId: string,
  period: { startDate: string; endDate: string },
  grp: GstReturnSumsTable["grp"],
) {
  const rows = await repo.listSums(
    db,
    organisationId,
    monthsBetween(period.startDate, period.endDate),
    grp,
  );
  const byKey = new Map<
    string,
    {
      count: number;
      quantityMilli: number;
      valuePaise: number;
      taxablePaise: number;
      igstPaise: number;
      cgstPaise: number;
      sgstPaise: number;
      cessPaise: number;
    }
  >();
  for (const row of rows) {
    const sum = byKey.get(row.key) ?? {
      count: 0,
      quantityMilli: 0,
      valuePaise: 0,
      taxablePaise: 0,
      igstPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      cessPaise: 0,
    };
    sum.count += Number(row.count);
    sum.quantityMilli += Number(row.quantity_milli);
    sum.valuePaise += Number(row.value_paise);
    sum.taxablePaise += Number(row.taxable_paise);
    sum.igstPaise += Number(row.igst_paise);
    sum.cgstPaise += Number(row.cgst_paise);
    sum.sgstPaise += Number(row.sgst_paise);
    sum.cessPaise += Number(row.cess_paise);
    byKey.set(row.key, sum);
  }
  return [...byKey.entries()]
    .filter(([, sum]) => sum.count > 0)
    .map(([key, sum]) => ({ key: JSON.parse(key) as unknown, ...sum }));
}

export {
  type KeptDocumentPosition,
  listDocumentNumbers,
  listKeptDocumentPage,
  listKeptDocumentsAfter,
  listWarningCandidates,
  sumHsnRows,
} from "./return-facts.repository.ts";
