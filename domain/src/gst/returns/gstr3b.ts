import type { CivilDate } from "../../calendar/index.ts";
import { type Paise, paiseToRupees } from "../../money/index.ts";
import { OTHER_COUNTRIES_CODE } from "../../reference/index.ts";
import {
  readStoredDocument,
  type StoredAccountLine,
  type StoredItemLine,
} from "../../vouchers/stored/stored-voucher.ts";
import { EXEMPT_RATE, NO_GST_RATE } from "../rates/index.ts";
import type { AmendedDocument } from "./gstr1-amendments.ts";
import {
  buildGstr1Sections,
  type DocumentRow,
  documentRowOf,
  type Gstr1Sections,
  type TaxAmounts,
} from "./gstr1-build.ts";
import { type DocumentSection, isExport, kindOfLine, type LineKind } from "./gstr1-classify.ts";
import type { ReturnDocument } from "./return-document.ts";

/**
 * GSTR-3B (issue 20; gst-reference §6, returns-reference §2): every figure is the sum of
 * contributions, one per document line, each naming the table it lands in, so that the screen can
 * list the vouchers behind any figure. Tables 3.1 and 3.2 come from the period's GSTR-1 data (the
 * portal auto-fills and locks them from the GSTR-1 filed); tables 4 and 5 from the inward side.
 */
export const GSTR3B_TABLES = [
  "3.1a",
  "3.1b",
  "3.1c",
  "3.1d",
  "3.1e",
  "3.1.1i",
  "3.1.1ii",
  "3.2a",
  "3.2b",
  "3.2c",
  "4A1",
  "4A2",
  "4A3",
  "4A4",
  "4A5",
  "4B1",
  "4B2",
  "4D1",
  "4D2",
  "5a",
  "5b",
] as const;
export type Gstr3bTable = (typeof GSTR3B_TABLES)[number];

export const GSTR3B_TABLE_TITLES: Readonly<Record<Gstr3bTable | "4C", string>> = {
  "3.1a": "(a) Outward taxable supplies (other than zero rated, nil rated and exempted)",
  "3.1b": "(b) Outward taxable supplies (zero rated)",
  "3.1c": "(c) Other outward supplies (nil rated, exempted)",
  "3.1d": "(d) Inward supplies (liable to reverse charge)",
  "3.1e": "(e) Non-GST outward supplies",
  "3.1.1i":
    "(i) Taxable supplies on which electronic commerce operator pays tax u/s 9(5) [to be furnished by the electronic commerce operator]",
  "3.1.1ii":
    "(ii) Taxable supplies made by the registered person through electronic commerce operator, on which electronic commerce operator is required to pay tax u/s 9(5) [to be furnished by the registered person making supplies through electronic commerce operator]",
  "3.2a": "Supplies made to unregistered persons",
  "3.2b": "Supplies made to composition taxable persons",
  "3.2c": "Supplies made to UIN holders",
  "4A1": "(1) Import of goods",
  "4A2": "(2) Import of services",
  "4A3": "(3) Inward supplies liable to reverse charge (other than 1 & 2 above)",
  "4A4": "(4) Inward supplies from ISD",
  "4A5": "(5) All other ITC",
  "4B1": "(1) As per rules 38, 42 & 43 of CGST Rules and section 17(5)",
  "4B2": "(2) Others",
  "4C": "(C) Net ITC available (A) - (B)",
  "4D1": "(1) ITC reclaimed which was reversed under Table 4(B)(2) in earlier tax period",
  "4D2": "(2) Ineligible ITC under section 16(4) & ITC restricted due to PoS rules",
  "5a": "From a supplier under composition scheme, exempt and nil rated supply",
  "5b": "Non GST supply",
};

/** A line of a purchase or a purchase-side note as the return reads it (saved amounts). */
export interface InwardLine extends TaxAmounts {
  /** Percent, 0 nil-rated, -1 exempt, -2 non-GST. */
  gstRate: number;
  /** Section 17(5): the line's item or expense account is flagged "ITC not eligible". */
  itcIneligible: boolean;
}

