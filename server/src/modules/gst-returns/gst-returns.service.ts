import {
  type AmendedDocument,
  b2csBucketsOf,
  buildDocIssueRows,
  buildGstr1AmendmentJson,
  buildGstr1Amendments,
  buildGstr1Json,
  buildGstr1Sections,
  buildHsnRows,
  buildNilRows,
  carriedAmendmentSections,
  carriedAmendments,
  carriedRows,
  carriedSections,
  type DeletedNumber,
  type DocumentRow,
  type DocumentSection,
  documentRowOf,
  emptyGstr1Sections,
  endOfMonth,
  filingTooEarlyReason,
  financialYearOf,
  findB2csWarnings,
  findGstr1Warnings,
  findIffLimitWarnings,
  GSTR1_AMENDMENT_SECTIONS,
  GSTR1_SECTION_TITLES,
  type GstReturnKind,
  type Gstr1AmendmentSection,
  type Gstr1Amendments,
  type Gstr1Json,
  type Gstr1Section,
  type Gstr1Sections,
  getVoucherDefinition,
  hsnSumsOfTotals,
  isHsnSplitPeriod,
  isDocumentSection as isReturnDocumentSection,
  nilSumsOfTotals,
  paiseToRupees,
  RETURN_SECTION_TITLES,
  type ReturnDocument,
  type ReturnPeriod,
  type ReturnSection,
  type ReturnWarning,
  readReturnPeriod,
  readStoredDocument,
  requiredHsnDigits,
  returnDocumentOf,
  type SectionTotals,
  sectionTotalsOf,
  stateCodeFromGstin,
  todayCivil,
  totalSection,
  type VoucherType,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import {
  type OrganisationAccess,
  requireOrganisationAccess,
} from "../access/organisation-access.ts";
import { writeAuditLog } from "../audit/audit.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { findReturnFilings, lockMonthsForTypes } from "../lock-periods/lock-periods.service.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { readGstReturnSettings } from "../organisations/settings.service.ts";
import {
  ensureReturnFacts,
  listDocumentNumbers,
  listKeptDocumentPage,
  listWarningCandidates,
  OUTWARD_TYPES,
  readReturnDocuments as readKeptDocuments,
  readSums,
  sumHsnRows,
  toReturnDocuments,
} from "../return-facts/return-facts.service.ts";
import { readFilingStatus } from "./filing-status.ts";
import {
  findFilingsBefore,
  findInvoicesByIds,
  insertFiling,
  listCancelledGstins,
  listDeletedNumbers,
  listLiveVouchers,
  listVouchersEditedIn,
  listVoucherVersions,
} from "./gst-returns.repository.ts";

/** The types GSTR-1 and IFF read: the registry's outward supplies and notes (DESIGN.md 10). */
export { OUTWARD_TYPES };

export const RETURN_MESSAGES = {
  notRegistered: "GST returns are only for GST-registered organisations with a GSTIN.",
  hasErrors: (count: number) =>
    `The return has ${count} error${count === 1 ? "" : "s"} to fix before the file can be made.`,
  alreadyFiled: "This period is already marked as filed.",
  unknownSection: "Unknown section.",
} as const;

export interface ReturnQuery {
  organisationId: string;
  year: string;
  startDate: string;
  endDate: string;
}

/** What every GSTR-1 / IFF call computes first: the period's documents, sections and warnings. */
export interface ReturnBook {
  kind: GstReturnKind;
  access: OrganisationAccess;
  gstin: string;
  period: ReturnPeriod;
  documents: ReturnDocument[];
  sections: Gstr1Sections;
  warnings: ReturnWarning[];
  /** The sections this return carries (IFF: b2b and cdnr). */
  carried: readonly Gstr1Section[];
  /** Documents of filed periods edited in this one, in their amendment sections. */
  amendments: Gstr1Amendments;
  /** The same documents with the versions filed and last reported (GSTR-3B's differences). */
  amended: AmendedDocument[];
  amendedDocuments: Map<string, ReturnDocument>;
  carriedAmendments: readonly Gstr1AmendmentSection[];
  /** B2C small of each original month an amendment touches, as it stands now (b2csa). */
  originalMonths: Map<string, { documents: ReturnDocument[]; sections: Gstr1Sections }>;
}

export type VoucherRow = {
  id: string;
  type: string;
  date: string;
  number: string;
  party_name: string | null;
  amount_paise: number;
  document: string;
};

/** A saved version of a voucher as a row of the return: its number, date and value as then. */
export function versionRow(row: VoucherRow, versionDocument: string): VoucherRow {
  const stored = readStoredDocument(row.type, versionDocument);
  return {
    id: row.id,
    type: row.type,
    date: stored.date || row.date,
    number: stored.number || row.number,
    party_name: stored.partyName ?? row.party_name,
    amount_paise:
      typeof stored.json.totalAmount === "number" ? stored.totalPaise : Number(row.amount_paise),
    document: versionDocument,
  };
}

/** Stored vouchers as the return reads them, with the invoices their notes settle. */
export async function readVoucherReturnDocuments(
  db: Kysely<Database>,
  organisationId: string,
  rows: readonly VoucherRow[],
): Promise<ReturnDocument[]> {
  const parsed = rows.map((row) => {
    const facts = getVoucherDefinition(row.type as VoucherType).gstReturn;
    const stored = readStoredDocument(row.type, row.document);
    const invoiceIds =
      facts.role === "outwardNote"
        ? stored.billWise.flatMap((entry) => (entry.entryId ? [entry.entryId] : []))
        : [];
    return { row, facts, stored, invoiceIds };
  });
  const invoices = new Map(
    (
      await findInvoicesByIds(db, organisationId, [
        ...new Set(parsed.flatMap((entry) => entry.invoiceIds)),
      ])
    ).map((invoice) => [invoice.id, invoice]),
  );
  return parsed.map(({ row, facts, stored, invoiceIds }) =>
    returnDocumentOf(
      {
        id: row.id,
        type: row.type,
        date: row.date,
        number: row.number,
        partyName: row.party_name,
        amountPaise: Number(row.amount_paise),
      },
      stored,
      {
        role: facts.role as "outwardSupply" | "outwardNote",
        noteType: facts.noteType,
        table13Nature: facts.table13Nature,
      },
      invoiceIds.flatMap((id) => {
        const invoice = invoices.get(id);
        return invoice
          ? [
              {
                number: invoice.number,
                date: invoice.date,
                totalPaise: Number(invoice.amount_paise),
              },
            ]
          : [];
      }),
    ),
  );
}

/**
 * Vouchers of a filed period saved again after its filing and within this period (issue 19),
 * with the number and date they were filed under (the version current at the filing).
 */
async function readAmendedDocuments(
  db: Kysely<Database>,
  organisationId: string,
  period: ReturnPeriod,
): Promise<AmendedDocument[]> {
  // Only a filed period has amendments: without a filing before this period nothing is read, and
  // with one only the filed periods' dates are searched.
  const filings = await findFilingsBefore(db, organisationId, period.startDate);
  if (filings.length === 0) return [];
  const candidates = await listVouchersEditedIn(db, organisationId, OUTWARD_TYPES, {
    fromDate: filings.map((filing) => filing.start_date).sort()[0] as string,
    toDate: filings
      .map((filing) => filing.end_date)
      .sort()
      .at(-1) as string,
    editedFrom: period.startDate,
    editedTo: period.endDate,
  });
  const filedAt = (date: string) =>
    filings
      .filter((filing) => filing.start_date <= date && date <= filing.end_date)
      .map((filing) => filing.filed_at)
      .sort()[0];
  const edited = candidates.filter((row) => {
    const at = filedAt(row.date);
    return at !== undefined && row.updated_at > at;
  });
  if (edited.length === 0) return [];
  const versions = await listVoucherVersions(
    db,
    organisationId,
    edited.map((row) => row.id),
  );
  const documents = await readVoucherReturnDocuments(db, organisationId, edited);
  // The version the portal last knew (GSTR-3B adds amended − reported): the one current at the
  // original filing, or a later one saved before this period began (reported as an amendment in
  // that period's GSTR-1).
  const reportedRows: (VoucherRow | null)[] = edited.map((row) => {
    const at = filedAt(row.date) as string;
    const version = versions
      .filter(
        (entry) =>
          entry.voucher_id === row.id &&
          (entry.created_at <= at || entry.created_at < period.startDate),
      )
      .at(-1);
    return version ? versionRow(row, version.document) : null;
  });
  const present = reportedRows.filter((row): row is VoucherRow => row !== null);
  const reportedDocuments = new Map(
    (await readVoucherReturnDocuments(db, organisationId, present)).map((document) => [
      document.entryId,
      document,
    ]),
  );
  return documents.map((document, index) => {
    const row = edited[index] as (typeof edited)[number];
    const at = filedAt(row.date) as string;
    const filed = versions
      .filter((version) => version.voucher_id === row.id && version.created_at <= at)
      .at(-1);
    const stored = filed ? readStoredDocument(row.type, filed.document) : null;
    const number = stored?.number || row.number;
    const date = stored?.date || row.date;
    return {
      document,
      original: { number, date },
      reported: reportedDocuments.get(row.id) ?? null,
    };
  });
}

/** What every call checks first: rights, a GSTIN, the period; then the period's facts are made current. */
export interface ReturnHeader {
  kind: GstReturnKind;
  access: OrganisationAccess;
  gstin: string;
  period: ReturnPeriod;
  previousYearTurnoverPaise: number;
  carried: readonly Gstr1Section[];
  carriedAmendments: readonly Gstr1AmendmentSection[];
}

export async function readReturnHeader(
  db: Kysely<Database>,
  caller: Caller,
  kind: GstReturnKind,
  query: ReturnQuery,
): Promise<ReturnHeader> {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "rights",
    subjects: OUTWARD_TYPES,
    action: "view",
  });
  const organisation = access.organisation;
  const gstin = organisation.gstin;
  if (organisation.gst_registered !== 1 || !gstin || stateCodeFromGstin(gstin) === null) {
    throw badRequest(RETURN_MESSAGES.notRegistered);
  }
  const settings = readGstReturnSettings(organisation);
  const read = readReturnPeriod({
    year: query.year,
    startDate: query.startDate,
    endDate: query.endDate,
    kind,
    frequency: settings.gstFilingFrequency,
  });
  if (!read.ok) throw badRequest(read.message, [{ path: "startDate", message: read.message }]);
  const { period } = read;
  await ensureReturnFacts(db, organisation.id, gstin, period.startDate, period.endDate);
  return {
    kind,
    access,
    gstin,
    period,
    previousYearTurnoverPaise: settings.previousYearTurnoverPaise,
    carried: carriedSections(kind),
    carriedAmendments: carriedAmendmentSections(kind),
  };
}

