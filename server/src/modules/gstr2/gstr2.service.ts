import {
  addDays,
  type DifferenceField,
  financialYearOf,
  financialYearRange,
  GSTR2B_MAX_DOCUMENTS,
  GSTR2B_SECTION_TITLES,
  type Gstr2bFileResult,
  type Gstr2bSection,
  getVoucherDefinition,
  ITC_ELIGIBILITY_TITLES,
  type ItcTotals,
  MATCH_STATUS_TITLES,
  MATCH_STATUSES,
  type MatchStatus,
  matchedItc,
  type PurchaseRegisterRow,
  paiseToRupees,
  previousFinancialYear,
  type ReconLink,
  type ReconParty,
  type ReconRow,
  type ReturnPeriod,
  readGstr2bFile,
  readGstr2bWorkbook,
  readGstr2Period,
  reconcile,
  stateCodeFromGstin,
  toPurchaseRegisterRow,
  toReconBill,
  type VoucherType,
  voucherTypesWhere,
} from "@bahi/domain";
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import type { Database, Gstr2bDocumentsTable } from "../../db/schema.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import {
  type OrganisationAccess,
  requireOrganisationAccess,
} from "../access/organisation-access.ts";
import { writeAuditLog } from "../audit/audit.ts";
import type { Caller } from "../auth/auth.guard.ts";
import type { ExportCell, ExportColumn } from "../exports/export-table.ts";
import { describeRange, sendReportFile } from "../exports/report-files.ts";
import { readWorkbookSheets, SheetRefused, sheetRefusedMessage } from "../sheets/sheet-files.ts";
import {
  type DocumentRow,
  findDocument,
  findDocumentLinkedTo,
  findPurchaseVouchers,
  listCreditDocumentsOfMonths,
  listDocumentsLinkedTo,
  listDocumentsOfMonths,
  listImportsOfMonths,
  listPurchaseVouchers,
  type PurchaseVoucherRow,
  replaceMonth,
  updateDocumentLink,
} from "./gstr2.repository.ts";

/** The purchase side of the returns: the registry's inward supplies and inward notes. */
export const INWARD_TYPES: readonly VoucherType[] = voucherTypesWhere(
  (definition) =>
    definition.gstReturn.role === "inwardSupply" || definition.gstReturn.role === "inwardNote",
);

export const GSTR2_MESSAGES = {
  notRegistered: "GST returns are only for GST-registered organisations with a GSTIN.",
  otherGstin: (file: string, organisation: string) =>
    `This GSTR-2B is for GSTIN ${file}, not this organisation's ${organisation}.`,
  notJsonFile:
    "Choose the GSTR-2B file downloaded from the GST portal: its JSON (a .json file) or its Excel (a .xlsx file).",
  noFile: "Choose the GSTR-2B JSON or Excel file to import.",
  notWorkbook:
    "The file could not be opened as an Excel workbook: choose the GSTR-2B Excel downloaded from the GST portal (.xlsx).",
  workbookTooLarge:
    "The Excel file unpacks to more than 200 MB; a GSTR-2B of one month is far smaller.",
  fileTooLarge: "The file is larger than 20 MB; a GSTR-2B of one month is far smaller.",
  documentNotFound: "The GSTR-2B document was not found.",
  entryNotFound: "The purchase bill or debit note was not found.",
  wrongSide:
    "A credit note of GSTR-2B links to a debit note of the books, an invoice to a purchase bill.",
  alreadyLinked: (number: string) =>
    `This bill is already linked to GSTR-2B document ${number}. Unlink it first.`,
  notLinked: "This bill and document are not paired.",
} as const;

export interface PeriodQuery {
  organisationId: string;
  year: string;
  startDate: string;
  endDate: string;
}

/** The books' notes to a supplier (debit notes): what a supplier's credit note in 2B pairs with. */
const INWARD_NOTE_TYPES: readonly VoucherType[] = voucherTypesWhere(
  (definition) => definition.gstReturn.role === "inwardNote",
);

const inwardSide = (type: string) =>
  getVoucherDefinition(type as VoucherType).gstReturn.role === "inwardNote" ? "credit" : "invoice";

function toRegisterRow(row: PurchaseVoucherRow): PurchaseRegisterRow {
  return toPurchaseRegisterRow(
    {
      id: row.id,
      type: row.type,
      date: row.date,
      number: row.number,
      partyName: row.party_name,
      amountPaise: Number(row.amount_paise),
      document: row.document,
    },
    inwardSide(row.type),
  );
}

async function requireGstr2Access(
  db: Kysely<Database>,
  caller: Caller,
  query: PeriodQuery,
  action: "view" | "edit",
): Promise<{ access: OrganisationAccess; period: ReturnPeriod }> {
  const access = await requireAccess(db, caller, query.organisationId, action);
  const read = readGstr2Period(query);
  if (!read.ok) throw badRequest(read.message, [{ path: "startDate", message: read.message }]);
  return { access, period: read.period };
}

