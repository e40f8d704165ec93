import type { Paise } from "../../money/index.ts";
import {
  type B2csAggregate,
  type HsnSum,
  hsnSumOf,
  type NilKind,
  type NilSum,
  nilSumOf,
  type SectionTotals,
  type TaxAmounts,
  type ValuedLine,
} from "./gstr1-build.ts";
import type { DocumentSection, LineKind } from "./gstr1-classify.ts";
import {
  GSTR3B_TABLES,
  type Gstr3bFigure,
  type Gstr3bOutwardKind,
  type Gstr3bTable,
  outwardFactsFigures,
} from "./gstr3b.ts";
import type { ReturnFacts } from "./return-facts.ts";

// The typed contract of the saved return facts' sums (decision 056, issue 34): what a month's sum
// is keyed by, how that key is written to and read from its text, and how a voucher's facts add
// to the sums. The server only stores and loads; the rules are here.

/** The groups a month's sums are kept in. */
export const RETURN_FACT_GROUPS = ["section", "nil", "hsn", "b2cs", "gstr3b"] as const;
export type ReturnFactGroup = (typeof RETURN_FACT_GROUPS)[number];

export const DOCUMENT_SECTIONS: readonly DocumentSection[] = [
  "b2b",
  "b2cl",
  "b2cs",
  "exp",
  "cdnr",
  "cdnur",
];
const NIL_KINDS: readonly NilKind[] = ["nil", "exempt", "nonGst"];
const LINE_KINDS: readonly LineKind[] = ["taxable", ...NIL_KINDS];

/** What one sum is kept under, by group. */
export type ReturnFactKey =
  /** A document section: the documents with a taxable line. */
  | { grp: "section"; section: DocumentSection }
  /** A Table 8 row's part: nil-rated, exempt or non-GST lines. */
  | { grp: "nil"; inter: boolean; registered: boolean; kind: NilKind }
  /** A Table 12 row (B2B and B2C apart, for the periods that split them). */
  | { grp: "hsn"; registered: boolean; hsn: string; uqc: string; rate: number }
  /** A B2C small bucket (Table 7): supply type, place of supply, the line's rate. */
  | { grp: "b2cs"; inter: boolean; pos: string; rate: number }
  /** A GSTR-3B figure of 3.1 or 3.2 (decision 057): its table, and its place for 3.2. */
  | { grp: "gstr3b"; table: Gstr3bTable; key: string | null };

export type ReturnFactKeyOf<G extends ReturnFactGroup> = Extract<ReturnFactKey, { grp: G }>;

/**
 * A key as stored in `gst_return_sums.key` (its group is the row's `grp`): the JSON text of the
 * section, or of the tuple [inter, registered, kind] (nil), [registered, hsn, uqc, rate] (hsn),
 * [inter, pos, rate] (b2cs), [table, place] (gstr3b) — the format facts of every version wrote.
 */
export function encodeFactKey(key: ReturnFactKey): string {
  switch (key.grp) {
    case "section":
      return JSON.stringify(key.section);
    case "nil":
      return JSON.stringify([key.inter, key.registered, key.kind]);
    case "hsn":
      return JSON.stringify([key.registered, key.hsn, key.uqc, key.rate]);
    case "b2cs":
      return JSON.stringify([key.inter, key.pos, key.rate]);
    case "gstr3b":
      return JSON.stringify([key.table, key.key]);
  }
}

const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isText = (value: unknown): value is string => typeof value === "string";
const isNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);
const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === "string" && (values as readonly string[]).includes(value);
export const isDocumentSection = isOneOf(DOCUMENT_SECTIONS);
export const isLineKind = isOneOf(LINE_KINDS);
const isNilKind = isOneOf(NIL_KINDS);
const isGstr3bTable = isOneOf(GSTR3B_TABLES);

/** A stored key read back, checked against its group's shape; a TypeError when it is not one. */
export function decodeFactKey<G extends ReturnFactGroup>(grp: G, text: string): ReturnFactKeyOf<G> {
  const key = readKey(grp, text);
  if (key === null) throw new TypeError(`Not a ${grp} sum's key: ${text}`);
  return key as ReturnFactKeyOf<G>;
}

