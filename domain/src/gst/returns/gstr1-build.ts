import { formatDateDisplay } from "../../calendar/index.ts";
import { type Paise, paiseToRupees } from "../../money/index.ts";
import {
  classifyDocument,
  type DocumentSection,
  invoiceTypeOf,
  isExport,
  isInterState,
  kindOfLine,
  type LineKind,
  placeOfSupplyOf,
} from "./gstr1-classify.ts";
import type { DeletedNumber, ReturnDocument, ReturnLine } from "./return-document.ts";

/** The sections of GSTR-1 this builder fills (gst-reference §4), in the portal's order. */
export const GSTR1_SECTIONS = [
  "b2b",
  "b2cl",
  "b2cs",
  "exp",
  "cdnr",
  "cdnur",
  "nil",
  "hsn",
  "doc_issue",
] as const;
export type Gstr1Section = (typeof GSTR1_SECTIONS)[number];

/** IFF carries only B2B invoices and notes to registered recipients (returns-reference §1.4). */
export const IFF_SECTIONS = ["b2b", "cdnr"] as const satisfies readonly Gstr1Section[];

export const GSTR1_SECTION_TITLES: Readonly<Record<Gstr1Section, string>> = {
  b2b: "B2B invoices (4A, 4B, 6B, 6C)",
  b2cl: "B2C large (5)",
  b2cs: "B2C small (7)",
  exp: "Exports (6A)",
  cdnr: "Notes, registered (9B)",
  cdnur: "Notes, unregistered (9B)",
  nil: "Nil, exempt, non-GST (8)",
  hsn: "HSN summary (12)",
  doc_issue: "Documents issued (13)",
};

/** Tax amounts of a row or a total, in paise. */
export interface TaxAmounts {
  taxablePaise: Paise;
  igstPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  cessPaise: Paise;
}

/** One document in b2b, b2cl, b2cs, exp, cdnr or cdnur (notes netting into b2cs included). */
export interface DocumentRow extends TaxAmounts {
  entryId: string;
  transactionType: string;
  number: string;
  date: string;
  partyName: string;
  gstin: string | null;
  pos: string;
  invoiceType: string;
  reverseCharge: boolean;
  noteType: "C" | "D" | null;
  /** The document's value; a credit note's is shown as it is (positive) with noteType C. */
  valuePaise: Paise;
  /** +1, or -1 for a credit note: how the row counts in the section's totals. */
  sign: 1 | -1;
}

export interface NilRow {
  supplyType: "INTRB2B" | "INTRAB2B" | "INTRB2C" | "INTRAB2C";
  nilPaise: Paise;
  exemptPaise: Paise;
  nonGstPaise: Paise;
}

export interface HsnRow extends TaxAmounts {
  /** hsn_b2b or hsn_b2c from the May 2025 period, else data. */
  table: "data" | "hsn_b2b" | "hsn_b2c";
  hsn: string;
  description: string;
  uqc: string;
  quantityMilli: number;
  rate: number;
}

export interface DocIssueRow {
  nature: number;
  natureTitle: string;
  series: string;
  from: string;
  to: string;
  total: number;
  cancelled: number;
  netIssued: number;
}

export interface Gstr1Sections {
  b2b: DocumentRow[];
  b2cl: DocumentRow[];
  b2cs: DocumentRow[];
  exp: DocumentRow[];
  cdnr: DocumentRow[];
  cdnur: DocumentRow[];
  nil: NilRow[];
  hsn: HsnRow[];
  doc_issue: DocIssueRow[];
}

export interface Gstr1Options {
  /** The organisation's GSTIN (its first two digits are the supplier's state). */
  gstin: string;
  /** MMYYYY of the period's last month. */
  fp: string;
}

/** gst-reference §4 "Nature-of-document codes". */
export const TABLE13_NATURE_TITLES: Readonly<Record<number, string>> = {
  1: "Invoices for outward supply",
  2: "Invoices for inward supply from unregistered person",
  3: "Revised Invoice",
  4: "Debit Note",
  5: "Credit Note",
  6: "Receipt voucher",
  7: "Payment Voucher",
  8: "Refund voucher",
};

/** From the May 2025 return period Table 12 has separate B2B and B2C tabs (advisory 1 May 2025). */
export function isHsnSplitPeriod(fp: string): boolean {
  return `${fp.slice(2)}${fp.slice(0, 2)}` >= "202505";
}

