import {
  amendmentContributions,
  buildGstr3bJson,
  computeGstr3bTaxPayment,
  formatAmount,
  GSTR3B_TABLE_TITLES,
  GSTR3B_TABLES,
  type Gstr3bContribution,
  type Gstr3bFigure,
  type Gstr3bJson,
  type Gstr3bSummary,
  type Gstr3bTable,
  type Gstr3bTaxPayment,
  getVoucherDefinition,
  gstr3bFiguresOf,
  type HeadAmounts,
  iffReportedAdjustments,
  inwardContributions,
  outwardContributions,
  paiseToRupees,
  type ReturnWarning,
  summariseGstr3b,
  type TaxAmounts,
  type TaxPaymentRow,
  toInwardDocument,
  VOUCHER_TYPES,
  type VoucherType,
  voucherTypesWhere,
  withIffReported,
  withItcAsPer2B,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { findReturnFilings } from "../lock-periods/lock-periods.service.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { readSums } from "../return-facts/return-facts.service.ts";
import { type FilingStatus, readFilingStatus } from "./filing-status.ts";
import {
  listLiveVouchers,
  listLiveVouchersAfter,
  type OutwardVoucherRow,
} from "./gst-returns.repository.ts";
import {
  OUTWARD_TYPES,
  type ReturnQuery,
  readAmendments,
  readReturnBook,
  readReturnHeader,
  readWarnings,
  recordReturnFiling,
} from "./gst-returns.service.ts";
import {
  listItcNotEligible,
  listVouchersSavedAfter,
  sumSystemAccountPostings,
} from "./gstr3b.repository.ts";
import { readIffReportedDocuments } from "./gstr3b-iff.ts";

/** The inward types GSTR-3B reads (table 3.1(d), 4 and 5): the registry's purchases and their notes. */
export const INWARD_TYPES: readonly VoucherType[] = voucherTypesWhere(
  (definition) =>
    definition.gstReturn.role === "inwardSupply" || definition.gstReturn.role === "inwardNote",
);

/** Every type a return reads: viewing GSTR-3B needs the view right on each. */
export const GSTR3B_TYPES: readonly VoucherType[] = [...OUTWARD_TYPES, ...INWARD_TYPES];

/** ITC from GSTR-2B, matched only, for a period (helper B's gstr2 `matchedItcForPeriod`), in paise. */
export type MatchedItcFrom2B = (
  organisationId: string,
  startDate: string,
  endDate: string,
) => Promise<{ igst: number; cgst: number; sgst: number; cess: number }>;

export type ItcBasis = "books" | "2b";

export const GSTR3B_MESSAGES = {
  detailsNeedTable: "Choose the table whose vouchers to list.",
  no2b: "ITC as per GSTR-2B needs the GSTR-2B reconciliation, which is not available here.",
} as const;

export interface Gstr3bQuery extends ReturnQuery {
  itcBasis?: ItcBasis | undefined;
}

interface Gstr3bBook {
  gstin: string;
  fp: string;
  startDate: string;
  endDate: string;
  organisationId: string;
  /** The number of vouchers behind each figure. */
  counts: Map<Gstr3bTable, number>;
  summary: Gstr3bSummary;
  warnings: ReturnWarning[];
  itcBasis: ItcBasis;
  /** Books' 4A(5) minus 2B's matched ITC, head by head (only with the 2B basis). */
  itcDifference: TaxAmounts | null;
  filing: FilingStatus | null;
}

const warning = (code: string, message: string, extra: Partial<ReturnWarning> = {}) =>
  ({
    level: "warning",
    code,
    message,
    entryId: null,
    transactionType: null,
    number: null,
    ...extra,
  }) satisfies ReturnWarning;

const HEADS = [
  ["igstPaise", "IGST"],
  ["cgstPaise", "CGST"],
  ["sgstPaise", "SGST"],
  ["cessPaise", "Cess"],
] as const;

function addAmounts(target: TaxAmounts, amounts: TaxAmounts, sign = 1) {
  target.taxablePaise += sign * amounts.taxablePaise;
  target.igstPaise += sign * amounts.igstPaise;
  target.cgstPaise += sign * amounts.cgstPaise;
  target.sgstPaise += sign * amounts.sgstPaise;
  target.cessPaise += sign * amounts.cessPaise;
}

const zero = (): TaxAmounts => ({
  taxablePaise: 0,
  igstPaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  cessPaise: 0,
});

/**
 * Differences between the return and the books (issue 20): 3.1's tax against the output tax
 * ledgers, table 4's credit against the input tax ledgers (journal entries to them are not in the
 * return), GSTR-1 errors, a GSTR-1 not yet filed, and sales edited after the GSTR-1 was filed.
 */
async function findGstr3bWarnings(
  db: Kysely<Database>,
  input: {
    organisationId: string;
    startDate: string;
    endDate: string;
    summary: Gstr3bSummary;
    gstr1Errors: number;
    gstr1FiledAt: string | null;
  },
): Promise<ReturnWarning[]> {
  const warnings: ReturnWarning[] = [];
  if (input.gstr1Errors > 0) {
    warnings.push(
      warning(
        "gstr1Errors",
        `GSTR-1 of this period has ${input.gstr1Errors} error${input.gstr1Errors === 1 ? "" : "s"}: 3.1 and 3.2 show what GSTR-1 reports; fix them in GSTR-1 first.`,
      ),
    );
  }
  if (input.gstr1FiledAt === null) {
    warnings.push(
      warning(
        "gstr1NotFiled",
        "GSTR-1 of this period is not marked as filed: the portal fills 3.1 and 3.2 from the GSTR-1 filed, so file it first.",
      ),
    );
  } else {
    const edited = await listVouchersSavedAfter(
      db,
      input.organisationId,
      OUTWARD_TYPES,
      input.startDate,
      input.endDate,
      input.gstr1FiledAt,
    );
    for (const row of edited) {
      warnings.push(
        warning(
          "editedAfterGstr1",
          `${getVoucherDefinition(row.type as VoucherType).titles.singular} ${row.number} was saved after GSTR-1 was filed: the portal's 3.1 keeps the filed figures; correct it through GSTR-1A or the next GSTR-1.`,
          { entryId: row.id, transactionType: row.type, number: row.number },
        ),
      );
    }
  }
  const ledgers = await sumSystemAccountPostings(
    db,
    input.organisationId,
    [
      "outputIgst",
      "outputCgst",
      "outputSgst",
      "outputCess",
      "inputIgst",
      "inputCgst",
      "inputSgst",
      "inputCess",
    ],
    input.startDate,
    input.endDate,
  );
  const { cells } = input.summary;
  const outward = zero();
  addAmounts(outward, cells["3.1a"]);
  addAmounts(outward, cells["3.1b"]);
  const inward = zero();
  for (const table of ["4A1", "4A2", "4A3", "4A4", "4A5", "4D2"] as const) {
    addAmounts(inward, cells[table]);
  }
  for (const [field, head] of HEADS) {
    const suffix = head === "Cess" ? "Cess" : head.charAt(0) + head.slice(1).toLowerCase();
    // Output tax is a credit balance: its postings sum negative.
    const books = -(ledgers.get(`output${suffix}`) ?? 0);
    if (books !== outward[field]) {
      warnings.push(
        warning(
          "outputTaxDiffers",
          `Output ${head} in the books is ₹${formatAmount(books)}, 3.1 shows ₹${formatAmount(outward[field])} (difference ₹${formatAmount(books - outward[field])}).`,
        ),
      );
    }
    const credit = ledgers.get(`input${suffix}`) ?? 0;
    if (credit !== inward[field]) {
      warnings.push(
        warning(
          "inputTaxDiffers",
          `Input ${head} in the books is ₹${formatAmount(credit)}, table 4 shows ₹${formatAmount(inward[field])} (difference ₹${formatAmount(credit - inward[field])}).`,
        ),
      );
    }
  }
  return warnings;
}

/** The inward side of the period (3.1(d), 4, 5): its purchases and their notes, as saved. */
export async function readInwardContributions(
  db: Kysely<Database>,
  organisationId: string,
  year: string,
  period: { startDate: string; endDate: string },
  stateCode: string,
): Promise<Gstr3bContribution[]> {
  const [rows, ineligible] = await Promise.all([
    listLiveVouchers(db, organisationId, year, INWARD_TYPES, period.startDate, period.endDate),
    listItcNotEligible(db, organisationId),
  ]);
  return inwardContributions(toInwardDocuments(rows, ineligible), stateCode);
}

/** Purchases read and laid out at a time by the summary. */
const INWARD_PAGE_SIZE = 500;

/** The inward side as the summary needs it: its figures summed, and the vouchers behind each. */
export interface InwardTotals {
  /** One per table and key, the contributions' amounts added up. */
  figures: Gstr3bFigure[];
  /** The vouchers behind each table. */
  entries: Map<Gstr3bTable, Set<string>>;
}

/**
 * The inward contributions added up per table and key, read a page of vouchers at a time: the
 * summary only adds them up, and a month's purchases at 1M vouchers (13,000) held at once, even
 * as contributions, took tens of MB.
 */
export async function sumInwardContributions(
  db: Kysely<Database>,
  organisationId: string,
  year: string,
  period: { startDate: string; endDate: string },
  stateCode: string,
  pageSize = INWARD_PAGE_SIZE,
): Promise<InwardTotals> {
  const ineligible = await listItcNotEligible(db, organisationId);
  const figures = new Map<string, Gstr3bFigure>();
  const entries = new Map<Gstr3bTable, Set<string>>();
  for (const type of INWARD_TYPES) {
    let after: { date: string; id: string } | null = null;
    for (;;) {
      const rows = await listLiveVouchersAfter(
        db,
        organisationId,
        year,
        type,
        period,
        after,
        pageSize,
      );
      for (const contribution of inwardContributions(
        toInwardDocuments(rows, ineligible),
        stateCode,
      )) {
        const { table, key } = contribution;
        const name = `${table}|${key ?? ""}`;
        const figure = figures.get(name) ?? { table, key, ...zero() };
        addAmounts(figure, contribution);
        figures.set(name, figure);
        addEntry(entries, contribution);
      }
      const last = rows.at(-1);
      if (!last || rows.length < pageSize) break;
      after = { date: last.date, id: last.id };
    }
  }
  return { figures: [...figures.values()], entries };
}

function addEntry(
  entries: Map<Gstr3bTable, Set<string>>,
  contribution: Pick<Gstr3bContribution, "table" | "entryId">,
) {
  const set = entries.get(contribution.table) ?? new Set<string>();
  set.add(contribution.entryId);
  entries.set(contribution.table, set);
}

function toInwardDocuments(
  rows: readonly OutwardVoucherRow[],
  ineligible: Parameters<typeof toInwardDocument>[2],
) {
  return rows.map((row) =>
    toInwardDocument(
      {
        id: row.id,
        type: row.type,
        date: row.date,
        number: row.number,
        partyName: row.party_name,
        document: row.document,
      },
      getVoucherDefinition(row.type as VoucherType).gstReturn.role === "inwardNote"
        ? "inwardNote"
        : "inwardSupply",
      ineligible,
    ),
  );
}

function checkItcBasis(query: Gstr3bQuery, matchedItcFrom2B: MatchedItcFrom2B | undefined) {
  const itcBasis = query.itcBasis ?? "books";
  if (itcBasis === "2b" && !matchedItcFrom2B) throw badRequest(GSTR3B_MESSAGES.no2b);
  return itcBasis;
}

/**
 * The number of vouchers behind each figure: one per voucher, however many lines or places;
 * `entries` holds those already known (they are added to).
 */
function countEntries(
  contributions: readonly Gstr3bContribution[],
  entries = new Map<Gstr3bTable, Set<string>>(),
) {
  for (const contribution of contributions) addEntry(entries, contribution);
  return new Map([...entries].map(([table, set]) => [table, set.size]));
}

/**
 * The tables (decision 057): 3.1 and 3.2 of the period's own documents from the month sums kept
 * at save time (as outwardContributions gives them, each voucher counted once per figure), plus
 * the GSTR-1 amendments reported in the period (amended − reported) and the inward side.
 */
async function readGstr3bBook(
  db: Kysely<Database>,
  caller: Caller,
  query: Gstr3bQuery,
  matchedItcFrom2B: MatchedItcFrom2B | undefined,
): Promise<Gstr3bBook> {
  await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "rights",
    subjects: GSTR3B_TYPES,
    action: "view",
  });
  const itcBasis = checkItcBasis(query, matchedItcFrom2B);
  // GSTR-1's header of the period (its rights, GSTIN and period; its facts made current).
  const header = await readReturnHeader(db, caller, "gstr1", query);
  const { gstin, period } = header;
  const organisationId = header.access.organisation.id;
  const stateCode = gstin.slice(0, 2);
  const [sums, { amended }, gstr1Warnings, inward, filings] = await Promise.all([
    readSums(db, organisationId, period, "gstr3b"),
    readAmendments(db, header),
    // GSTR-1's warnings of the period (the b2b value only matters to an IFF's limit).
    readWarnings(db, header, 0),
    sumInwardContributions(db, organisationId, query.year, period, stateCode),
    findReturnFilings(db, organisationId, period.startDate, period.endDate),
  ]);
  const outward = gstr3bFiguresOf(sums);
  // GSTR-1 amendments reported in this period change its 3.1 and 3.2 by amended − reported.
  const amendments = amendmentContributions(amended, { gstin, fp: period.fp }, stateCode);
  // A quarter of a quarterly filer: its IFF documents changed since as reported (decision 058).
  const iffDocuments = await readIffReportedDocuments(db, organisationId, period, filings);
  const iffAdjustments = iffReportedAdjustments(iffDocuments, { gstin, fp: period.fp }, stateCode);
  const books = summariseGstr3b([
    ...outward.figures,
    ...amendments,
    ...iffAdjustments,
    ...inward.figures,
  ]);
  // A deleted IFF document is still behind its figures; a live one is counted in the sums.
  const deleted = new Set(
    iffDocuments.filter((entry) => entry.current === null).map((entry) => entry.filed.entryId),
  );
  const counts = countEntries(
    [...amendments, ...iffAdjustments.filter((contribution) => deleted.has(contribution.entryId))],
    inward.entries,
  );
  for (const [table, count] of outward.counts) {
    counts.set(table, (counts.get(table) ?? 0) + count);
  }
  const samePeriod = (kind: string) =>
    filings.find(
      (row) =>
        row.return_kind === kind &&
        row.start_date <= period.startDate &&
        row.end_date >= period.endDate,
    );
  const gstr1Filing = samePeriod("gstr1");
  const warnings = await findGstr3bWarnings(db, {
    organisationId,
    startDate: period.startDate,
    endDate: period.endDate,
    // Table 4 as in the books: the input tax ledgers are compared with it, whatever the basis.
    summary: books,
    gstr1Errors: gstr1Warnings.filter((entry) => entry.level === "error").length,
    gstr1FiledAt: gstr1Filing?.filed_at ?? null,
  });

  // "As per 2B, matched only": 4A(5) and 4C from the bills matched with the suppliers' GSTR-2B,
  // the difference from the books shown beside them (withItcAsPer2B).
  let summary = books;
  let itcDifference: TaxAmounts | null = null;
  if (itcBasis === "2b" && matchedItcFrom2B) {
    const matched = await matchedItcFrom2B(organisationId, period.startDate, period.endDate);
    const as2b = withItcAsPer2B(books, {
      igstPaise: matched.igst,
      cgstPaise: matched.cgst,
      sgstPaise: matched.sgst,
      cessPaise: matched.cess,
    });
    summary = as2b.summary;
    itcDifference = as2b.difference;
  }
  const filing = filings.find(
    (row) =>
      row.return_kind === "gstr3b" &&
      row.start_date === period.startDate &&
      row.end_date === period.endDate,
  );
  return {
    gstin,
    fp: period.fp,
    startDate: period.startDate,
    endDate: period.endDate,
    organisationId,
    counts,
    summary,
    warnings,
    itcBasis,
    itcDifference,
    filing: await readFilingStatus(db, organisationId, filing, period, GSTR3B_TYPES),
  };
}