/** The period's amendments (documents of filed periods saved again in it), in the carried sections. */
export async function readAmendments(db: Kysely<Database>, header: ReturnHeader) {
  const amended = await readAmendedDocuments(db, header.access.organisation.id, header.period);
  const amendments = carriedAmendments(
    header.kind,
    buildGstr1Amendments(amended, { gstin: header.gstin, fp: header.period.fp }),
  );
  return { amended, amendments };
}

function readDeletedNumbers(db: Kysely<Database>, organisationId: string, header: ReturnHeader) {
  return listDeletedNumbers(
    db,
    organisationId,
    financialYearOf(header.period.startDate),
    OUTWARD_TYPES,
    header.period.startDate,
    header.period.endDate,
  ).then((rows) =>
    rows.flatMap((row): DeletedNumber[] => {
      const nature = getVoucherDefinition(row.type as VoucherType).gstReturn.table13Nature;
      return nature === null
        ? []
        : [{ voucherType: row.type, table13Nature: nature, number: row.number, date: row.date }];
    }),
  );
}

/** The whole book (the file, the workbook, GSTR-3B): every document of the period, parsed once. */
export async function readReturnBook(
  db: Kysely<Database>,
  caller: Caller,
  kind: GstReturnKind,
  query: ReturnQuery,
): Promise<ReturnBook> {
  const header = await readReturnHeader(db, caller, kind, query);
  const { access, gstin, period, carried, carriedAmendments } = header;
  const organisation = access.organisation;
  const [documents, deleted, cancelled] = await Promise.all([
    readKeptDocuments(db, organisation.id, period.startDate, period.endDate),
    readDeletedNumbers(db, organisation.id, header),
    listCancelledGstins(db, organisation.id),
  ]);
  const all = buildGstr1Sections(documents, deleted, { gstin, fp: period.fp });
  // IFF carries B2B invoices and notes only: the other sections, and their documents' warnings,
  // belong to the quarterly GSTR-1.
  const sections = carriedRows(kind, all);
  const carriedIds = new Set([...sections.b2b, ...sections.cdnr].map((row) => row.entryId));
  const reported =
    kind === "iff" ? documents.filter((document) => carriedIds.has(document.entryId)) : documents;
  const warnings = findGstr1Warnings(reported, sections, {
    gstin,
    previousYearTurnoverPaise: header.previousYearTurnoverPaise,
    gstinCancelledOn: new Map(
      cancelled.map((account) => [account.gstin as string, account.gst_cancel_date as string]),
    ),
    iff: kind === "iff",
  });
  const { amended, amendments } = await readAmendments(db, header);
  const originalMonths = await readOriginalMonths(db, header, amendments);
  return {
    kind,
    access,
    gstin,
    period,
    documents,
    sections,
    warnings,
    carried,
    amendments,
    amended,
    amendedDocuments: new Map(amended.map(({ document }) => [document.entryId, document])),
    carriedAmendments,
    originalMonths,
  };
}