function zeroAmounts(): TaxAmounts {
  return { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 };
}

function addAmounts(target: TaxAmounts, line: TaxAmounts, sign: number): void {
  target.taxablePaise += sign * line.taxablePaise;
  target.igstPaise += sign * line.igstPaise;
  target.cgstPaise += sign * line.cgstPaise;
  target.sgstPaise += sign * line.sgstPaise;
  target.cessPaise += sign * line.cessPaise;
}

export const signOf = (document: Pick<ReturnDocument, "noteType">): 1 | -1 =>
  document.noteType === "C" ? -1 : 1;

export function taxableLines(document: ReturnDocument): ReturnLine[] {
  return document.lines.filter(
    (line) => line.taxablePaise !== 0 && kindOfLine(line, document) === "taxable",
  );
}

/** Every section of GSTR-1, with no rows. */
export function emptyGstr1Sections(): Gstr1Sections {
  return {
    b2b: [],
    b2cl: [],
    b2cs: [],
    exp: [],
    cdnr: [],
    cdnur: [],
    nil: [],
    hsn: [],
    doc_issue: [],
  };
}

/** Which section each document of the period goes to, with its row for the screen. */
export function buildGstr1Sections(
  documents: readonly ReturnDocument[],
  deleted: readonly DeletedNumber[],
  options: Gstr1Options,
): Gstr1Sections {
  const stateCode = options.gstin.slice(0, 2);
  const sections = emptyGstr1Sections();
  const nil: NilSum[] = [];
  const hsn: HsnSum[] = [];

  for (const document of documents) {
    const section = classifyDocument(document, stateCode);
    const amounts = zeroAmounts();
    for (const line of taxableLines(document)) addAmounts(amounts, line, 1);
    const hasTaxable = taxableLines(document).length > 0;
    // A document of only nil, exempt or non-GST lines is reported in Table 8 alone.
    if (hasTaxable) sections[section].push(toDocumentRow(document, section, amounts, stateCode));
    const sums = tableSumsOf(document, stateCode);
    nil.push(...sums.nil);
    hsn.push(...sums.hsn);
  }
  sections.nil = buildNilRows(nil);
  sections.hsn = buildHsnRows(hsn, options.fp);
  sections.doc_issue = buildDocIssueRows(documents, deleted);
  return sections;
}

// ---------------------------------------------------------------------------------------------
// Tables 8 and 12 from sum rows: a document's lines reduce to the same rows the saved facts sum
// (return-fact-sums.ts), and both go through buildNilRows and buildHsnRows.

/**
 * A line with a value, as Tables 8 and 12, the B2C small buckets and the saved facts read it:
 * amounts and quantity signed as the return counts them.
 */
export interface ValuedLine extends TaxAmounts {
  /** The line's place in the document (item lines, then account lines). */
  lineNo: number;
  kind: LineKind;
  /** The line's own rate (percent; -1 exempt, -2 non-GST). */
  gstRate: number;
  /** Table 12's key: HSN (or ""), UQC and the reported rate (0 for nil, exempt, non-GST). */
  hsn: string;
  uqc: string;
  hsnRate: number;
  /** Table 12's description: the line's, cut to 30 characters. */
  description: string;
  /** Signed thousandths; 0 for services and for a note that only adjusts a price. */
  quantityMilli: number;
}

/** The kinds of line Table 8 reports. */
export type NilKind = Exclude<LineKind, "taxable">;

/** One Table 8 sum: nil-rated, exempt or non-GST value by inter-state and registered (signed). */
export interface NilSum {
  inter: boolean;
  registered: boolean;
  kind: NilKind;
  taxablePaise: Paise;
}

/** One Table 12 sum: by registered, HSN, UQC and reported rate (signed). */
export interface HsnSum extends TaxAmounts {
  registered: boolean;
  hsn: string;
  uqc: string;
  rate: number;
  /** The first line's description ("" when summed without descriptions). */
  description: string;
  quantityMilli: number;
}