/** A purchase (inwardSupply) or a debit note to a supplier (inwardNote), as saved. */
export interface InwardDocument {
  entryId: string;
  voucherType: string;
  role: "inwardSupply" | "inwardNote";
  number: string;
  date: CivilDate;
  partyName: string;
  gstin: string | null;
  /** Place of supply as the engine saved it; null falls back to the organisation's state. */
  pos: string | null;
  /** The supplier's state as the engine decided it; null falls back to the place of supply. */
  supplierStateCode: string | null;
  /** The supplier account's GST registration type when saved (composition, overseas…). */
  partyGstType: string | null;
  importType: "goods" | "services" | null;
  reverseCharge: boolean;
  lines: InwardLine[];
}

/** An amount of one figure (signed: notes that lower a figure are negative). */
export interface Gstr3bFigure extends TaxAmounts {
  table: Gstr3bTable;
  /** 3.2: the place of supply; 5: inter or intra. */
  key: string | null;
}

/** One document's share of one figure. */
export interface Gstr3bContribution extends Gstr3bFigure {
  entryId: string;
  voucherType: string;
  number: string;
  date: CivilDate;
  partyName: string;
  gstin: string | null;
  /** A GSTR-1 amendment of an earlier period: the difference amended − as last reported. */
  amendment?: boolean;
}

export interface Gstr3bPlaceRow {
  pos: string;
  taxablePaise: Paise;
  igstPaise: Paise;
}

export interface Gstr3bSummary {
  /** Each table's total (3.2 and 5 summed over their rows), plus 4C. */
  cells: Record<Gstr3bTable | "4C", TaxAmounts>;
  interSup: { unreg: Gstr3bPlaceRow[]; comp: Gstr3bPlaceRow[]; uin: Gstr3bPlaceRow[] };
  /** Table 5: taxable values of inward exempt, nil, composition (gst) and non-GST supplies. */
  inward: {
    gst: { interPaise: Paise; intraPaise: Paise };
    nonGst: { interPaise: Paise; intraPaise: Paise };
  };
}

export function zeroTaxAmounts(): TaxAmounts {
  return { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 };
}

function signed(amounts: TaxAmounts, sign: number): TaxAmounts {
  return {
    taxablePaise: sign * amounts.taxablePaise,
    igstPaise: sign * amounts.igstPaise,
    cgstPaise: sign * amounts.cgstPaise,
    sgstPaise: sign * amounts.sgstPaise,
    cessPaise: sign * amounts.cessPaise,
  };
}

const hasTax = (amounts: TaxAmounts) =>
  amounts.igstPaise !== 0 ||
  amounts.cgstPaise !== 0 ||
  amounts.sgstPaise !== 0 ||
  amounts.cessPaise !== 0;

// ---------------------------------------------------------------------------------------------
// Outward: 3.1 (a), (b), (c), (e) and 3.2, from the GSTR-1 sections and documents.

const ZERO_RATED_INVOICE_TYPES = new Set(["SEWP", "SEWOP", "EXPWP", "EXPWOP", "WPAY", "WOPAY"]);

/** 3.2's category of a recipient: unregistered, composition dealer or UIN holder; else none. */
function interSupplyTable(document: ReturnDocument | undefined): "3.2a" | "3.2b" | "3.2c" | null {
  if (!document) return null;
  if (document.partyGstType === "composition") return "3.2b";
  if (document.partyGstType === "uinholder") return "3.2c";
  if (document.gstin === null) return "3.2a";
  return null;
}

const DOCUMENT_SECTIONS: readonly DocumentSection[] = [
  "b2b",
  "b2cl",
  "b2cs",
  "exp",
  "cdnr",
  "cdnur",
];

/** What 3.1(a)/(b) and 3.2 need to know of an outward document besides its amounts. */
export interface Gstr3bOutwardKind {
  /** Exports, SEZ supplies and notes on them: 3.1(b). */
  zeroRated: boolean;
  /** The recipient pays the tax: 3.1(a) takes the taxable value only. */
  reverseCharge: boolean;
  /** An inter-state taxable supply to an unregistered person, composition dealer or UIN holder. */
  interSupTable: "3.2a" | "3.2b" | "3.2c" | null;
  /** The place of supply the return reports (3.2's row). */
  pos: string;
}