/**
 * Every contribution of the period, one per document line (the details call): 3.1 and 3.2 from
 * the GSTR-1 documents of the period, the amendments reported in it, the inward side.
 */
async function readGstr3bContributions(
  db: Kysely<Database>,
  caller: Caller,
  query: Gstr3bQuery,
  matchedItcFrom2B: MatchedItcFrom2B | undefined,
): Promise<Gstr3bContribution[]> {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "rights",
    subjects: GSTR3B_TYPES,
    action: "view",
  });
  checkItcBasis(query, matchedItcFrom2B);
  const book = await readReturnBook(db, caller, "gstr1", query);
  const organisationId = access.organisation.id;
  const stateCode = book.gstin.slice(0, 2);
  const options = { gstin: book.gstin, fp: book.period.fp };
  const filings = await findReturnFilings(
    db,
    organisationId,
    book.period.startDate,
    book.period.endDate,
  );
  const outward = withIffReported(
    outwardContributions(book.documents, book.sections, stateCode),
    await readIffReportedDocuments(db, organisationId, book.period, filings),
    options,
    stateCode,
  );
  return [
    ...outward,
    ...amendmentContributions(book.amended, options, stateCode),
    ...(await readInwardContributions(db, organisationId, query.year, book.period, stateCode)),
  ];
}