/** A document's lines with a value, signed as the return counts them (credit notes subtract). */
export function valuedLinesOf(document: ReturnDocument): ValuedLine[] {
  const sign = signOf(document);
  const lines: ValuedLine[] = [];
  document.lines.forEach((line, index) => {
    if (line.taxablePaise === 0) return;
    lines.push({
      lineNo: index,
      kind: kindOfLine(line, document),
      gstRate: line.gstRate,
      hsn: line.hsn ?? "",
      uqc: uqcOf(line),
      hsnRate: reportedRate(line),
      description: line.description.slice(0, 30),
      // A note that only adjusts a price or discount changes the value, not the quantity (issue 19).
      quantityMilli:
        !line.isService && !document.priceAdjustmentOnly ? sign * line.quantityMilli : 0,
      taxablePaise: sign * line.taxablePaise,
      igstPaise: sign * line.igstPaise,
      cgstPaise: sign * line.cgstPaise,
      sgstPaise: sign * line.sgstPaise,
      cessPaise: sign * line.cessPaise,
    });
  });
  return lines;
}

/** A valued line's Table 8 sum, or null for a taxable line. */
export function nilSumOf(
  line: Pick<ValuedLine, "kind" | "taxablePaise">,
  party: { inter: boolean; registered: boolean },
): NilSum | null {
  if (line.kind === "taxable") return null;
  return {
    inter: party.inter,
    registered: party.registered,
    kind: line.kind,
    taxablePaise: line.taxablePaise,
  };
}

/** A valued line's Table 12 sum. */
export function hsnSumOf(line: ValuedLine, registered: boolean): HsnSum {
  return {
    registered,
    hsn: line.hsn,
    uqc: line.uqc,
    rate: line.hsnRate,
    description: line.description,
    quantityMilli: line.quantityMilli,
    taxablePaise: line.taxablePaise,
    igstPaise: line.igstPaise,
    cgstPaise: line.cgstPaise,
    sgstPaise: line.sgstPaise,
    cessPaise: line.cessPaise,
  };
}

/** A document's Table 8 and Table 12 sums, one per valued line. */
export function tableSumsOf(
  document: ReturnDocument,
  stateCode: string,
): { nil: NilSum[]; hsn: HsnSum[] } {
  const party = { inter: isInterState(document, stateCode), registered: document.gstin !== null };
  const nil: NilSum[] = [];
  const hsn: HsnSum[] = [];
  for (const line of valuedLinesOf(document)) {
    const sum = nilSumOf(line, party);
    if (sum) nil.push(sum);
    hsn.push(hsnSumOf(line, party.registered));
  }
  return { nil, hsn };
}

const NIL_SUPPLY_TYPES = ["INTRB2B", "INTRAB2B", "INTRB2C", "INTRAB2C"] as const;

/** Table 8 from its sums: one row per supply type that has any, in the portal's order. */
export function buildNilRows(sums: readonly NilSum[]): NilRow[] {
  const rows = new Map<NilRow["supplyType"], NilRow>();
  for (const sum of sums) {
    const supplyType: NilRow["supplyType"] = `${sum.inter ? "INTR" : "INTRA"}${sum.registered ? "B2B" : "B2C"}`;
    const row = rows.get(supplyType) ?? { supplyType, nilPaise: 0, exemptPaise: 0, nonGstPaise: 0 };
    if (sum.kind === "nil") row.nilPaise += sum.taxablePaise;
    if (sum.kind === "exempt") row.exemptPaise += sum.taxablePaise;
    if (sum.kind === "nonGst") row.nonGstPaise += sum.taxablePaise;
    rows.set(supplyType, row);
  }
  return NIL_SUPPLY_TYPES.flatMap((supplyType) => {
    const row = rows.get(supplyType);
    return row ? [row] : [];
  });
}

/**
 * Table 12 from its sums, in its order: by table (B2B and B2C apart from May 2025, `fp` MMYYYY),
 * HSN, UQC and rate; a row's description is its first sum's (the sums in the return's order).
 */
export function buildHsnRows(sums: readonly HsnSum[], fp: string): HsnRow[] {
  const split = isHsnSplitPeriod(fp);
  const rows = new Map<string, HsnRow>();
  for (const sum of sums) {
    const table: HsnRow["table"] = split ? (sum.registered ? "hsn_b2b" : "hsn_b2c") : "data";
    const key = `${table}|${sum.hsn}|${sum.uqc}|${sum.rate}`;
    const row = rows.get(key) ?? {
      table,
      hsn: sum.hsn,
      description: sum.description,
      uqc: sum.uqc,
      quantityMilli: 0,
      rate: sum.rate,
      ...zeroAmounts(),
    };
    row.quantityMilli += sum.quantityMilli;
    addAmounts(row, sum, 1);
    rows.set(key, row);
  }
  return [...rows.values()].sort(compareHsnRows);
}