/**
 * B2C small of each original month a b2csa amendment touches, as it stands now (its documents and
 * sections): few months, read only when such an amendment exists.
 */
export async function readOriginalMonths(
  db: Kysely<Database>,
  header: ReturnHeader,
  amendments: Gstr1Amendments,
): Promise<Map<string, { documents: ReturnDocument[]; sections: Gstr1Sections }>> {
  const organisationId = header.access.organisation.id;
  const originalMonths = new Map<
    string,
    { documents: ReturnDocument[]; sections: Gstr1Sections }
  >();
  for (const omon of new Set(amendments.b2csa.map((row) => row.originalMonth))) {
    const monthStart = `${omon.slice(2)}-${omon.slice(0, 2)}-01`;
    const monthRows = await listLiveVouchers(
      db,
      organisationId,
      financialYearOf(monthStart),
      OUTWARD_TYPES,
      monthStart,
      endOfMonth(monthStart),
    );
    const monthDocuments = await readVoucherReturnDocuments(db, organisationId, monthRows);
    originalMonths.set(omon, {
      documents: monthDocuments,
      sections: buildGstr1Sections(monthDocuments, [], { gstin: header.gstin, fp: omon }),
    });
  }
  return originalMonths;
}

export const EMPTY_SECTIONS: Gstr1Sections = emptyGstr1Sections();