function presentAmounts(amounts: TaxAmounts) {
  return {
    taxableValue: paiseToRupees(amounts.taxablePaise),
    igst: paiseToRupees(amounts.igstPaise),
    cgst: paiseToRupees(amounts.cgstPaise),
    sgst: paiseToRupees(amounts.sgstPaise),
    cess: paiseToRupees(amounts.cessPaise),
  };
}

function presentHeads(heads: HeadAmounts) {
  return {
    igst: paiseToRupees(heads.igst),
    cgst: paiseToRupees(heads.cgst),
    sgst: paiseToRupees(heads.sgst),
    cess: paiseToRupees(heads.cess),
  };
}

/** Table 6.1 in rupees (issue 40). */
function presentTaxPayment(payment: Gstr3bTaxPayment) {
  const rows = (list: readonly TaxPaymentRow[]) =>
    list.map((row) => ({
      head: row.head,
      payable: paiseToRupees(row.payablePaise),
      paidByItc: presentHeads(row.paidByItc),
      cash: paiseToRupees(row.cashPaise),
    }));
  return {
    otherThanReverseCharge: rows(payment.otherThanReverseCharge),
    reverseCharge: rows(payment.reverseCharge),
    itcLeft: presentHeads(payment.itcLeftPaise),
    cashTotal: paiseToRupees(payment.cashTotalPaise),
  };
}