async function requireAccess(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  action: "view" | "edit",
): Promise<OrganisationAccess> {
  const access = await requireOrganisationAccess(db, caller, organisationId, {
    kind: "rights",
    subjects: INWARD_TYPES,
    action,
  });
  const { organisation } = access;
  if (
    organisation.gst_registered !== 1 ||
    !organisation.gstin ||
    stateCodeFromGstin(organisation.gstin) === null
  ) {
    throw badRequest(GSTR2_MESSAGES.notRegistered);
  }
  return access;
}

// ---------------------------------------------------------------------------------------------
// The purchase register

/** Plain code-point order, blanks (no GSTIN) last. */
function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function signed(row: PurchaseRegisterRow, paise: number) {
  return row.side === "credit" ? -paise : paise;
}

function presentRegisterRow(row: PurchaseRegisterRow) {
  return {
    entryId: row.entryId,
    transactionType: row.voucherType,
    side: row.side,
    number: row.number,
    date: row.date,
    supplierName: row.supplierName,
    gstin: row.gstin,
    supplierStateCode: row.supplierStateCode,
    pos: row.pos,
    taxKind: row.taxKind,
    reverseCharge: row.reverseCharge,
    importType: row.importType,
    partyGstType: row.partyGstType,
    value: paiseToRupees(row.valuePaise),
    taxableValue: paiseToRupees(row.taxablePaise),
    igst: paiseToRupees(row.igstPaise),
    cgst: paiseToRupees(row.cgstPaise),
    sgst: paiseToRupees(row.sgstPaise),
    cess: paiseToRupees(row.cessPaise),
    itcEligibility: row.itcEligibility,
    itcEligibilityTitle: ITC_ELIGIBILITY_TITLES[row.itcEligibility],
  };
}

function totalRegister(rows: readonly PurchaseRegisterRow[]) {
  const totals = { value: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 };
  const itc = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
  for (const row of rows) {
    totals.value += signed(row, row.valuePaise);
    totals.taxable += signed(row, row.taxablePaise);
    totals.igst += signed(row, row.igstPaise);
    totals.cgst += signed(row, row.cgstPaise);
    totals.sgst += signed(row, row.sgstPaise);
    totals.cess += signed(row, row.cessPaise);
    if (row.itcEligibility === "noTax") continue;
    itc.igst += signed(row, row.igstPaise);
    itc.cgst += signed(row, row.cgstPaise);
    itc.sgst += signed(row, row.sgstPaise);
    itc.cess += signed(row, row.cessPaise);
  }
  return { totals, itc };
}

function matchesSearch(row: PurchaseRegisterRow, search: string | undefined) {
  if (!search) return true;
  const needle = search.toLowerCase();
  return [row.number, row.supplierName, row.gstin ?? ""].some((value) =>
    value.toLowerCase().includes(needle),
  );
}

const REGISTER_COLUMNS: ExportColumn[] = [
  { key: "date", label: "Date", kind: "date" },
  { key: "number", label: "Bill No.", kind: "text" },
  { key: "type", label: "Type", kind: "text" },
  { key: "supplier", label: "Supplier", kind: "text" },
  { key: "gstin", label: "GSTIN", kind: "text" },
  { key: "pos", label: "Place of Supply", kind: "text" },
  { key: "reverseCharge", label: "Reverse Charge", kind: "text" },
  { key: "import", label: "Import", kind: "text" },
  { key: "taxable", label: "Taxable Value", kind: "amount" },
  { key: "igst", label: "IGST", kind: "amount" },
  { key: "cgst", label: "CGST", kind: "amount" },
  { key: "sgst", label: "SGST", kind: "amount" },
  { key: "cess", label: "Cess", kind: "amount" },
  { key: "value", label: "Bill Value", kind: "amount" },
  { key: "itc", label: "ITC Eligibility", kind: "text" },
];

/**
 * GET /gstr2/gstr2transactions (spec api §7): every purchase bill and purchase-side note of the
 * period (imports and reverse-charge bills among them) by supplier GSTIN, with its taxes and ITC
 * eligibility; a page of them, or the whole register as Excel.
 */