const isDocumentSection = (type: Gstr1Section): type is DocumentSection =>
  isReturnDocumentSection(type);

/**
 * Table 8, 12 and 13 of the period from the saved facts (decision 056): small, so built whole;
 * the document sections stay empty (they are counted and paged in SQL).
 */
export async function readSummarySections(
  db: Kysely<Database>,
  header: ReturnHeader,
  wanted: readonly Gstr1Section[],
  withDescriptions: boolean,
): Promise<Gstr1Sections> {
  const organisationId = header.access.organisation.id;
  const { period } = header;
  const sections: Gstr1Sections = { ...EMPTY_SECTIONS };
  if (wanted.includes("nil")) {
    sections.nil = buildNilRows(nilSumsOfTotals(await readSums(db, organisationId, period, "nil")));
  }
  if (wanted.includes("hsn")) {
    // The page: each row's description is its first line's, read from the lines; the counts: the
    // months' kept sums (no descriptions). Both through buildHsnRows, as from the documents.
    const sums = withDescriptions
      ? await sumHsnRows(db, organisationId, period, isHsnSplitPeriod(period.fp), true)
      : hsnSumsOfTotals(await readSums(db, organisationId, period, "hsn"));
    sections.hsn = buildHsnRows(sums, period.fp);
  }
  if (wanted.includes("doc_issue")) {
    const [numbers, deleted] = await Promise.all([
      listDocumentNumbers(db, organisationId, period),
      readDeletedNumbers(db, organisationId, header),
    ]);
    sections.doc_issue = buildDocIssueRows(
      numbers.map((row) => ({
        table13Nature: row.nature === null ? null : Number(row.nature),
        number: row.number,
      })),
      deleted,
    );
  }
  return sections;
}