function isZeroRatedRow(section: DocumentSection, invoiceType: string): boolean {
  if (section === "exp") return true;
  if (section === "b2cl" || section === "b2cs") return false;
  return ZERO_RATED_INVOICE_TYPES.has(invoiceType);
}

function kindOfRow(
  row: DocumentRow,
  section: DocumentSection,
  document: ReturnDocument | undefined,
  organisationStateCode: string,
): Gstr3bOutwardKind {
  const zeroRated = isZeroRatedRow(section, row.invoiceType);
  const table = zeroRated ? null : interSupplyTable(document);
  return {
    zeroRated,
    reverseCharge: row.reverseCharge,
    interSupTable:
      table && row.pos !== organisationStateCode && document && !isExport(document) ? table : null,
    pos: row.pos,
  };
}

/**
 * An outward document's kind for GSTR-3B in its GSTR-1 section, kept with its return facts so
 * that 3.1 and 3.2 are summed at save time (decision 057). A note whose section moves between
 * cdnur and b2cs (by the invoices it settles) keeps the same kind in either.
 */
export function describeGstr3bOutward(
  document: ReturnDocument,
  section: DocumentSection,
  organisationStateCode: string,
): Gstr3bOutwardKind {
  return kindOfRow(
    documentRowOf(document, section, organisationStateCode),
    section,
    document,
    organisationStateCode,
  );
}

/**
 * A document's 3.1(a) or (b) figure and its 3.2 figure, from its taxable lines' amounts signed as
 * the return counts them: a supply on which the recipient pays tax (reverse charge) with its
 * taxable value and no tax; a zero-rated one with IGST and cess only.
 */
export function outwardDocumentFigures(
  kind: Gstr3bOutwardKind,
  amounts: TaxAmounts,
): Gstr3bFigure[] {
  if (kind.zeroRated) {
    return [{ table: "3.1b", key: null, ...amounts, cgstPaise: 0, sgstPaise: 0 }];
  }
  const tax = kind.reverseCharge
    ? { igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 }
    : amounts;
  const figures: Gstr3bFigure[] = [
    {
      table: "3.1a",
      key: null,
      taxablePaise: amounts.taxablePaise,
      igstPaise: tax.igstPaise,
      cgstPaise: tax.cgstPaise,
      sgstPaise: tax.sgstPaise,
      cessPaise: tax.cessPaise,
    },
  ];
  if (kind.interSupTable) {
    figures.push({
      table: kind.interSupTable,
      key: kind.pos,
      taxablePaise: amounts.taxablePaise,
      igstPaise: tax.igstPaise,
      cgstPaise: 0,
      sgstPaise: 0,
      cessPaise: 0,
    });
  }
  return figures;
}

/** A nil-rated, exempt or non-GST line's figure: 3.1(c) or 3.1(e), taxable value signed. */
export function outwardLineFigure(kind: LineKind, signedTaxablePaise: Paise): Gstr3bFigure | null {
  if (kind === "taxable" || signedTaxablePaise === 0) return null;
  return {
    table: kind === "nonGst" ? "3.1e" : "3.1c",
    key: null,
    ...zeroTaxAmounts(),
    taxablePaise: signedTaxablePaise,
  };
}

/**
 * One outward document's 3.1 and 3.2 figures from its saved return facts (decision 057), one per
 * table and place: what outwardContributions gives it, merged, so that a month's sums count each
 * document once per figure. `amounts` are its taxable lines' (unsigned); `lines` its valued lines,
 * signed as the return counts them.
 */
export function outwardFactsFigures(
  facts: Gstr3bOutwardKind & { hasTaxable: boolean; sign: 1 | -1; amounts: TaxAmounts },
  lines: readonly { kind: LineKind; taxablePaise: Paise }[],
): Gstr3bFigure[] {
  const figures = facts.hasTaxable
    ? outwardDocumentFigures(facts, signed(facts.amounts, facts.sign))
    : [];
  for (const line of lines) {
    const figure = outwardLineFigure(line.kind, line.taxablePaise);
    if (!figure) continue;
    const same = figures.find((entry) => entry.table === figure.table);
    if (same) same.taxablePaise += figure.taxablePaise;
    else figures.push(figure);
  }
  return figures;
}