function readKey(grp: ReturnFactGroup, text: string): ReturnFactKey | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (grp === "section") return isDocumentSection(value) ? { grp, section: value } : null;
  if (!Array.isArray(value)) return null;
  const [a, b, c, d] = value as unknown[];
  switch (grp) {
    case "nil":
      return value.length === 3 && isBoolean(a) && isBoolean(b) && isNilKind(c)
        ? { grp, inter: a, registered: b, kind: c }
        : null;
    case "hsn":
      return value.length === 4 && isBoolean(a) && isText(b) && isText(c) && isNumber(d)
        ? { grp, registered: a, hsn: b, uqc: c, rate: d }
        : null;
    case "b2cs":
      return value.length === 3 && isBoolean(a) && isText(b) && isNumber(c)
        ? { grp, inter: a, pos: b, rate: c }
        : null;
    case "gstr3b":
      return value.length === 2 && isGstr3bTable(a) && (b === null || isText(b))
        ? { grp, table: a, key: b }
        : null;
  }
}

/** What a sum adds up: the documents or lines behind it, their quantity, value and taxes. */
export interface ReturnFactAmounts extends TaxAmounts {
  count: number;
  quantityMilli: number;
  valuePaise: Paise;
}

/** One month's sum under one key. */
export interface ReturnFactSum<K extends ReturnFactKey = ReturnFactKey> extends ReturnFactAmounts {
  /** YYYY-MM. */
  month: string;
  key: K;
}

/** A period's sum under one key (its months added up). */
export interface ReturnFactTotal<K extends ReturnFactKey = ReturnFactKey>
  extends ReturnFactAmounts {
  key: K;
}

/** A document's facts as the sums read them (a `gst_return_documents` row). */
export interface ReturnFactsDocumentRow extends TaxAmounts, Gstr3bOutwardKind {
  voucherId: string;
  date: string;
  section: DocumentSection;
  hasTaxable: boolean;
  sign: 1 | -1;
  valuePaise: Paise;
}

/** A valued line's facts as the sums read them (a `gst_return_lines` row). */
export interface ReturnFactsLineRow extends ValuedLine {
  voucherId: string;
  date: string;
  /** The document's section (a note's may move between cdnur and b2cs). */
  section: DocumentSection;
  registered: boolean;
  inter: boolean;
  /** The place of supply the return reports. */
  pos: string;
}

export interface ReturnFactsRows {
  documents: readonly ReturnFactsDocumentRow[];
  lines: readonly ReturnFactsLineRow[];
}

/** A voucher's facts (describeReturnFacts) as the rows kept beside it. */
export function returnFactsRowsOf(
  voucherId: string,
  date: string,
  facts: ReturnFacts,
): { document: ReturnFactsDocumentRow; lines: ReturnFactsLineRow[] } {
  return {
    document: {
      voucherId,
      date,
      section: facts.section,
      hasTaxable: facts.hasTaxable,
      sign: facts.sign,
      valuePaise: facts.valuePaise,
      taxablePaise: facts.taxablePaise,
      igstPaise: facts.igstPaise,
      cgstPaise: facts.cgstPaise,
      sgstPaise: facts.sgstPaise,
      cessPaise: facts.cessPaise,
      ...facts.gstr3b,
    },
    lines: facts.lines.map((line) => ({
      ...line,
      voucherId,
      date,
      section: facts.section,
      registered: facts.registered,
      inter: facts.inter,
      pos: facts.pos,
    })),
  };
}

const monthOf = (date: string) => date.slice(0, 7);

function zeroSum(): ReturnFactAmounts {
  return {
    count: 0,
    quantityMilli: 0,
    valuePaise: 0,
    taxablePaise: 0,
    igstPaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    cessPaise: 0,
  };
}

function addSum(target: ReturnFactAmounts, amounts: ReturnFactAmounts, direction: number): void {
  target.count += direction * amounts.count;
  target.quantityMilli += direction * amounts.quantityMilli;
  target.valuePaise += direction * amounts.valuePaise;
  target.taxablePaise += direction * amounts.taxablePaise;
  target.igstPaise += direction * amounts.igstPaise;
  target.cgstPaise += direction * amounts.cgstPaise;
  target.sgstPaise += direction * amounts.sgstPaise;
  target.cessPaise += direction * amounts.cessPaise;
}