export async function readPurchaseRegister(
  db: Kysely<Database>,
  caller: Caller,
  query: PeriodQuery & {
    skip: number;
    limit: number;
    search?: string | undefined;
    format: "json" | "excel";
  },
  reply: FastifyReply,
) {
  const { access, period } = await requireGstr2Access(db, caller, query, "view");
  const vouchers = await listPurchaseVouchers(
    db,
    access.organisation.id,
    query.year,
    INWARD_TYPES,
    period.startDate,
    period.endDate,
  );
  const rows = vouchers
    .map(toRegisterRow)
    .filter((row) => matchesSearch(row, query.search))
    .sort(
      (a, b) =>
        compareText(a.gstin, b.gstin) ||
        compareText(a.date, b.date) ||
        compareText(a.number, b.number),
    );
  const { totals, itc } = totalRegister(rows);
  if (query.format === "excel") {
    return sendReportFile(reply, {
      organisationId: access.organisation.id,
      organisationName: access.organisation.name,
      title: "Purchase Register (GSTR-2)",
      subtitle: describeRange(period.startDate, period.endDate),
      columns: REGISTER_COLUMNS,
      rows: rows.map(
        (row): Record<string, ExportCell> => ({
          date: row.date,
          number: row.number,
          type: getVoucherDefinition(row.voucherType as VoucherType).titles.singular,
          supplier: row.supplierName,
          gstin: row.gstin,
          pos: row.pos,
          reverseCharge: row.reverseCharge ? "Yes" : "No",
          import:
            row.importType === null ? null : row.importType === "goods" ? "Goods" : "Services",
          taxable: signed(row, row.taxablePaise),
          igst: signed(row, row.igstPaise),
          cgst: signed(row, row.cgstPaise),
          sgst: signed(row, row.sgstPaise),
          cess: signed(row, row.cessPaise),
          value: signed(row, row.valuePaise),
          itc: ITC_ELIGIBILITY_TITLES[row.itcEligibility],
        }),
      ),
      totals: {
        taxable: totals.taxable,
        igst: totals.igst,
        cgst: totals.cgst,
        sgst: totals.sgst,
        cess: totals.cess,
        value: totals.value,
      },
      format: "excel",
      fileSuffix: period.fp,
    });
  }
  const money = (values: Record<string, number>) =>
    Object.fromEntries(Object.entries(values).map(([key, paise]) => [key, paiseToRupees(paise)]));
  return {
    startDate: period.startDate,
    endDate: period.endDate,
    fp: period.fp,
    transactions: rows.slice(query.skip, query.skip + query.limit).map(presentRegisterRow),
    count: rows.length,
    totals: money({
      value: totals.value,
      taxableValue: totals.taxable,
      igst: totals.igst,
      cgst: totals.cgst,
      sgst: totals.sgst,
      cess: totals.cess,
    }),
    itc: money(itc),
  };
}

// ---------------------------------------------------------------------------------------------
// GSTR-2B import

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

function carryKey(row: {
  side: string;
  supplier_gstin: string | null;
  number: string;
  date: string;
}) {
  return `${row.side}|${row.supplier_gstin ?? ""}|${row.number.trim().toUpperCase()}|${row.date}`;
}

/**
 * The uploaded GSTR-2B, JSON or Excel (decision 068): the name says which; an Excel is read by
 * the spreadsheet reader of the imports (zip sizes checked first, a worker with a heap ceiling),
 * every sheet with its merged headings, each sheet capped at the document limit.
 */
async function readUploaded2b(
  organisationId: string,
  file: UploadedFile,
): Promise<Gstr2bFileResult> {
  if (/\.json$/i.test(file.fileName)) return readGstr2bFile(file.bytes.toString("utf8"));
  if (!/\.xlsx?$/i.test(file.fileName)) throw badRequest(GSTR2_MESSAGES.notJsonFile);
  let sheets: { name: string; rows: string[][] }[];
  try {
    sheets = await readWorkbookSheets(organisationId, file.bytes, GSTR2B_MAX_DOCUMENTS + 20);
  } catch (error) {
    // The pool's refusals (429, 503) as they are; a sheet past the limits with its reason.
    if (error instanceof AppError) throw error;
    if (error instanceof SheetRefused) {
      throw badRequest(sheetRefusedMessage(file.fileName, error.message));
    }
    const reason = error instanceof Error ? error.message : "";
    throw badRequest(
      /too large|too many files|zip64/.test(reason)
        ? GSTR2_MESSAGES.workbookTooLarge
        : GSTR2_MESSAGES.notWorkbook,
    );
  }
  return readGstr2bWorkbook(file.fileName, sheets);
}

/**
 * POST /gstr2/import2b: a month's GSTR-2B (JSON or Excel) replaces that month's documents; a link the user
 * made is kept where the same document (supplier, number, date) comes again. Matching runs on the
 * new documents at once and its outcome is returned.
 */