/**
 * 3.1 and 3.2 from GSTR-1 (returns-reference §2.2): b2b, b2cl, b2cs and notes on them into
 * 3.1(a) — a supply on which the recipient pays tax (reverse charge) with its taxable value and no
 * tax; exports and SEZ supplies into 3.1(b); nil-rated and exempt lines into 3.1(c); non-GST lines
 * into 3.1(e). Inter-state taxable supplies to unregistered persons, composition dealers and UIN
 * holders are also shown in 3.2 by place of supply.
 */
export function outwardContributions(
  documents: readonly ReturnDocument[],
  sections: Gstr1Sections,
  organisationStateCode: string,
): Gstr3bContribution[] {
  const byId = new Map(documents.map((document) => [document.entryId, document]));
  const out: Gstr3bContribution[] = [];
  for (const section of DOCUMENT_SECTIONS) {
    for (const row of sections[section]) {
      const base = {
        entryId: row.entryId,
        voucherType: row.transactionType,
        number: row.number,
        date: row.date,
        partyName: row.partyName,
        gstin: row.gstin,
      };
      const kind = kindOfRow(row, section, byId.get(row.entryId), organisationStateCode);
      for (const figure of outwardDocumentFigures(kind, signed(row, row.sign))) {
        out.push({ ...base, ...figure });
      }
    }
  }
  for (const document of documents) {
    const sign = document.noteType === "C" ? -1 : 1;
    for (const line of document.lines) {
      const figure = outwardLineFigure(kindOfLine(line, document), sign * line.taxablePaise);
      if (!figure) continue;
      out.push({
        entryId: document.entryId,
        voucherType: document.voucherType,
        number: document.number,
        date: document.date,
        partyName: document.partyName,
        gstin: document.gstin,
        ...figure,
      });
    }
  }
  return out;
}

/** The tables a GSTR-1 amendment (9A b2ba/b2cla/expa, 9C cdnra/cdnura, 10 b2csa) changes. */
const AMENDED_TABLES = new Set<Gstr3bTable>(["3.1a", "3.1b", "3.2a", "3.2b", "3.2c"]);

/** A document's own 3.1(a)/(b) and 3.2 figures: those GSTR-1's amendment tables can change. */
function amendableFigures(
  document: ReturnDocument,
  options: { gstin: string; fp: string },
  organisationStateCode: string,
): Gstr3bContribution[] {
  return outwardContributions(
    [document],
    buildGstr1Sections([document], [], options),
    organisationStateCode,
  ).filter((contribution) => AMENDED_TABLES.has(contribution.table));
}

/**
 * GSTR-1 amendments of earlier periods reported in this one (issue 20): the portal fills 3.1 and
 * 3.2 from GSTR-1 *including* its amendment tables, net of what was reported before, so each
 * amended document adds its figures as they stand now and takes away those of the version the
 * portal last knew (`reported`). Table 8 (nil, exempt, non-GST) has no amendment table, so
 * 3.1(c) and (e) are left alone. A document whose reported version is unknown adds nothing.
 */
export function amendmentContributions(
  amended: readonly AmendedDocument[],
  options: { gstin: string; fp: string },
  organisationStateCode: string,
): Gstr3bContribution[] {
  const figuresOf = (document: ReturnDocument) =>
    amendableFigures(document, options, organisationStateCode);
  const out: Gstr3bContribution[] = [];
  for (const { document, reported } of amended) {
    if (!reported) continue;
    const base = {
      entryId: document.entryId,
      voucherType: document.voucherType,
      number: document.number,
      date: document.date,
      partyName: document.partyName,
      gstin: document.gstin,
      amendment: true,
    };
    for (const contribution of figuresOf(document)) out.push({ ...contribution, ...base });
    for (const contribution of figuresOf(reported)) {
      out.push({ ...contribution, ...signed(contribution, -1), ...base });
    }
  }
  return out;
}

/**
 * An invoice or note of a month whose IFF a quarterly (QRMP) filer filed, changed or deleted
 * since the filing (decision 058), in the versions the quarter's GSTR-3B reads.
 */