/** Table 12's order: table, HSN, UQC, rate. */
export function compareHsnRows(
  a: Pick<HsnRow, "table" | "hsn" | "uqc" | "rate">,
  b: Pick<HsnRow, "table" | "hsn" | "uqc" | "rate">,
): number {
  return (
    a.table.localeCompare(b.table) ||
    a.hsn.localeCompare(b.hsn) ||
    a.uqc.localeCompare(b.uqc) ||
    a.rate - b.rate
  );
}

/** A document's row in its section, its taxable lines' amounts summed (the screen's row). */
export function documentRowOf(
  document: ReturnDocument,
  section: DocumentSection,
  stateCode: string,
): DocumentRow {
  const amounts = zeroAmounts();
  for (const line of taxableLines(document)) addAmounts(amounts, line, 1);
  return toDocumentRow(document, section, amounts, stateCode);
}

function toDocumentRow(
  document: ReturnDocument,
  section: DocumentSection,
  amounts: TaxAmounts,
  stateCode: string,
): DocumentRow {
  const invoiceType =
    section === "exp"
      ? document.supplyKind === "exportWithPayment"
        ? "WPAY"
        : "WOPAY"
      : section === "cdnur"
        ? isExport(document)
          ? document.supplyKind === "exportWithPayment"
            ? "EXPWP"
            : "EXPWOP"
          : "B2CL"
        : section === "b2cs"
          ? "OE"
          : invoiceTypeOf(document);
  return {
    entryId: document.entryId,
    transactionType: document.voucherType,
    number: document.number,
    date: document.date,
    partyName: document.partyName,
    gstin: document.gstin,
    pos: placeOfSupplyOf(document, stateCode),
    invoiceType,
    reverseCharge: document.reverseCharge,
    noteType: document.noteType,
    valuePaise: document.totalPaise,
    sign: signOf(document),
    ...amounts,
  };
}

/** Table 12 reports the rate of a nil-rated, exempt or non-GST line as 0. */
export function reportedRate(line: ReturnLine): number {
  return line.gstRate < 0 ? 0 : line.gstRate;
}

/** Table 12's UQC: NA for services (gst-reference §3), else the line's unit, OTH when it has none. */
export function uqcOf(line: ReturnLine): string {
  if (line.isService) return "NA";
  return line.uqc ?? "OTH";
}

/** A number series is the number without its trailing digits (issue 19, Table 13). */
export function splitDocumentNumber(number: string): { series: string; sequence: number | null } {
  const match = /^(.*?)(\d+)$/.exec(number);
  if (!match) return { series: number, sequence: null };
  return { series: match[1] ?? "", sequence: Number(match[2]) };
}

/** Table 13 from the period's live documents (their nature and number) and deleted numbers. */
export function buildDocIssueRows(
  documents: readonly Pick<ReturnDocument, "table13Nature" | "number">[],
  deleted: readonly DeletedNumber[],
): DocIssueRow[] {
  type Series = {
    nature: number;
    series: string;
    live: Map<string, number>;
    gone: Map<string, number>;
  };
  const all = new Map<string, Series>();
  const seriesOf = (nature: number, number: string) => {
    const { series, sequence } = splitDocumentNumber(number);
    // A number without trailing digits is a series of its own.
    const name = sequence === null ? number : series;
    const key = `${nature}|${name}`;
    const found = all.get(key) ?? { nature, series: name, live: new Map(), gone: new Map() };
    all.set(key, found);
    return { found, sequence: sequence ?? 0 };
  };
  for (const document of documents) {
    if (document.table13Nature === null) continue;
    const { found, sequence } = seriesOf(document.table13Nature, document.number);
    found.live.set(document.number, sequence);
  }
  for (const number of deleted) {
    const { found, sequence } = seriesOf(number.table13Nature, number.number);
    found.gone.set(number.number, sequence);
  }
  const rows: DocIssueRow[] = [];
  for (const series of all.values()) {
    for (const number of series.live.keys()) series.gone.delete(number);
    // The lowest and highest number of the series (by sequence, then text), found in one pass:
    // a month at 1M vouchers has some 35,000 numbers, which sorting took most of the counts' time on.
    const order = (a: [string, number], b: [string, number]) =>
      a[1] - b[1] || a[0].localeCompare(b[0]);
    let first: [string, number] | undefined;
    let last: [string, number] | undefined;
    for (const entries of [series.live, series.gone]) {
      for (const entry of entries) {
        if (!first || order(entry, first) < 0) first = entry;
        if (!last || order(entry, last) >= 0) last = entry;
      }
    }
    if (!first || !last) continue;
    const total = series.live.size + series.gone.size;
    const cancelled = series.gone.size;
    rows.push({
      nature: series.nature,
      natureTitle: TABLE13_NATURE_TITLES[series.nature] ?? "",
      series: series.series,
      from: first[0],
      to: last[0],
      total,
      cancelled,
      netIssued: total - cancelled,
    });
  }
  return rows.sort((a, b) => a.nature - b.nature || a.series.localeCompare(b.series));
}