/** `type=summary`: the tables as the portal lays them out, each with the count behind it. */
export async function readGstr3bSummary(
  db: Kysely<Database>,
  caller: Caller,
  query: Gstr3bQuery,
  matchedItcFrom2B: MatchedItcFrom2B | undefined,
) {
  const book = await readGstr3bBook(db, caller, query, matchedItcFrom2B);
  const { summary } = book;
  const places = (rows: Gstr3bSummary["interSup"]["unreg"]) =>
    rows.map((row) => ({
      pos: row.pos,
      taxableValue: paiseToRupees(row.taxablePaise),
      igst: paiseToRupees(row.igstPaise),
    }));
  return {
    gstin: book.gstin,
    fp: book.fp,
    startDate: book.startDate,
    endDate: book.endDate,
    tables: [...GSTR3B_TABLES, "4C" as const].map((table) => ({
      table,
      title: GSTR3B_TABLE_TITLES[table],
      count: table === "4C" ? 0 : (book.counts.get(table) ?? 0),
      ...presentAmounts(summary.cells[table]),
    })),
    interSup: {
      unreg: places(summary.interSup.unreg),
      comp: places(summary.interSup.comp),
      uin: places(summary.interSup.uin),
    },
    inward: {
      gst: {
        inter: paiseToRupees(summary.inward.gst.interPaise),
        intra: paiseToRupees(summary.inward.gst.intraPaise),
      },
      nonGst: {
        inter: paiseToRupees(summary.inward.nonGst.interPaise),
        intra: paiseToRupees(summary.inward.nonGst.intraPaise),
      },
    },
    itcBasis: book.itcBasis,
    itcBasisAvailable: matchedItcFrom2B !== undefined,
    itcDifference: book.itcDifference ? presentAmounts(book.itcDifference) : null,
    taxPayment: presentTaxPayment(
      computeGstr3bTaxPayment({
        outwardTaxable: summary.cells["3.1a"],
        outwardZeroRated: summary.cells["3.1b"],
        reverseCharge: summary.cells["3.1d"],
        netItc: summary.cells["4C"],
      }),
    ),
    warnings: book.warnings,
    warningsCount: book.warnings.length,
    filing: book.filing,
  };
}