export interface IffReportedDocument {
  /** As the IFF reported it: the version current at the IFF's filing. */
  filed: ReturnDocument;
  /**
   * As last saved within the quarter: the amendments the next IFF or the quarter's GSTR-1 reports
   * (the same object as `filed` when nothing was saved within it after the filing).
   */
  quarterEnd: ReturnDocument;
  /** As it stands now (what the period's sums hold); null when deleted since. */
  current: ReturnDocument | null;
}

/** Whether the IFF carried the document: b2b and cdnr only (with a taxable line). */
function inIff(document: ReturnDocument, options: { gstin: string; fp: string }): boolean {
  const sections = buildGstr1Sections([document], [], options);
  return sections.b2b.length > 0 || sections.cdnr.length > 0;
}

/**
 * A quarterly filer's GSTR-3B of a quarter (decision 058): the portal fills 3.1 and 3.2 from the
 * IFFs of months 1 and 2 and the quarter's GSTR-1, amendment tables included. An IFF document
 * therefore counts as its IFF reported it, and each change saved after that within the quarter
 * as an amendment (amended − last reported, as decision 064); a change saved after the quarter
 * is the next period's, and a deletion is not an amendment (the IFF's figures stay). For the
 * details call: the period's contributions with each such document's 3.1(a)/(b) and 3.2 rows
 * replaced by its rows as filed and its amendment apart from them.
 */
export function withIffReported(
  contributions: readonly Gstr3bContribution[],
  documents: readonly IffReportedDocument[],
  options: { gstin: string; fp: string },
  organisationStateCode: string,
): Gstr3bContribution[] {
  const reported = documents.filter(({ filed }) => inIff(filed, options));
  const replaced = new Set(reported.map(({ filed }) => filed.entryId));
  return [
    ...contributions.filter(
      (contribution) =>
        !(replaced.has(contribution.entryId) && AMENDED_TABLES.has(contribution.table)),
    ),
    ...reported.flatMap(({ filed, quarterEnd }) => [
      ...amendableFigures(filed, options, organisationStateCode),
      ...(quarterEnd === filed
        ? []
        : amendmentContributions(
            [
              {
                document: quarterEnd,
                original: { number: filed.number, date: filed.date },
                reported: filed,
              },
            ],
            options,
            organisationStateCode,
          )),
    ]),
  ];
}

/**
 * The same documents' difference from their current figures (which the period's sums hold): what
 * the quarter's tables add, as last saved within the quarter minus as they stand now.
 */
export function iffReportedAdjustments(
  documents: readonly IffReportedDocument[],
  options: { gstin: string; fp: string },
  organisationStateCode: string,
): Gstr3bContribution[] {
  return documents
    .filter(({ filed }) => inIff(filed, options))
    .flatMap(({ quarterEnd, current }) => [
      ...amendableFigures(quarterEnd, options, organisationStateCode),
      ...(current ? amendableFigures(current, options, organisationStateCode) : []).map(
        (contribution) => ({ ...contribution, ...signed(contribution, -1) }),
      ),
    ]);
}

// ---------------------------------------------------------------------------------------------
// Inward: 3.1(d), 4 and 5.

/**
 * The ITC row of table 4A a taxable inward line's credit belongs to. The books have no Input
 * Service Distributor documents, so 4A(4) stays zero.
 */
function itcTable(document: InwardDocument): Gstr3bTable {
  if (document.importType === "goods") return "4A1";
  if (document.importType === "services") return "4A2";
  if (document.reverseCharge) return "4A3";
  return "4A5";
}

/**
 * The inward side: a purchase counts +1 and a debit note to a supplier (a return) −1, so notes
 * reduce the figures of their own period.
 * - Reverse charge (and an import of services, which the recipient pays under reverse charge):
 *   taxable value and tax into 3.1(d).
 * - ITC of each taxable line into its 4A row (IMPG, IMPS, ISRC, ISD, OTH); a line whose item or
 *   account is flagged "ITC not eligible" (s.17(5)) is reported in 4A and reversed in 4B(1).
 * - A place of supply in another state than the organisation's (a hotel stay elsewhere charged
 *   that state's CGST and SGST) loses the credit (IGST Act s.12, POS rules): into 4D(2), not 4A.
 * - Nil-rated and exempt lines, and every line from a composition dealer, into 5 "GST"; non-GST
 *   lines into 5 "non-GST"; inter or intra by the supplier's state against the place of supply.
 *   Imports are not inward supplies of table 5.
 */