function zeroTotals(): SectionTotals {
  return {
    count: 0,
    valuePaise: 0,
    taxablePaise: 0,
    igstPaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    cessPaise: 0,
  };
}

/** Count and signed totals of each document section, summed in SQL. */
export async function readDocumentTotals(db: Kysely<Database>, header: ReturnHeader) {
  const totals = sectionTotalsOf(
    await readSums(db, header.access.organisation.id, header.period, "section"),
  );
  return (section: DocumentSection) => totals.get(section) ?? zeroTotals();
}

/**
 * The warnings, as findGstr1Warnings gives them for the whole period, from the documents that can
 * have one (decision 056): the rest pass every check.
 */
export async function readWarnings(
  db: Kysely<Database>,
  header: ReturnHeader,
  b2bValuePaise: number,
): Promise<ReturnWarning[]> {
  const organisationId = header.access.organisation.id;
  const iff = header.kind === "iff";
  const cancelled = await listCancelledGstins(db, organisationId);
  const candidates = await toReturnDocuments(
    db,
    organisationId,
    await listWarningCandidates(db, organisationId, header.period, {
      gstin: header.gstin,
      cancelledGstins: cancelled.map((account) => account.gstin as string),
      hsnDigits: requiredHsnDigits(header.previousYearTurnoverPaise),
      ...(iff ? { sections: header.carried } : {}),
    }),
  );
  const warnings = findGstr1Warnings(candidates, EMPTY_SECTIONS, {
    gstin: header.gstin,
    previousYearTurnoverPaise: header.previousYearTurnoverPaise,
    gstinCancelledOn: new Map(
      cancelled.map((account) => [account.gstin as string, account.gst_cancel_date as string]),
    ),
  });
  if (iff) return [...warnings, ...findIffLimitWarnings(b2bValuePaise)];
  const buckets = b2csBucketsOf(await readSums(db, organisationId, header.period, "b2cs"));
  return [...warnings, ...findB2csWarnings(buckets)];
}

function totalAmendments(rows: readonly DocumentRow[]): SectionTotals {
  const totals: SectionTotals = {
    count: 0,
    valuePaise: 0,
    taxablePaise: 0,
    igstPaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    cessPaise: 0,
  };
  for (const row of rows) {
    totals.count += 1;
    totals.valuePaise += row.sign * row.valuePaise;
    totals.taxablePaise += row.sign * row.taxablePaise;
    totals.igstPaise += row.sign * row.igstPaise;
    totals.cgstPaise += row.sign * row.cgstPaise;
    totals.sgstPaise += row.sign * row.sgstPaise;
    totals.cessPaise += row.sign * row.cessPaise;
  }
  return totals;
}