/** `type=details&table=…`: the vouchers behind one figure, one row per voucher (and place). */
export async function readGstr3bDetails(
  db: Kysely<Database>,
  caller: Caller,
  query: Gstr3bQuery & { table: Gstr3bTable; skip: number; limit: number },
  matchedItcFrom2B: MatchedItcFrom2B | undefined,
) {
  const contributions = await readGstr3bContributions(db, caller, query, matchedItcFrom2B);
  const rows = new Map<string, Gstr3bContribution>();
  const totals = zero();
  for (const contribution of contributions) {
    if (contribution.table !== query.table) continue;
    addAmounts(totals, contribution);
    // An IFF document's amendment is a row apart from the document as filed (decision 058).
    const key = `${contribution.entryId}|${contribution.key ?? ""}|${contribution.amendment === true}`;
    const row = rows.get(key);
    if (row) addAmounts(row, contribution);
    else rows.set(key, { ...contribution });
  }
  const list = [...rows.values()];
  return {
    table: query.table,
    title: GSTR3B_TABLE_TITLES[query.table],
    transactions: list.slice(query.skip, query.skip + query.limit).map((row) => ({
      entryId: row.entryId,
      transactionType: row.voucherType,
      number: row.number,
      date: row.date,
      partyName: row.partyName,
      gstin: row.gstin,
      key: row.key,
      amendment: row.amendment === true,
      ...presentAmounts(row),
    })),
    count: list.length,
    totals: presentAmounts(totals),
  };
}