export async function importGstr2b(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  file: UploadedFile,
) {
  const access = await requireAccess(db, caller, organisationId, "edit");
  const organisation = access.organisation;
  const read = await readUploaded2b(organisationId, file);
  if (!read.ok) throw badRequest(read.message, read.errors);
  const parsed = read.file;
  if (parsed.gstin !== organisation.gstin) {
    throw badRequest(GSTR2_MESSAGES.otherGstin(parsed.gstin, organisation.gstin as string));
  }
  const importId = newId();
  const importedAt = nowIso();
  let keptLinks = 0;
  await db.transaction().execute(async (trx) => {
    const previous = await listDocumentsOfMonths(
      trx,
      organisation.id,
      parsed.startDate,
      parsed.startDate,
    );
    const links = new Map<string, DocumentRow>();
    for (const row of previous) {
      if (row.link_kind !== null) links.set(carryKey(row), row);
    }
    const documents: Gstr2bDocumentsTable[] = parsed.documents.map((document) => {
      const row: Gstr2bDocumentsTable = {
        organisation_id: organisation.id,
        id: newId(),
        import_id: importId,
        start_date: parsed.startDate,
        section: document.section,
        supplier_gstin: document.supplierGstin,
        supplier_name: document.supplierName,
        number: document.number,
        date: document.date,
        side: document.side,
        document_type: document.documentType,
        original_number: document.originalNumber,
        original_date: document.originalDate,
        value_paise: document.valuePaise,
        taxable_paise: document.taxablePaise,
        igst_paise: document.igstPaise,
        cgst_paise: document.cgstPaise,
        sgst_paise: document.sgstPaise,
        cess_paise: document.cessPaise,
        pos: document.pos,
        reverse_charge: document.reverseCharge ? 1 : 0,
        itc_available: document.itcAvailable,
        itc_reason: document.itcReason,
        ims_action: document.imsAction,
        port_code: document.portCode,
        supplier_filed_on: document.supplierFiledOn,
        supplier_period: document.supplierPeriod,
        link_entry_id: null,
        link_kind: null,
        linked_at: null,
        linked_by: null,
      };
      const kept = links.get(carryKey(row));
      if (kept) {
        links.delete(carryKey(row));
        keptLinks += kept.link_kind === "rejected" ? 0 : 1;
        row.link_entry_id = kept.link_entry_id;
        row.link_kind = kept.link_kind;
        row.linked_at = kept.linked_at;
        row.linked_by = kept.linked_by;
      }
      return row;
    });
    await replaceMonth(
      trx,
      organisation.id,
      parsed.startDate,
      {
        organisation_id: organisation.id,
        id: importId,
        return_period: parsed.returnPeriod,
        start_date: parsed.startDate,
        end_date: parsed.endDate,
        gstin: parsed.gstin,
        generated_on: parsed.generatedOn,
        file_name: file.fileName.slice(0, 200),
        document_count: documents.length,
        imported_at: importedAt,
        imported_by: access.userId,
      },
      documents,
    );
    await writeAuditLog(trx, {
      organisationId: organisation.id,
      userId: access.userId,
      action: previous.length > 0 ? "reimport" : "import",
      entityType: "gstr2b",
      entityId: parsed.returnPeriod,
      summary: `Imported GSTR-2B ${parsed.returnPeriod} (${documents.length} documents).`,
    });
  });
  const book = await reconcilePeriod(
    db,
    organisation.id,
    financialYearOf(parsed.startDate),
    parsed.startDate,
    parsed.endDate,
  );
  const summary = Object.fromEntries(MATCH_STATUSES.map((status) => [status, 0])) as Record<
    MatchStatus,
    number
  >;
  for (const row of book.rows) summary[row.status] += 1;
  return {
    success: true,
    message: `GSTR-2B ${parsed.returnPeriod} imported: ${parsed.documents.length} documents.`,
    returnPeriod: parsed.returnPeriod,
    startDate: parsed.startDate,
    endDate: parsed.endDate,
    documentCount: parsed.documents.length,
    keptLinks,
    warnings: parsed.warnings,
    summary,
  };
}

// ---------------------------------------------------------------------------------------------
// Reconciliation

interface ReconDocument extends ReconParty {
  itcAvailable: "Y" | "N" | "T" | null;
  row: DocumentRow;
}

function toReconDocument(row: DocumentRow): ReconDocument {
  return {
    id: row.id,
    side: row.side,
    gstin: row.supplier_gstin,
    number: row.number,
    date: row.date,
    pos: row.pos,
    reverseCharge: row.reverse_charge === 1,
    taxablePaise: Number(row.taxable_paise),
    igstPaise: Number(row.igst_paise),
    cgstPaise: Number(row.cgst_paise),
    sgstPaise: Number(row.sgst_paise),
    cessPaise: Number(row.cess_paise),
    itcAvailable: row.itc_available,
    row,
  };
}

export interface ReconciledPeriod {
  rows: ReconRow[];
  bills: Map<string, PurchaseRegisterRow>;
  reconBills: Map<string, ReconParty>;
  documents: Map<string, ReconDocument>;
}