function isAmendmentSection(type: ReturnSection): type is Gstr1AmendmentSection {
  return (GSTR1_AMENDMENT_SECTIONS as readonly string[]).includes(type);
}

function presentTotals(totals: SectionTotals) {
  return {
    count: totals.count,
    value: paiseToRupees(totals.valuePaise),
    taxableValue: paiseToRupees(totals.taxablePaise),
    igst: paiseToRupees(totals.igstPaise),
    cgst: paiseToRupees(totals.cgstPaise),
    sgst: paiseToRupees(totals.sgstPaise),
    cess: paiseToRupees(totals.cessPaise),
  };
}

/** The counts call: every section's count and totals, the warnings, the filing if any. */
export async function readReturnCounts(
  db: Kysely<Database>,
  caller: Caller,
  kind: GstReturnKind,
  query: ReturnQuery,
) {
  const header = await readReturnHeader(db, caller, kind, query);
  const [documentTotals, summary, { amendments }, filings] = await Promise.all([
    readDocumentTotals(db, header),
    readSummarySections(db, header, header.carried, false),
    readAmendments(db, header),
    findReturnFilings(db, query.organisationId, header.period.startDate, header.period.endDate),
  ]);
  const warnings = await readWarnings(db, header, documentTotals("b2b").valuePaise);
  const filing = filings.find(
    (row) =>
      row.return_kind === kind &&
      row.start_date === header.period.startDate &&
      row.end_date === header.period.endDate,
  );
  const sections = [
    ...header.carried.map((type) => ({
      type: type as ReturnSection,
      title: GSTR1_SECTION_TITLES[type],
      ...presentTotals(
        isDocumentSection(type) ? documentTotals(type) : totalSection(summary, type),
      ),
    })),
    // An amendment section is listed only when it has rows.
    ...header.carriedAmendments
      .filter((type) => amendments[type].length > 0)
      .map((type) => ({
        type: type as ReturnSection,
        title: RETURN_SECTION_TITLES[type],
        ...presentTotals(totalAmendments(amendments[type])),
      })),
  ];
  return {
    returnKind: kind,
    gstin: header.gstin,
    fp: header.period.fp,
    startDate: header.period.startDate,
    endDate: header.period.endDate,
    sections,
    warnings,
    warningsCount: warnings.length,
    errorsCount: warnings.filter((warning) => warning.level === "error").length,
    filing: await readFilingStatus(
      db,
      header.access.organisation.id,
      filing,
      header.period,
      OUTWARD_TYPES,
    ),
  };
}

function presentDocumentRow(row: DocumentRow) {
  return {
    entryId: row.entryId,
    transactionType: row.transactionType,
    number: row.number,
    date: row.date,
    partyName: row.partyName,
    gstin: row.gstin,
    pos: row.pos,
    invoiceType: row.invoiceType,
    reverseCharge: row.reverseCharge,
    noteType: row.noteType,
    value: paiseToRupees(row.valuePaise),
    taxableValue: paiseToRupees(row.taxablePaise),
    igst: paiseToRupees(row.igstPaise),
    cgst: paiseToRupees(row.cgstPaise),
    sgst: paiseToRupees(row.sgstPaise),
    cess: paiseToRupees(row.cessPaise),
  };
}