export function inwardContributions(
  documents: readonly InwardDocument[],
  organisationStateCode: string,
): Gstr3bContribution[] {
  const out: Gstr3bContribution[] = [];
  for (const document of documents) {
    const sign = document.role === "inwardNote" ? -1 : 1;
    const base = {
      entryId: document.entryId,
      voucherType: document.voucherType,
      number: document.number,
      date: document.date,
      partyName: document.partyName,
      gstin: document.gstin,
    };
    const pos = document.pos ?? organisationStateCode;
    const supplierState = document.supplierStateCode ?? pos;
    const imported = document.importType !== null || document.partyGstType === "overseas";
    const composition = document.partyGstType === "composition";
    const posLost = !imported && pos !== organisationStateCode && pos !== OTHER_COUNTRIES_CODE;
    for (const line of document.lines) {
      if (line.taxablePaise === 0 && !hasTax(line)) continue;
      const amounts = signed(line, sign);
      const nonGst = line.gstRate === NO_GST_RATE;
      const nilOrExempt = line.gstRate === 0 || line.gstRate === EXEMPT_RATE;
      if (!imported && (nonGst || nilOrExempt || composition)) {
        out.push({
          ...base,
          table: nonGst ? "5b" : "5a",
          key: supplierState === pos ? "intra" : "inter",
          ...zeroTaxAmounts(),
          taxablePaise: amounts.taxablePaise,
        });
        continue;
      }
      if (nonGst || nilOrExempt) continue;
      if (
        document.importType === "services" ||
        (document.reverseCharge && document.importType !== "goods")
      ) {
        out.push({ ...base, table: "3.1d", key: null, ...amounts });
      }
      if (!hasTax(line)) continue;
      if (posLost) {
        out.push({ ...base, table: "4D2", key: null, ...amounts });
        continue;
      }
      out.push({ ...base, table: itcTable(document), key: null, ...amounts });
      if (line.itcIneligible) out.push({ ...base, table: "4B1", key: null, ...amounts });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Summary and the portal JSON.

function addTo(target: TaxAmounts, amounts: TaxAmounts): void {
  target.taxablePaise += amounts.taxablePaise;
  target.igstPaise += amounts.igstPaise;
  target.cgstPaise += amounts.cgstPaise;
  target.sgstPaise += amounts.sgstPaise;
  target.cessPaise += amounts.cessPaise;
}

function placeRows(contributions: readonly Gstr3bFigure[], table: Gstr3bTable) {
  const rows = new Map<string, Gstr3bPlaceRow>();
  for (const contribution of contributions) {
    if (contribution.table !== table || contribution.key === null) continue;
    const row = rows.get(contribution.key) ?? {
      pos: contribution.key,
      taxablePaise: 0,
      igstPaise: 0,
    };
    row.taxablePaise += contribution.taxablePaise;
    row.igstPaise += contribution.igstPaise;
    rows.set(contribution.key, row);
  }
  return [...rows.values()]
    .filter((row) => row.taxablePaise !== 0 || row.igstPaise !== 0)
    .sort((a, b) => a.pos.localeCompare(b.pos));
}

/** The tables' totals; 4C is exactly 4A minus 4B, head by head. */
export function summariseGstr3b(contributions: readonly Gstr3bFigure[]): Gstr3bSummary {
  const cells = Object.fromEntries(
    [...GSTR3B_TABLES, "4C"].map((table) => [table, zeroTaxAmounts()]),
  ) as Record<Gstr3bTable | "4C", TaxAmounts>;
  const inward = {
    gst: { interPaise: 0, intraPaise: 0 },
    nonGst: { interPaise: 0, intraPaise: 0 },
  };
  for (const contribution of contributions) {
    addTo(cells[contribution.table], contribution);
    if (contribution.table === "5a" || contribution.table === "5b") {
      const target = contribution.table === "5a" ? inward.gst : inward.nonGst;
      if (contribution.key === "inter") target.interPaise += contribution.taxablePaise;
      else target.intraPaise += contribution.taxablePaise;
    }
  }
  for (const table of ["4A1", "4A2", "4A3", "4A4", "4A5"] as const) {
    addTo(cells["4C"], cells[table]);
  }
  for (const table of ["4B1", "4B2"] as const) addTo(cells["4C"], signed(cells[table], -1));
  cells["4C"].taxablePaise = 0;
  return {
    cells,
    interSup: {
      unreg: placeRows(contributions, "3.2a"),
      comp: placeRows(contributions, "3.2b"),
      uin: placeRows(contributions, "3.2c"),
    },
    inward,
  };
}

/** ITC of the bills matched with the suppliers' GSTR-2B (gstr2's matchedItcForPeriod), in paise. */
export interface MatchedItc {
  igstPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  cessPaise: Paise;
}

/**
 * Table 4 "as per 2B, matched only" (decision 063): 4A(5) All other ITC becomes the credit of the
 * bills matched with the suppliers' GSTR-2B, and 4C follows it; `difference` is the books' 4A(5)
 * minus the matched credit, head by head (taxable value 0), shown beside it. The summary given is
 * not changed.
 */
export function withItcAsPer2B(
  summary: Gstr3bSummary,
  matched: MatchedItc,
): { summary: Gstr3bSummary; difference: TaxAmounts } {
  const books = summary.cells["4A5"];
  const difference: TaxAmounts = {
    taxablePaise: 0,
    igstPaise: books.igstPaise - matched.igstPaise,
    cgstPaise: books.cgstPaise - matched.cgstPaise,
    sgstPaise: books.sgstPaise - matched.sgstPaise,
    cessPaise: books.cessPaise - matched.cessPaise,
  };
  const net = { ...summary.cells["4C"] };
  addTo(net, signed(difference, -1));
  net.taxablePaise = 0;
  return {
    summary: {
      ...summary,
      cells: {
        ...summary.cells,
        "4A5": { taxablePaise: 0, ...matched },
        "4C": net,
      },
    },
    difference,
  };
}

const rupees = (paise: Paise): number => paiseToRupees(paise);

function taxBlock(amounts: TaxAmounts) {
  return {
    iamt: rupees(amounts.igstPaise),
    camt: rupees(amounts.cgstPaise),
    samt: rupees(amounts.sgstPaise),
    csamt: rupees(amounts.cessPaise),
  };
}

export type Gstr3bJson = {
  gstin: string;
  ret_period: string;
  sup_details: Record<string, Record<string, number>>;
  eco_dtls: {
    eco_sup: { txval: number; iamt: number; camt: number; samt: number; csamt: number };
    eco_reg_sup: { txval: number };
  };
  inter_sup: Record<string, { pos: string; txval: number; iamt: number }[]>;
  itc_elg: {
    itc_avl: ({ ty: string } & Record<string, number | string>)[];
    itc_rev: ({ ty: string } & Record<string, number | string>)[];
    itc_net: Record<string, number>;
    itc_inelg: ({ ty: string } & Record<string, number | string>)[];
  };
  inward_sup: { isup_details: { ty: string; inter: number; intra: number }[] };
};

/**
 * The portal's GSTR-3B JSON (gst-reference §6): gstin, ret_period MMYYYY, sup_details,
 * eco_dtls (3.1.1), inter_sup, itc_elg and inward_sup; amounts in rupees to 2 decimals.
 */
export function buildGstr3bJson(
  summary: Gstr3bSummary,
  options: { gstin: string; fp: string },
): Gstr3bJson {
  const { cells } = summary;
  const places = (rows: readonly Gstr3bPlaceRow[]) =>
    rows.map((row) => ({
      pos: row.pos,
      txval: rupees(row.taxablePaise),
      iamt: rupees(row.igstPaise),
    }));
  return {
    gstin: options.gstin,
    ret_period: options.fp,
    sup_details: {
      osup_det: { txval: rupees(cells["3.1a"].taxablePaise), ...taxBlock(cells["3.1a"]) },
      osup_zero: {
        txval: rupees(cells["3.1b"].taxablePaise),
        iamt: rupees(cells["3.1b"].igstPaise),
        csamt: rupees(cells["3.1b"].cessPaise),
      },
      osup_nil_exmp: { txval: rupees(cells["3.1c"].taxablePaise) },
      isup_rev: { txval: rupees(cells["3.1d"].taxablePaise), ...taxBlock(cells["3.1d"]) },
      osup_nongst: { txval: rupees(cells["3.1e"].taxablePaise) },
    },
    // 3.1.1 (supplies notified under section 9(5)); nothing in the books feeds it yet (decision 064).
    eco_dtls: {
      eco_sup: { txval: rupees(cells["3.1.1i"].taxablePaise), ...taxBlock(cells["3.1.1i"]) },
      eco_reg_sup: { txval: rupees(cells["3.1.1ii"].taxablePaise) },
    },
    inter_sup: {
      unreg_details: places(summary.interSup.unreg),
      comp_details: places(summary.interSup.comp),
      uin_details: places(summary.interSup.uin),
    },
    itc_elg: {
      itc_avl: [
        { ty: "IMPG", ...taxBlock(cells["4A1"]) },
        { ty: "IMPS", ...taxBlock(cells["4A2"]) },
        { ty: "ISRC", ...taxBlock(cells["4A3"]) },
        { ty: "ISD", ...taxBlock(cells["4A4"]) },
        { ty: "OTH", ...taxBlock(cells["4A5"]) },
      ],
      itc_rev: [
        { ty: "RUL", ...taxBlock(cells["4B1"]) },
        { ty: "OTH", ...taxBlock(cells["4B2"]) },
      ],
      itc_net: taxBlock(cells["4C"]),
      itc_inelg: [
        { ty: "RUL", ...taxBlock(cells["4D1"]) },
        { ty: "OTH", ...taxBlock(cells["4D2"]) },
      ],
    },
    inward_sup: {
      isup_details: [
        {
          ty: "GST",
          inter: rupees(summary.inward.gst.interPaise),
          intra: rupees(summary.inward.gst.intraPaise),
        },
        {
          ty: "NONGST",
          inter: rupees(summary.inward.nonGst.interPaise),
          intra: rupees(summary.inward.nonGst.intraPaise),
        },
      ],
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading a stored purchase or debit note.

/**
 * A stored inward voucher as GSTR-3B reads it: the amounts, place of supply, supplier state,
 * party type and import type as saved (DESIGN.md 10). A line is "ITC not eligible" when its item,
 * or the account of an account line, carries the section 17(5) flag.
 */
export function toInwardDocument(
  stored: {
    id: string;
    type: string;
    date: CivilDate;
    number: string;
    partyName: string | null;
    /** The stored JSON (text or parsed), read by readStoredDocument. */
    document: string | object;
  },
  role: "inwardSupply" | "inwardNote",
  ineligible: { itemIds: ReadonlySet<string>; accountIds: ReadonlySet<string> },
): InwardDocument {
  const doc = readStoredDocument(stored.type, stored.document);
  const lineOf = (line: StoredItemLine | StoredAccountLine, blocked: boolean): InwardLine => ({
    gstRate: line.gstRate,
    taxablePaise: line.taxablePaise,
    igstPaise: line.igstPaise,
    cgstPaise: line.cgstPaise,
    sgstPaise: line.sgstPaise,
    cessPaise: line.cessPaise,
    itcIneligible: blocked,
  });
  const { importType } = doc.json as { importType?: unknown };
  return {
    entryId: stored.id,
    voucherType: stored.type,
    role,
    number: stored.number,
    date: stored.date,
    partyName: stored.partyName ?? "",
    gstin: doc.gstin,
    pos: doc.pos,
    supplierStateCode: doc.supplierStateCode,
    partyGstType: doc.partyGstType,
    importType: importType === "goods" || importType === "services" ? importType : null,
    reverseCharge: doc.reverseCharge,
    lines: [
      ...doc.itemLines.map((line) => lineOf(line, ineligible.itemIds.has(line.itemId))),
      ...doc.accountLines.map((line) => lineOf(line, ineligible.accountIds.has(line.accountId))),
    ],
  };
}