/**
 * Matching of one period without a caller (the caller's access is checked before): the bills of
 * the period, the 2B documents of its months, and whatever the user linked across periods.
 */
export async function reconcilePeriod(
  db: Kysely<Database>,
  organisationId: string,
  year: string,
  startDate: string,
  endDate: string,
): Promise<ReconciledPeriod> {
  const [vouchers, documentRows] = await Promise.all([
    listPurchaseVouchers(db, organisationId, year, INWARD_TYPES, startDate, endDate),
    listDocumentsOfMonths(db, organisationId, startDate, endDate),
  ]);
  const bills = new Map(vouchers.map((row) => [row.id, toRegisterRow(row)]));
  const documents = new Map(documentRows.map((row) => [row.id, toReconDocument(row)]));
  // Links across periods: bills of other periods linked from these documents, and documents of
  // other months linked to these bills.
  const missingBills = documentRows
    .filter((row) => row.link_entry_id && row.link_kind !== "rejected")
    .map((row) => row.link_entry_id as string)
    .filter((id) => !bills.has(id));
  if (missingBills.length > 0) {
    for (const row of await findPurchaseVouchers(db, organisationId, INWARD_TYPES, missingBills)) {
      bills.set(row.id, toRegisterRow(row));
    }
  }
  for (const row of await listDocumentsLinkedTo(db, organisationId, [...bills.keys()])) {
    if (!documents.has(row.id)) documents.set(row.id, toReconDocument(row));
  }
  const reconBills = new Map<string, ReconParty>();
  for (const bill of bills.values()) {
    const party = toReconBill(bill);
    if (party) reconBills.set(bill.entryId, party);
  }
  const links: ReconLink[] = [];
  for (const document of documents.values()) {
    const { link_entry_id: entryId, link_kind: kind } = document.row;
    if (entryId && kind) links.push({ documentId: document.id, entryId, kind });
  }
  let rows = reconcile([...reconBills.values()], [...documents.values()], links);
  const openCredit = new Set<string>();
  for (const row of rows) {
    const document = row.documentId ? documents.get(row.documentId) : undefined;
    if (row.status === "missingInBooks" && document?.side === "credit" && document.gstin) {
      openCredit.add(document.gstin);
    }
  }
  if (openCredit.size > 0) {
    const earlier = await earlierOpenNotes(db, organisationId, startDate, openCredit, bills);
    if (earlier.size > 0) {
      const parties = [...earlier.values()].map((note) => note.party);
      rows = reconcile([...reconBills.values()], [...documents.values()], links, parties);
      // The notes suggested become rows of this period; the others are not shown.
      for (const row of rows) {
        const note = row.entryId ? earlier.get(row.entryId) : undefined;
        if (!note) continue;
        reconBills.set(note.party.id, note.party);
        bills.set(note.party.id, note.register);
      }
    }
  }
  return { rows, bills, reconBills, documents };
}

/**
 * The books' notes of earlier periods that a credit note of this period's 2B may be suggested
 * with (issue 35: a supplier's credit note reaches 2B months after the debit note was booked):
 * dated from the start of the previous financial year to the day before the period, of the
 * suppliers with credit notes still open, and not already paired in their own months — linked by
 * the user to any 2B document, or matched or suggested with a credit note of 2B of those months.
 */
async function earlierOpenNotes(
  db: Kysely<Database>,
  organisationId: string,
  startDate: string,
  gstins: ReadonlySet<string>,
  current: ReadonlyMap<string, PurchaseRegisterRow>,
): Promise<Map<string, { party: ReconParty; register: PurchaseRegisterRow }>> {
  const year = financialYearOf(startDate);
  const previous = previousFinancialYear(year);
  const from = financialYearRange(previous).startDate;
  const to = addDays(startDate, -1);
  const [previousYear, thisYear, creditRows] = await Promise.all([
    listPurchaseVouchers(
      db,
      organisationId,
      previous,
      INWARD_NOTE_TYPES,
      from,
      financialYearRange(previous).endDate,
    ),
    listPurchaseVouchers(
      db,
      organisationId,
      year,
      INWARD_NOTE_TYPES,
      financialYearRange(year).startDate,
      to,
    ),
    listCreditDocumentsOfMonths(db, organisationId, from, to),
  ]);
  const notes = new Map<string, { party: ReconParty; register: PurchaseRegisterRow }>();
  for (const row of [...previousYear, ...thisYear]) {
    if (current.has(row.id)) continue;
    const register = toRegisterRow(row);
    const party = toReconBill(register);
    if (party?.gstin && gstins.has(party.gstin)) notes.set(party.id, { party, register });
  }
  if (notes.size === 0) return notes;
  for (const row of await listDocumentsLinkedTo(db, organisationId, [...notes.keys()])) {
    if (row.link_entry_id) notes.delete(row.link_entry_id);
  }
  // Their own months' 2B, matched as those months are: a note paired there is not offered here.
  const earlierDocuments = creditRows.map(toReconDocument);
  const earlierLinks: ReconLink[] = creditRows
    .filter((row) => row.link_entry_id && row.link_kind)
    .map((row) => ({
      documentId: row.id,
      entryId: row.link_entry_id as string,
      kind: row.link_kind as ReconLink["kind"],
    }));
  const parties = [...notes.values()].map((note) => note.party);
  for (const row of reconcile(parties, earlierDocuments, earlierLinks)) {
    if (row.entryId && row.documentId) notes.delete(row.entryId);
  }
  return notes;
}