function presentRows(sections: Gstr1Sections, type: Gstr1Section): Record<string, unknown>[] {
  switch (type) {
    case "b2b":
    case "b2cl":
    case "b2cs":
    case "exp":
    case "cdnr":
    case "cdnur":
      return sections[type].map(presentDocumentRow);
    case "nil":
      return sections.nil.map((row) => ({
        supplyType: row.supplyType,
        nilRated: paiseToRupees(row.nilPaise),
        exempted: paiseToRupees(row.exemptPaise),
        nonGst: paiseToRupees(row.nonGstPaise),
      }));
    case "hsn":
      return sections.hsn.map((row) => ({
        table: row.table,
        hsn: row.hsn,
        description: row.description,
        uqc: row.uqc,
        quantity: row.quantityMilli / 1000,
        rate: row.rate,
        taxableValue: paiseToRupees(row.taxablePaise),
        igst: paiseToRupees(row.igstPaise),
        cgst: paiseToRupees(row.cgstPaise),
        sgst: paiseToRupees(row.sgstPaise),
        cess: paiseToRupees(row.cessPaise),
      }));
    case "doc_issue":
      return sections.doc_issue.map((row) => ({ ...row }));
  }
}

/** One section's rows, a page at a time, with the section's totals. */
export async function readReturnTransactions(
  db: Kysely<Database>,
  caller: Caller,
  kind: GstReturnKind,
  query: ReturnQuery & { type: ReturnSection; skip: number; limit: number },
) {
  const header = await readReturnHeader(db, caller, kind, query);
  const type = query.type;
  if (isAmendmentSection(type)) {
    if (!header.carriedAmendments.includes(type)) throw badRequest(RETURN_MESSAGES.unknownSection);
    const amended = (await readAmendments(db, header)).amendments[type];
    return {
      type,
      title: RETURN_SECTION_TITLES[type],
      transactions: amended.slice(query.skip, query.skip + query.limit).map((row) => ({
        ...presentDocumentRow(row),
        originalNumber: row.originalNumber,
        originalDate: row.originalDate,
      })),
      count: amended.length,
      totals: presentTotals(totalAmendments(amended)),
    };
  }
  if (!header.carried.includes(type)) throw badRequest(RETURN_MESSAGES.unknownSection);
  if (isDocumentSection(type)) {
    // Only the page's documents are parsed (decision 056).
    const organisationId = header.access.organisation.id;
    const [totals, page] = await Promise.all([
      readDocumentTotals(db, header),
      listKeptDocumentPage(db, organisationId, header.period, type, query.skip, query.limit),
    ]);
    const stateCode = header.gstin.slice(0, 2);
    const documents = await toReturnDocuments(db, organisationId, page);
    return {
      type,
      title: GSTR1_SECTION_TITLES[type],
      transactions: documents.map((document) =>
        presentDocumentRow(documentRowOf(document, type, stateCode)),
      ),
      count: totals(type).count,
      totals: presentTotals(totals(type)),
    };
  }
  const sections = await readSummarySections(db, header, [type], true);
  const rows = presentRows(sections, type);
  return {
    type,
    title: GSTR1_SECTION_TITLES[type],
    transactions: rows.slice(query.skip, query.skip + query.limit),
    count: rows.length,
    totals: presentTotals(totalSection(sections, type)),
  };
}

/** The file may not be made while an error-level warning stands (issue 19). */
export function refuseFileWithErrors(warnings: readonly ReturnWarning[]): void {
  const errors = warnings.filter((warning) => warning.level === "error");
  if (errors.length > 0) {
    throw new AppError(
      400,
      RETURN_MESSAGES.hasErrors(errors.length),
      errors.map((error) => ({ path: error.entryId ?? error.code, message: error.message })),
    );
  }
}

/** The file to upload, from the whole book (the file of `gst-returns.file.ts` is the same, built in pages). */
export function buildReturnFile(book: ReturnBook): Gstr1Json {
  refuseFileWithErrors(book.warnings);
  const json = buildGstr1Json(book.documents, book.sections, {
    gstin: book.gstin,
    fp: book.period.fp,
    only: book.carried,
  });
  return {
    ...json,
    ...buildGstr1AmendmentJson(book.amendments, book.amendedDocuments, {
      gstin: book.gstin,
      only: book.carriedAmendments,
      originalMonthSections: book.originalMonths,
    }),
  };
}