/** Sums merged to one per month and key (PostgreSQL's upsert cannot touch a row twice). */
export function mergeFactSums(sums: readonly ReturnFactSum[]): ReturnFactSum[] {
  const merged = new Map<string, ReturnFactSum>();
  for (const sum of sums) {
    const id = `${sum.month}|${sum.key.grp}|${encodeFactKey(sum.key)}`;
    const found = merged.get(id);
    if (found) addSum(found, sum, 1);
    else merged.set(id, { ...sum });
  }
  return [...merged.values()];
}

/**
 * A month's sums that facts add (direction 1) or take away (-1): per section the documents with a
 * taxable line; per Table 8 row, Table 12 row and B2C small bucket the lines (amounts signed);
 * per GSTR-3B figure of 3.1 and 3.2 (table and place) the documents (decision 057).
 */
export function sumReturnFacts(facts: ReturnFactsRows, direction: 1 | -1): ReturnFactSum[] {
  const sums: ReturnFactSum[] = [];
  const add = (date: string, key: ReturnFactKey, amounts: Omit<ReturnFactAmounts, "count">) => {
    const sum: ReturnFactSum = { month: monthOf(date), key, ...zeroSum() };
    addSum(sum, { count: 1, ...amounts }, direction);
    sums.push(sum);
  };
  for (const document of facts.documents) {
    if (!document.hasTaxable) continue;
    const sign = document.sign;
    add(
      document.date,
      { grp: "section", section: document.section },
      {
        quantityMilli: 0,
        valuePaise: sign * document.valuePaise,
        taxablePaise: sign * document.taxablePaise,
        igstPaise: sign * document.igstPaise,
        cgstPaise: sign * document.cgstPaise,
        sgstPaise: sign * document.sgstPaise,
        cessPaise: sign * document.cessPaise,
      },
    );
  }
  for (const line of facts.lines) {
    const amounts = {
      quantityMilli: line.quantityMilli,
      valuePaise: 0,
      taxablePaise: line.taxablePaise,
      igstPaise: line.igstPaise,
      cgstPaise: line.cgstPaise,
      sgstPaise: line.sgstPaise,
      cessPaise: line.cessPaise,
    };
    const hsn = hsnSumOf(line, line.registered);
    add(
      line.date,
      { grp: "hsn", registered: hsn.registered, hsn: hsn.hsn, uqc: hsn.uqc, rate: hsn.rate },
      amounts,
    );
    const nil = nilSumOf(line, line);
    if (nil) {
      add(
        line.date,
        { grp: "nil", inter: nil.inter, registered: nil.registered, kind: nil.kind },
        amounts,
      );
    } else if (line.section === "b2cs") {
      add(
        line.date,
        { grp: "b2cs", inter: line.inter, pos: line.pos, rate: line.gstRate },
        amounts,
      );
    }
  }
  const linesOf = new Map<string, { kind: LineKind; taxablePaise: Paise }[]>();
  for (const line of facts.lines) {
    const list = linesOf.get(line.voucherId) ?? [];
    list.push({ kind: line.kind, taxablePaise: line.taxablePaise });
    linesOf.set(line.voucherId, list);
  }
  for (const document of facts.documents) {
    const figures = outwardFactsFigures(
      {
        zeroRated: document.zeroRated,
        reverseCharge: document.reverseCharge,
        interSupTable: document.interSupTable,
        pos: document.pos,
        hasTaxable: document.hasTaxable,
        sign: document.sign,
        amounts: {
          taxablePaise: document.taxablePaise,
          igstPaise: document.igstPaise,
          cgstPaise: document.cgstPaise,
          sgstPaise: document.sgstPaise,
          cessPaise: document.cessPaise,
        },
      },
      linesOf.get(document.voucherId) ?? [],
    );
    for (const figure of figures) {
      add(
        document.date,
        { grp: "gstr3b", table: figure.table, key: figure.key },
        {
          quantityMilli: 0,
          valuePaise: 0,
          taxablePaise: figure.taxablePaise,
          igstPaise: figure.igstPaise,
          cgstPaise: figure.cgstPaise,
          sgstPaise: figure.sgstPaise,
          cessPaise: figure.cessPaise,
        },
      );
    }
  }
  return mergeFactSums(sums);
}