/**
 * ITC as per 2B, matched only (for GSTR-3B table 4): the credit of the period's Matched pairs,
 * in paise (reconcile.ts matchedItc). The caller checks access first.
 */
export async function matchedItcForPeriod(
  db: Kysely<Database>,
  organisationId: string,
  startDate: string,
  endDate: string,
): Promise<ItcTotals> {
  const period = await reconcilePeriod(
    db,
    organisationId,
    financialYearOf(startDate),
    startDate,
    endDate,
  );
  return matchedItc(period.rows, period.reconBills, period.documents);
}

type Amounts = { igst: number; cgst: number; sgst: number; cess: number };
const zero = (): Amounts => ({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
function addTaxes(totals: Amounts, party: ReconParty | undefined) {
  if (!party) return;
  const sign = party.side === "credit" ? -1 : 1;
  totals.igst += sign * party.igstPaise;
  totals.cgst += sign * party.cgstPaise;
  totals.sgst += sign * party.sgstPaise;
  totals.cess += sign * party.cessPaise;
}
const rupeesOf = (amounts: Amounts) => ({
  igst: paiseToRupees(amounts.igst),
  cgst: paiseToRupees(amounts.cgst),
  sgst: paiseToRupees(amounts.sgst),
  cess: paiseToRupees(amounts.cess),
});

function presentParty(party: ReconParty) {
  return {
    number: party.number,
    date: party.date,
    pos: party.pos,
    reverseCharge: party.reverseCharge,
    taxableValue: paiseToRupees(party.taxablePaise),
    igst: paiseToRupees(party.igstPaise),
    cgst: paiseToRupees(party.cgstPaise),
    sgst: paiseToRupees(party.sgstPaise),
    cess: paiseToRupees(party.cessPaise),
  };
}

const DIFFERENCE_TITLES: Readonly<Record<DifferenceField, string>> = {
  pos: "Place of supply",
  reverseCharge: "Reverse charge",
  taxableValue: "Taxable value",
  igst: "IGST",
  cgst: "CGST",
  sgst: "SGST",
  cess: "Cess",
};

function presentReconRow(period: ReconciledPeriod, row: ReconRow) {
  const bill = row.entryId ? period.bills.get(row.entryId) : undefined;
  const reconBill = row.entryId ? period.reconBills.get(row.entryId) : undefined;
  const document = row.documentId ? period.documents.get(row.documentId) : undefined;
  return {
    status: row.status,
    statusTitle: MATCH_STATUS_TITLES[row.status],
    differences: row.differences,
    differencesText: row.differences.map((field) => DIFFERENCE_TITLES[field]).join(", "),
    suggestedBy: row.suggestedBy,
    linkKind: row.linkKind,
    supplierGstin: document?.gstin ?? bill?.gstin ?? null,
    supplierName: bill?.supplierName || document?.row.supplier_name || "",
    side: document?.side ?? bill?.side ?? "invoice",
    entryId: row.entryId,
    documentId: row.documentId,
    bill:
      bill && reconBill
        ? {
            ...presentParty(reconBill),
            transactionType: bill.voucherType,
            supplierName: bill.supplierName,
            value: paiseToRupees(bill.valuePaise),
          }
        : null,
    document: document
      ? {
          ...presentParty(document),
          section: document.row.section,
          sectionTitle: GSTR2B_SECTION_TITLES[document.row.section as Gstr2bSection] ?? "",
          supplierName: document.row.supplier_name,
          documentType: document.row.document_type,
          value: paiseToRupees(Number(document.row.value_paise)),
          itcAvailable: document.itcAvailable,
          itcReason: document.row.itc_reason,
          imsAction: document.row.ims_action,
          returnPeriod: `${document.row.start_date.slice(5, 7)}${document.row.start_date.slice(0, 4)}`,
        }
      : null,
  };
}

/** The supplier a row is about, for the supplier filter. */
function describeSupplier(period: ReconciledPeriod, row: ReconRow) {
  const bill = row.entryId ? period.bills.get(row.entryId) : undefined;
  const document = row.documentId ? period.documents.get(row.documentId) : undefined;
  return {
    supplierGstin: document?.gstin ?? bill?.gstin ?? null,
    supplierName: bill?.supplierName || document?.row.supplier_name || "",
  };
}

function matchesSupplier(
  row: { supplierGstin: string | null; supplierName: string },
  supplier: string | undefined,
) {
  if (!supplier) return true;
  const needle = supplier.toLowerCase();
  return (
    (row.supplierGstin ?? "").toLowerCase().includes(needle) ||
    row.supplierName.toLowerCase().includes(needle)
  );
}

const DIFFERENCE_COLUMNS: ExportColumn[] = [
  { key: "gstin", label: "Supplier GSTIN", kind: "text" },
  { key: "supplier", label: "Supplier", kind: "text" },
  { key: "status", label: "Status", kind: "text" },
  { key: "differences", label: "Differences", kind: "text" },
  { key: "billNumber", label: "Bill No. (books)", kind: "text" },
  { key: "billDate", label: "Bill Date (books)", kind: "date" },
  { key: "documentNumber", label: "Document No. (2B)", kind: "text" },
  { key: "documentDate", label: "Document Date (2B)", kind: "date" },
  { key: "booksTaxable", label: "Taxable (books)", kind: "amount" },
  { key: "twoBTaxable", label: "Taxable (2B)", kind: "amount" },
  { key: "booksTax", label: "Tax (books)", kind: "amount" },
  { key: "twoBTax", label: "Tax (2B)", kind: "amount" },
  { key: "taxDifference", label: "Tax Difference", kind: "amount" },
];

const totalTax = (party: ReconParty | undefined) =>
  party ? party.igstPaise + party.cgstPaise + party.sgstPaise + party.cessPaise : 0;

/**
 * GET /gstr2/reconciliation: each bill and 2B document of the period in its status, with totals
 * of ITC by status; `format=excel` gives the supplier-wise differences (every row not Matched)
 * to send to suppliers.
 */
export async function readReconciliation(
  db: Kysely<Database>,
  caller: Caller,
  query: PeriodQuery & {
    status?: MatchStatus | undefined;
    supplier?: string | undefined;
    skip: number;
    limit: number;
    format: "json" | "excel";
  },
  reply: FastifyReply,
) {
  const { access, period } = await requireGstr2Access(db, caller, query, "view");
  const organisationId = access.organisation.id;
  const [reconciled, imports] = await Promise.all([
    reconcilePeriod(db, organisationId, query.year, period.startDate, period.endDate),
    listImportsOfMonths(db, organisationId, period.startDate, period.endDate),
  ]);
  const supplierRows = reconciled.rows.filter((row) =>
    matchesSupplier(describeSupplier(reconciled, row), query.supplier),
  );
  if (query.format === "excel") {
    const differing = supplierRows
      .map((row) => presentReconRow(reconciled, row))
      .filter((row) => row.status !== "matched" && (!query.status || row.status === query.status))
      .sort(
        (a, b) =>
          compareText(a.supplierGstin, b.supplierGstin) ||
          MATCH_STATUSES.indexOf(a.status) - MATCH_STATUSES.indexOf(b.status),
      );
    return sendReportFile(reply, {
      organisationId: access.organisation.id,
      organisationName: access.organisation.name,
      title: "GSTR-2B Differences by Supplier",
      subtitle: describeRange(period.startDate, period.endDate),
      columns: DIFFERENCE_COLUMNS,
      rows: differing.map((row): Record<string, ExportCell> => {
        const bill = row.entryId ? reconciled.reconBills.get(row.entryId) : undefined;
        const document = row.documentId ? reconciled.documents.get(row.documentId) : undefined;
        return {
          gstin: row.supplierGstin,
          supplier: row.supplierName,
          status: row.statusTitle,
          differences: row.differencesText || null,
          billNumber: bill?.number ?? null,
          billDate: bill?.date ?? null,
          documentNumber: document?.number ?? null,
          documentDate: document?.date ?? null,
          booksTaxable: bill ? bill.taxablePaise : null,
          twoBTaxable: document ? document.taxablePaise : null,
          booksTax: bill ? totalTax(bill) : null,
          twoBTax: document ? totalTax(document) : null,
          taxDifference: totalTax(document) - totalTax(bill),
        };
      }),
      format: "excel",
      fileSuffix: period.fp,
    });
  }
  const totals = MATCH_STATUSES.map((status) => {
    const books = zero();
    const twoB = zero();
    let count = 0;
    for (const row of supplierRows) {
      if (row.status !== status) continue;
      count += 1;
      addTaxes(books, row.entryId ? reconciled.reconBills.get(row.entryId) : undefined);
      addTaxes(twoB, row.documentId ? reconciled.documents.get(row.documentId) : undefined);
    }
    return {
      status,
      title: MATCH_STATUS_TITLES[status],
      count,
      books: rupeesOf(books),
      gstr2b: rupeesOf(twoB),
    };
  });
  const rows = query.status
    ? supplierRows.filter((row) => row.status === query.status)
    : supplierRows;
  return {
    startDate: period.startDate,
    endDate: period.endDate,
    fp: period.fp,
    imports: imports.map((row) => ({
      returnPeriod: row.return_period,
      startDate: row.start_date,
      generatedOn: row.generated_on,
      fileName: row.file_name,
      documentCount: Number(row.document_count),
      importedAt: row.imported_at,
    })),
    rows: rows
      .slice(query.skip, query.skip + query.limit)
      .map((row) => presentReconRow(reconciled, row)),
    count: rows.length,
    totals,
    matchedItc: rupeesOf(matchedItc(reconciled.rows, reconciled.reconBills, reconciled.documents)),
  };
}

// ---------------------------------------------------------------------------------------------
// Link, unlink, accept

interface LinkInput {
  organisationId: string;
  entryId: string;
  documentId: string;
}

async function readPair(db: Kysely<Database>, caller: Caller, input: LinkInput) {
  const access = await requireAccess(db, caller, input.organisationId, "edit");
  const organisationId = access.organisation.id;
  const [document, entries] = await Promise.all([
    findDocument(db, organisationId, input.documentId),
    findPurchaseVouchers(db, organisationId, INWARD_TYPES, [input.entryId]),
  ]);
  if (!document) throw badRequest(GSTR2_MESSAGES.documentNotFound);
  const entry = entries[0];
  if (!entry) throw badRequest(GSTR2_MESSAGES.entryNotFound);
  return { access, document, entry };
}

async function savePair(
  db: Kysely<Database>,
  caller: Caller,
  input: LinkInput,
  kind: "manual" | "accepted",
) {
  const { access, document, entry } = await readPair(db, caller, input);
  if (inwardSide(entry.type) !== document.side) throw badRequest(GSTR2_MESSAGES.wrongSide);
  const organisationId = access.organisation.id;
  await db.transaction().execute(async (trx) => {
    const holder = await findDocumentLinkedTo(trx, organisationId, entry.id);
    if (holder && holder.id !== document.id) {
      throw badRequest(GSTR2_MESSAGES.alreadyLinked(holder.number));
    }
    await updateDocumentLink(trx, organisationId, document.id, {
      link_entry_id: entry.id,
      link_kind: kind,
      linked_at: nowIso(),
      linked_by: access.userId,
    });
    await writeAuditLog(trx, {
      organisationId,
      userId: access.userId,
      action: kind === "manual" ? "link" : "accept",
      entityType: "gstr2b",
      entityId: document.id,
      summary: `${kind === "manual" ? "Linked" : "Accepted"} GSTR-2B document ${document.number} of ${document.supplier_gstin ?? "customs"} with bill ${entry.number}.`,
    });
  });
  return {
    success: true,
    message:
      kind === "manual"
        ? `Bill ${entry.number} linked to ${document.number}.`
        : `Bill ${entry.number} accepted as matching ${document.number}.`,
  };
}

export function linkPair(db: Kysely<Database>, caller: Caller, input: LinkInput) {
  return savePair(db, caller, input, "manual");
}

export function acceptPair(db: Kysely<Database>, caller: Caller, input: LinkInput) {
  return savePair(db, caller, input, "accepted");
}

/**
 * Unlink: the pair, whether the user made it or matching did, is parted and never made again
 * automatically; the two are then matched afresh with everything else.
 */
export async function unlinkPair(db: Kysely<Database>, caller: Caller, input: LinkInput) {
  const { access, document, entry } = await readPair(db, caller, input);
  const organisationId = access.organisation.id;
  // A document the user linked to another bill keeps that link: this pair is not one.
  const linkedElsewhere =
    document.link_entry_id !== null &&
    document.link_entry_id !== entry.id &&
    (document.link_kind === "manual" || document.link_kind === "accepted");
  if (linkedElsewhere) throw badRequest(GSTR2_MESSAGES.notLinked);
  await db.transaction().execute(async (trx) => {
    await updateDocumentLink(trx, organisationId, document.id, {
      link_entry_id: entry.id,
      link_kind: "rejected",
      linked_at: nowIso(),
      linked_by: access.userId,
    });
    await writeAuditLog(trx, {
      organisationId,
      userId: access.userId,
      action: "unlink",
      entityType: "gstr2b",
      entityId: document.id,
      summary: `Unlinked GSTR-2B document ${document.number} from bill ${entry.number}.`,
    });
  });
  return { success: true, message: `Bill ${entry.number} unlinked from ${document.number}.` };
}