/** `downloadJson=true`: the portal's JSON. */
export async function readGstr3bJson(
  db: Kysely<Database>,
  caller: Caller,
  query: Gstr3bQuery,
  matchedItcFrom2B: MatchedItcFrom2B | undefined,
): Promise<{ fileName: string; json: Gstr3bJson }> {
  const book = await readGstr3bBook(db, caller, query, matchedItcFrom2B);
  return {
    fileName: `GSTR3B_${book.gstin}_${book.fp}.json`,
    json: buildGstr3bJson(book.summary, { gstin: book.gstin, fp: book.fp }),
  };
}

/** Mark GSTR-3B as filed (issue 20): locks every voucher type of the period's months. */
export async function markGstr3bFiled(
  deps: ModuleDeps,
  caller: Caller,
  input: ReturnQuery & { arn?: string | undefined },
) {
  const { fp, filedAt } = await recordReturnFiling(deps, caller, input, {
    returnKind: "gstr3b",
    periodKind: "gstr1",
    title: "GSTR-3B",
    lockedTypes: VOUCHER_TYPES,
    lockedWhat: "every entry of the period is locked",
  });
  return {
    success: true,
    message: `GSTR-3B ${fp} marked as filed. Every entry of the period is locked.`,
    filedAt,
  };
}