/**
 * A period's sums of its months added up by key, in the order first met; a key whose count fell
 * to 0 (every document behind it deleted or moved) is gone.
 */
export function totalFactSums<K extends ReturnFactKey>(
  sums: readonly (ReturnFactAmounts & { key: K })[],
): ReturnFactTotal<K>[] {
  const totals = new Map<string, ReturnFactTotal<K>>();
  for (const sum of sums) {
    const id = `${sum.key.grp}|${encodeFactKey(sum.key)}`;
    const total = totals.get(id) ?? { key: sum.key, ...zeroSum() };
    addSum(total, sum, 1);
    totals.set(id, total);
  }
  return [...totals.values()].filter((total) => total.count > 0);
}

// ---------------------------------------------------------------------------------------------
// What each return reads from a period's totals.

/** Each document section's count and signed totals. */
export function sectionTotalsOf(
  totals: readonly ReturnFactTotal<ReturnFactKeyOf<"section">>[],
): Map<DocumentSection, SectionTotals> {
  return new Map(totals.map(({ key, quantityMilli: _, ...rest }) => [key.section, rest] as const));
}

/** Table 8's sums (buildNilRows's input). */
export function nilSumsOfTotals(
  totals: readonly ReturnFactTotal<ReturnFactKeyOf<"nil">>[],
): NilSum[] {
  return totals.map(({ key, taxablePaise }) => ({
    inter: key.inter,
    registered: key.registered,
    kind: key.kind,
    taxablePaise,
  }));
}

/** Table 12's sums (buildHsnRows's input), without descriptions. */
export function hsnSumsOfTotals(
  totals: readonly ReturnFactTotal<ReturnFactKeyOf<"hsn">>[],
): HsnSum[] {
  return totals.map(
    ({ key, quantityMilli, taxablePaise, igstPaise, cgstPaise, sgstPaise, cessPaise }) => ({
      registered: key.registered,
      hsn: key.hsn,
      uqc: key.uqc,
      rate: key.rate,
      description: "",
      quantityMilli,
      taxablePaise,
      igstPaise,
      cgstPaise,
      sgstPaise,
      cessPaise,
    }),
  );
}

/** B2C small's buckets (Table 7), in its order: supply type, place, rate. */
export function b2csBucketsOf(
  totals: readonly ReturnFactTotal<ReturnFactKeyOf<"b2cs">>[],
): B2csAggregate[] {
  return totals
    .map(
      ({ key, taxablePaise, igstPaise, cgstPaise, sgstPaise, cessPaise }): B2csAggregate => ({
        supplyType: key.inter ? "INTER" : "INTRA",
        pos: key.pos,
        rate: key.rate,
        taxablePaise,
        igstPaise,
        cgstPaise,
        sgstPaise,
        cessPaise,
      }),
    )
    .sort(
      (a, b) =>
        a.supplyType.localeCompare(b.supplyType) || a.pos.localeCompare(b.pos) || a.rate - b.rate,
    );
}

/** GSTR-3B's 3.1 and 3.2 figures, and the number of documents behind each table. */
export function gstr3bFiguresOf(totals: readonly ReturnFactTotal<ReturnFactKeyOf<"gstr3b">>[]): {
  figures: Gstr3bFigure[];
  counts: Map<Gstr3bTable, number>;
} {
  const counts = new Map<Gstr3bTable, number>();
  const figures = totals.map(
    ({ key, count, taxablePaise, igstPaise, cgstPaise, sgstPaise, cessPaise }): Gstr3bFigure => {
      counts.set(key.table, (counts.get(key.table) ?? 0) + count);
      return {
        table: key.table,
        key: key.key,
        taxablePaise,
        igstPaise,
        cgstPaise,
        sgstPaise,
        cessPaise,
      };
    },
  );
  return { figures, counts };
}