// ---------------------------------------------------------------------------------------------
// The portal's JSON (gst-reference §4; returns-reference §0): amounts to 2 decimals, dates
// dd-mm-yyyy, pos two digits, notes as positive values with ntty.

const rupees = (paise: Paise): number => paiseToRupees(paise);

function portalDate(date: string): string {
  return formatDateDisplay(date);
}

/** Item rows of a document: its taxable lines grouped by rate, numbered 1..n. */
function groupByRate(document: ReturnDocument): (TaxAmounts & { rate: number })[] {
  const byRate = new Map<number, TaxAmounts & { rate: number }>();
  for (const line of taxableLines(document)) {
    const row = byRate.get(line.gstRate) ?? { rate: line.gstRate, ...zeroAmounts() };
    addAmounts(row, line, 1);
    byRate.set(line.gstRate, row);
  }
  return [...byRate.values()].sort((a, b) => a.rate - b.rate);
}

function itemDetails(amounts: TaxAmounts & { rate: number }, inter: boolean) {
  return inter
    ? {
        rt: amounts.rate,
        txval: rupees(amounts.taxablePaise),
        iamt: rupees(amounts.igstPaise),
        csamt: rupees(amounts.cessPaise),
      }
    : {
        rt: amounts.rate,
        txval: rupees(amounts.taxablePaise),
        camt: rupees(amounts.cgstPaise),
        samt: rupees(amounts.sgstPaise),
        csamt: rupees(amounts.cessPaise),
      };
}

function numberedItems(document: ReturnDocument, inter: boolean) {
  return groupByRate(document).map((amounts, index) => ({
    num: index + 1,
    itm_det: itemDetails(amounts, inter),
  }));
}