/**
 * Marks a return as filed: records the period, the date and who filed (refusing a second filing
 * of the same return and period), and locks the given voucher types of its months through the
 * period locks, in one transaction. GSTR-1/IFF lock the sales side, GSTR-3B every entry.
 */
export async function recordReturnFiling(
  deps: ModuleDeps,
  caller: Caller,
  input: ReturnQuery & { arn?: string | undefined },
  filing: {
    returnKind: GstReturnKind | "gstr3b";
    /** How the period is read: GSTR-3B reads it as GSTR-1 does. */
    periodKind: GstReturnKind;
    title: string;
    lockedTypes: readonly VoucherType[];
    /** The audit summary's end: what the lock covers. */
    lockedWhat: string;
  },
): Promise<{ fp: string; filedAt: string }> {
  const access = await requireOrganisationAccess(deps.db, caller, input.organisationId, {
    kind: "manage",
    what: "lockPeriods",
  });
  const organisation = access.organisation;
  if (organisation.gst_registered !== 1 || !organisation.gstin) {
    throw badRequest(RETURN_MESSAGES.notRegistered);
  }
  const read = readReturnPeriod({
    year: input.year,
    startDate: input.startDate,
    endDate: input.endDate,
    kind: filing.periodKind,
    frequency: readGstReturnSettings(organisation).gstFilingFrequency,
  });
  if (!read.ok) throw badRequest(read.message, [{ path: "startDate", message: read.message }]);
  const { period } = read;
  // Issue 40: a period still running cannot be filed; its month would be locked while being written.
  const tooEarly = filingTooEarlyReason(filing.title, period.endDate, todayCivil());
  if (tooEarly) throw badRequest(tooEarly, [{ path: "endDate", message: tooEarly }]);
  const filedAt = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const existing = await findReturnFilings(
      trx,
      organisation.id,
      period.startDate,
      period.endDate,
    );
    if (
      existing.some(
        (row) =>
          row.return_kind === filing.returnKind &&
          row.start_date === period.startDate &&
          row.end_date === period.endDate,
      )
    ) {
      throw badRequest(RETURN_MESSAGES.alreadyFiled);
    }
    await insertFiling(trx, {
      organisation_id: organisation.id,
      id: newId(),
      return_kind: filing.returnKind,
      year: input.year,
      start_date: period.startDate,
      end_date: period.endDate,
      fp: period.fp,
      arn: input.arn ?? null,
      filed_at: filedAt,
      filed_by: access.userId,
    });
    await lockMonthsForTypes(trx, {
      organisationId: organisation.id,
      year: input.year,
      months: period.months,
      types: filing.lockedTypes,
      userId: access.userId,
      reason: `${filing.title} ${period.fp} marked as filed`,
    });
    await writeAuditLog(trx, {
      organisationId: organisation.id,
      userId: access.userId,
      action: "filed",
      entityType: filing.returnKind,
      entityId: period.fp,
      summary: `Marked ${filing.title} ${period.fp} as filed${input.arn ? ` (ARN ${input.arn})` : ""}; ${filing.lockedWhat}.`,
    });
  });
  return { fp: period.fp, filedAt };
}

/** Mark as filed (issue 19): GSTR-1 or IFF, locking the period's sales-side vouchers. */
export async function markReturnFiled(
  deps: ModuleDeps,
  caller: Caller,
  kind: GstReturnKind,
  input: ReturnQuery & { arn?: string | undefined },
) {
  const title = kind === "iff" ? "IFF" : "GSTR-1";
  const { fp, filedAt } = await recordReturnFiling(deps, caller, input, {
    returnKind: kind,
    periodKind: kind,
    title,
    lockedTypes: OUTWARD_TYPES,
    lockedWhat: "its sales-side entries are locked",
  });
  return {
    success: true,
    message: `${title} ${fp} marked as filed. Its sales invoices and credit notes are locked.`,
    filedAt,
  };
}

/** Filings overlapping a period: the lock-period screen asks a reason before lifting their locks. */