function groupBy<T, K>(values: readonly T[], keyOf: (value: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const value of values) {
    const key = keyOf(value);
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}

export type Gstr1Json = Record<string, unknown> & { gstin: string; fp: string };

/** The version string the offline tool writes; the portal does not validate it (ic#3435). */
export const GSTR1_JSON_VERSION = "GST3.2.2";

/**
 * The file to upload: only the sections that have rows. `only` limits the sections (IFF). B2CS
 * rows aggregate by supply type, place of supply and rate, notes netted in.
 */
export function buildGstr1Json(
  documents: readonly ReturnDocument[],
  sections: Gstr1Sections,
  options: Gstr1Options & { only?: readonly Gstr1Section[] },
): Gstr1Json {
  const stateCode = options.gstin.slice(0, 2);
  const wanted = (section: Gstr1Section) => !options.only || options.only.includes(section);
  const byId = new Map(documents.map((document) => [document.entryId, document]));
  const documentOf = (row: DocumentRow) => byId.get(row.entryId) as ReturnDocument;
  const json: Gstr1Json = {
    gstin: options.gstin,
    fp: options.fp,
    version: GSTR1_JSON_VERSION,
    hash: "hash",
  };

  if (wanted("b2b") && sections.b2b.length > 0) {
    json.b2b = [...groupBy(sections.b2b, (row) => row.gstin ?? "")].map(([ctin, rows]) => ({
      ctin,
      inv: rows.map((row) => {
        const document = documentOf(row);
        return {
          inum: row.number,
          idt: portalDate(row.date),
          val: rupees(row.valuePaise),
          pos: row.pos,
          rchrg: row.reverseCharge ? "Y" : "N",
          inv_typ: row.invoiceType,
          itms: numberedItems(document, isInterState(document, stateCode)),
        };
      }),
    }));
  }
  if (wanted("b2cl") && sections.b2cl.length > 0) {
    json.b2cl = [...groupBy(sections.b2cl, (row) => row.pos)].map(([pos, rows]) => ({
      pos,
      inv: rows.map((row) => ({
        inum: row.number,
        idt: portalDate(row.date),
        val: rupees(row.valuePaise),
        itms: numberedItems(documentOf(row), true),
      })),
    }));
  }
  if (wanted("b2cs") && sections.b2cs.length > 0) {
    const rows = b2csJsonRows(aggregateB2csRows(sections.b2cs, documentOf, stateCode));
    if (rows.length > 0) json.b2cs = rows;
  }
  if (wanted("exp") && sections.exp.length > 0) {
    json.exp = [...groupBy(sections.exp, (row) => row.invoiceType)].map(([expTyp, rows]) => ({
      exp_typ: expTyp,
      inv: rows.map((row) => {
        const document = documentOf(row);
        return {
          inum: row.number,
          idt: portalDate(row.date),
          val: rupees(row.valuePaise),
          ...(document.portCode ? { sbpcode: document.portCode } : {}),
          ...(document.shippingBillNumber ? { sbnum: document.shippingBillNumber } : {}),
          ...(document.shippingBillDate ? { sbdt: portalDate(document.shippingBillDate) } : {}),
          itms: groupByRate(document).map((amounts) => ({
            txval: rupees(amounts.taxablePaise),
            rt: amounts.rate,
            iamt: rupees(amounts.igstPaise),
            csamt: rupees(amounts.cessPaise),
          })),
        };
      }),
    }));
  }
  if (wanted("cdnr") && sections.cdnr.length > 0) {
    json.cdnr = [...groupBy(sections.cdnr, (row) => row.gstin ?? "")].map(([ctin, rows]) => ({
      ctin,
      nt: rows.map((row) => {
        const document = documentOf(row);
        return {
          ntty: row.noteType ?? "C",
          nt_num: row.number,
          nt_dt: portalDate(row.date),
          pos: row.pos,
          rchrg: row.reverseCharge ? "Y" : "N",
          inv_typ: row.invoiceType,
          val: rupees(row.valuePaise),
          itms: numberedItems(document, isInterState(document, stateCode)),
        };
      }),
    }));
  }
  if (wanted("cdnur") && sections.cdnur.length > 0) {
    json.cdnur = sections.cdnur.map((row) => ({
      typ: row.invoiceType,
      ntty: row.noteType ?? "C",
      nt_num: row.number,
      nt_dt: portalDate(row.date),
      ...(row.invoiceType === "B2CL" ? { pos: row.pos } : {}),
      val: rupees(row.valuePaise),
      itms: numberedItems(documentOf(row), true),
    }));
  }
  if (wanted("nil") && sections.nil.length > 0) {
    json.nil = {
      inv: sections.nil.map((row) => ({
        sply_ty: row.supplyType,
        nil_amt: rupees(row.nilPaise),
        expt_amt: rupees(row.exemptPaise),
        ngsup_amt: rupees(row.nonGstPaise),
      })),
    };
  }
  if (wanted("hsn") && sections.hsn.length > 0) {
    const toJson = (rows: HsnRow[]) =>
      rows.map((row, index) => ({
        num: index + 1,
        hsn_sc: row.hsn,
        desc: row.description,
        uqc: row.uqc,
        qty: row.quantityMilli / 1000,
        rt: row.rate,
        txval: rupees(row.taxablePaise),
        iamt: rupees(row.igstPaise),
        camt: rupees(row.cgstPaise),
        samt: rupees(row.sgstPaise),
        csamt: rupees(row.cessPaise),
      }));
    json.hsn = isHsnSplitPeriod(options.fp)
      ? {
          hsn_b2b: toJson(sections.hsn.filter((row) => row.table === "hsn_b2b")),
          hsn_b2c: toJson(sections.hsn.filter((row) => row.table === "hsn_b2c")),
        }
      : { data: toJson(sections.hsn) };
  }
  if (wanted("doc_issue") && sections.doc_issue.length > 0) {
    json.doc_issue = {
      doc_det: [...groupBy(sections.doc_issue, (row) => row.nature)].map(([nature, rows]) => ({
        doc_num: nature,
        doc_typ: TABLE13_NATURE_TITLES[nature] ?? "",
        docs: rows.map((row, index) => ({
          num: index + 1,
          from: row.from,
          to: row.to,
          totnum: row.total,
          cancel: row.cancelled,
          net_issue: row.netIssued,
        })),
      })),
    };
  }
  return json;
}

export interface B2csAggregate extends TaxAmounts {
  supplyType: "INTRA" | "INTER";
  pos: string;
  rate: number;
}

/** One row per (supply type, place of supply, rate), notes to unregistered persons netted in. */
export function aggregateB2csRows(
  rows: readonly DocumentRow[],
  documentOf: (row: DocumentRow) => ReturnDocument,
  stateCode: string,
): B2csAggregate[] {
  return mergeB2csAggregates(
    [],
    rows.flatMap((row) => {
      const document = documentOf(row);
      const supplyType = isInterState(document, stateCode) ? "INTER" : "INTRA";
      return taxableLines(document).map((line) => {
        const bucket: B2csAggregate = {
          supplyType,
          pos: row.pos,
          rate: line.gstRate,
          ...zeroAmounts(),
        };
        addAmounts(bucket, line, row.sign);
        return bucket;
      });
    }),
  );
}

/**
 * Adds buckets of B2C small into others by (supply type, place, rate), in paise, sorted as Table 7
 * is: the file built a page of documents at a time merges each page's buckets so.
 */
export function mergeB2csAggregates(
  into: readonly B2csAggregate[],
  more: readonly B2csAggregate[],
): B2csAggregate[] {
  const buckets = new Map<string, B2csAggregate>();
  for (const bucket of [...into, ...more]) {
    const key = `${bucket.supplyType}|${bucket.pos}|${bucket.rate}`;
    const merged = buckets.get(key) ?? { ...bucket, ...zeroAmounts() };
    addAmounts(merged, bucket, 1);
    buckets.set(key, merged);
  }
  return [...buckets.values()].sort(
    (a, b) =>
      a.supplyType.localeCompare(b.supplyType) || a.pos.localeCompare(b.pos) || a.rate - b.rate,
  );
}

/** Table 7's rows of the file from the buckets (a bucket that nets to nothing is left out). */
export function b2csJsonRows(buckets: readonly B2csAggregate[]) {
  return buckets
    .filter((bucket) => bucket.taxablePaise !== 0 || bucket.igstPaise + bucket.cgstPaise !== 0)
    .map((bucket) => ({
      sply_ty: bucket.supplyType,
      pos: bucket.pos,
      typ: "OE",
      rt: bucket.rate,
      txval: rupees(bucket.taxablePaise),
      ...(bucket.supplyType === "INTER"
        ? { iamt: rupees(bucket.igstPaise) }
        : { camt: rupees(bucket.cgstPaise), samt: rupees(bucket.sgstPaise) }),
      csamt: rupees(bucket.cessPaise),
    }));
}

export interface SectionTotals extends TaxAmounts {
  count: number;
  valuePaise: Paise;
}

/** Count and signed totals of a section's rows (credit notes subtract). */
export function totalSection(sections: Gstr1Sections, section: Gstr1Section): SectionTotals {
  const totals: SectionTotals = { count: 0, valuePaise: 0, ...zeroAmounts() };
  if (section === "nil") {
    for (const row of sections.nil) {
      totals.count += 1;
      totals.valuePaise += row.nilPaise + row.exemptPaise + row.nonGstPaise;
    }
    return totals;
  }
  if (section === "doc_issue") {
    totals.count = sections.doc_issue.length;
    return totals;
  }
  if (section === "hsn") {
    for (const row of sections.hsn) {
      totals.count += 1;
      addAmounts(totals, row, 1);
    }
    totals.valuePaise = totals.taxablePaise;
    return totals;
  }
  for (const row of sections[section]) {
    totals.count += 1;
    totals.valuePaise += row.sign * row.valuePaise;
    addAmounts(totals, row, row.sign);
  }
  return totals;
}
