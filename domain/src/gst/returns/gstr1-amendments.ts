import { formatDateDisplay } from "../../calendar/index.ts";
import { paiseToRupees } from "../../money/index.ts";
import {
  buildGstr1Sections,
  type DocumentRow,
  GSTR1_SECTION_TITLES,
  GSTR1_SECTIONS,
  type Gstr1Section,
  type Gstr1Sections,
  type TaxAmounts,
} from "./gstr1-build.ts";
import { isInterState, kindOfLine } from "./gstr1-classify.ts";
import type { ReturnDocument } from "./return-document.ts";
import { toReturnPeriodCode } from "./return-period.ts";

/**
 * An invoice or note of a filed period edited afterwards (issue 19): reported in the amendment
 * section of the period in which it changed, with the number and date it was filed under.
 */
export interface AmendedDocument {
  document: ReturnDocument;
  original: { number: string; date: string };
  /**
   * The version the portal last knew: as filed, or as last amended in an earlier period's GSTR-1
   * (GSTR-3B adds the difference). Null or absent when no saved version says.
   */
  reported?: ReturnDocument | null;
}

export const GSTR1_AMENDMENT_SECTIONS = [
  "b2ba",
  "b2cla",
  "b2csa",
  "expa",
  "cdnra",
  "cdnura",
] as const;
export type Gstr1AmendmentSection = (typeof GSTR1_AMENDMENT_SECTIONS)[number];

/** Every section a GSTR-1 screen or call names: the tables, then their amendments. */
export const RETURN_SECTIONS = [...GSTR1_SECTIONS, ...GSTR1_AMENDMENT_SECTIONS] as const;
export type ReturnSection = Gstr1Section | Gstr1AmendmentSection;

export const RETURN_SECTION_TITLES: Readonly<Record<ReturnSection, string>> = {
  ...GSTR1_SECTION_TITLES,
  b2ba: "B2B invoices amended (9A)",
  b2cla: "B2C large amended (9A)",
  b2csa: "B2C small amended (10)",
  expa: "Exports amended (9A)",
  cdnra: "Notes amended, registered (9C)",
  cdnura: "Notes amended, unregistered (9C)",
};

/** The section an amendment goes to, by the section the amended document belongs in. */
const AMENDMENT_OF = {
  b2b: "b2ba",
  b2cl: "b2cla",
  b2cs: "b2csa",
  exp: "expa",
  cdnr: "cdnra",
  cdnur: "cdnura",
} as const;

export interface AmendmentRow extends DocumentRow {
  originalNumber: string;
  originalDate: string;
  /** MMYYYY of the original document's month (b2csa `omon`). */
  originalMonth: string;
}

export type Gstr1Amendments = Record<Gstr1AmendmentSection, AmendmentRow[]>;

/** Each amended document in its amendment section, with its original number and date. */
export function buildGstr1Amendments(
  amended: readonly AmendedDocument[],
  options: { gstin: string; fp: string },
): Gstr1Amendments {
  const result: Gstr1Amendments = {
    b2ba: [],
    b2cla: [],
    b2csa: [],
    expa: [],
    cdnra: [],
    cdnura: [],
  };
  for (const { document, original } of amended) {
    const sections = buildGstr1Sections([document], [], options);
    for (const section of ["b2b", "b2cl", "b2cs", "exp", "cdnr", "cdnur"] as const) {
      for (const row of sections[section]) {
        result[AMENDMENT_OF[section]].push({
          ...row,
          originalNumber: original.number,
          originalDate: original.date,
          originalMonth: toReturnPeriodCode(original.date),
        });
      }
    }
  }
  return result;
}

const rupees = paiseToRupees;

function itemsByRate(document: ReturnDocument, inter: boolean) {
  const byRate = new Map<number, TaxAmounts>();
  for (const line of document.lines) {
    if (line.taxablePaise === 0 || kindOfLine(line, document) !== "taxable") continue;
    const row = byRate.get(line.gstRate) ?? {
      taxablePaise: 0,
      igstPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      cessPaise: 0,
    };
    row.taxablePaise += line.taxablePaise;
    row.igstPaise += line.igstPaise;
    row.cgstPaise += line.cgstPaise;
    row.sgstPaise += line.sgstPaise;
    row.cessPaise += line.cessPaise;
    byRate.set(line.gstRate, row);
  }
  return [...byRate.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([rate, amounts], index) => ({
      num: index + 1,
      itm_det: inter
        ? {
            rt: rate,
            txval: rupees(amounts.taxablePaise),
            iamt: rupees(amounts.igstPaise),
            csamt: rupees(amounts.cessPaise),
          }
        : {
            rt: rate,
            txval: rupees(amounts.taxablePaise),
            camt: rupees(amounts.cgstPaise),
            samt: rupees(amounts.sgstPaise),
            csamt: rupees(amounts.cessPaise),
          },
    }));
}

/**
 * The amendment sections of the file (gst-reference §4: the original section's fields plus
 * oinum/oidt, notes ont_num/ont_dt). b2csa carries the revised B2C small rows of the original
 * month (`omon`) for the places and rates the amended documents touch, computed from that month's
 * documents as they stand now (`originalMonthSections`, keyed by MMYYYY).
 */
export function buildGstr1AmendmentJson(
  amendments: Gstr1Amendments,
  documents: ReadonlyMap<string, ReturnDocument>,
  options: {
    gstin: string;
    only: readonly string[];
    originalMonthSections: ReadonlyMap<
      string,
      { documents: ReturnDocument[]; sections: Gstr1Sections }
    >;
  },
): Record<string, unknown> {
  const stateCode = options.gstin.slice(0, 2);
  const json: Record<string, unknown> = {};
  const wanted = (key: string) => options.only.includes(key);
  const documentOf = (row: AmendmentRow) => documents.get(row.entryId) as ReturnDocument;
  const date = formatDateDisplay;
  const group = <K>(rows: AmendmentRow[], key: (row: AmendmentRow) => K) => {
    const groups = new Map<K, AmendmentRow[]>();
    for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
    return [...groups.entries()];
  };
  if (wanted("b2ba") && amendments.b2ba.length > 0) {
    json.b2ba = group(amendments.b2ba, (row) => row.gstin ?? "").map(([ctin, rows]) => ({
      ctin,
      inv: rows.map((row) => ({
        oinum: row.originalNumber,
        oidt: date(row.originalDate),
        inum: row.number,
        idt: date(row.date),
        val: rupees(row.valuePaise),
        pos: row.pos,
        rchrg: row.reverseCharge ? "Y" : "N",
        inv_typ: row.invoiceType,
        itms: itemsByRate(documentOf(row), isInterState(documentOf(row), stateCode)),
      })),
    }));
  }
  if (wanted("b2cla") && amendments.b2cla.length > 0) {
    json.b2cla = group(amendments.b2cla, (row) => row.pos).map(([pos, rows]) => ({
      pos,
      inv: rows.map((row) => ({
        oinum: row.originalNumber,
        oidt: date(row.originalDate),
        inum: row.number,
        idt: date(row.date),
        val: rupees(row.valuePaise),
        itms: itemsByRate(documentOf(row), true),
      })),
    }));
  }
  if (wanted("expa") && amendments.expa.length > 0) {
    json.expa = group(amendments.expa, (row) => row.invoiceType).map(([expTyp, rows]) => ({
      exp_typ: expTyp,
      inv: rows.map((row) => ({
        oinum: row.originalNumber,
        oidt: date(row.originalDate),
        inum: row.number,
        idt: date(row.date),
        val: rupees(row.valuePaise),
        itms: itemsByRate(documentOf(row), true).map((item) => ({
          txval: item.itm_det.txval,
          rt: item.itm_det.rt,
          iamt: "iamt" in item.itm_det ? item.itm_det.iamt : 0,
          csamt: item.itm_det.csamt,
        })),
      })),
    }));
  }
  if (wanted("cdnra") && amendments.cdnra.length > 0) {
    json.cdnra = group(amendments.cdnra, (row) => row.gstin ?? "").map(([ctin, rows]) => ({
      ctin,
      nt: rows.map((row) => ({
        ont_num: row.originalNumber,
        ont_dt: date(row.originalDate),
        ntty: row.noteType ?? "C",
        nt_num: row.number,
        nt_dt: date(row.date),
        pos: row.pos,
        rchrg: row.reverseCharge ? "Y" : "N",
        inv_typ: row.invoiceType,
        val: rupees(row.valuePaise),
        itms: itemsByRate(documentOf(row), isInterState(documentOf(row), stateCode)),
      })),
    }));
  }
  if (wanted("cdnura") && amendments.cdnura.length > 0) {
    json.cdnura = amendments.cdnura.map((row) => ({
      typ: row.invoiceType,
      ont_num: row.originalNumber,
      ont_dt: date(row.originalDate),
      ntty: row.noteType ?? "C",
      nt_num: row.number,
      nt_dt: date(row.date),
      ...(row.invoiceType === "B2CL" ? { pos: row.pos } : {}),
      val: rupees(row.valuePaise),
      itms: itemsByRate(documentOf(row), true),
    }));
  }
  if (wanted("b2csa") && amendments.b2csa.length > 0) {
    const rows: Record<string, unknown>[] = [];
    for (const [omon, touched] of group(amendments.b2csa, (row) => row.originalMonth)) {
      const month = options.originalMonthSections.get(omon);
      if (!month) continue;
      const byId = new Map(month.documents.map((document) => [document.entryId, document]));
      const places = new Set(touched.map((row) => row.pos));
      const buckets = new Map<
        string,
        TaxAmounts & { supplyType: string; pos: string; rate: number }
      >();
      for (const row of month.sections.b2cs) {
        if (!places.has(row.pos)) continue;
        const document = byId.get(row.entryId);
        if (!document) continue;
        const supplyType = isInterState(document, stateCode) ? "INTER" : "INTRA";
        for (const line of document.lines) {
          if (line.taxablePaise === 0 || kindOfLine(line, document) !== "taxable") continue;
          const key = `${supplyType}|${row.pos}|${line.gstRate}`;
          const bucket = buckets.get(key) ?? {
            supplyType,
            pos: row.pos,
            rate: line.gstRate,
            taxablePaise: 0,
            igstPaise: 0,
            cgstPaise: 0,
            sgstPaise: 0,
            cessPaise: 0,
          };
          bucket.taxablePaise += row.sign * line.taxablePaise;
          bucket.igstPaise += row.sign * line.igstPaise;
          bucket.cgstPaise += row.sign * line.cgstPaise;
          bucket.sgstPaise += row.sign * line.sgstPaise;
          bucket.cessPaise += row.sign * line.cessPaise;
          buckets.set(key, bucket);
        }
      }
      for (const bucket of buckets.values()) {
        rows.push({
          omon,
          sply_ty: bucket.supplyType,
          pos: bucket.pos,
          typ: "OE",
          itms: [
            bucket.supplyType === "INTER"
              ? {
                  rt: bucket.rate,
                  txval: rupees(bucket.taxablePaise),
                  iamt: rupees(bucket.igstPaise),
                  csamt: rupees(bucket.cessPaise),
                }
              : {
                  rt: bucket.rate,
                  txval: rupees(bucket.taxablePaise),
                  camt: rupees(bucket.cgstPaise),
                  samt: rupees(bucket.sgstPaise),
                  csamt: rupees(bucket.cessPaise),
                },
          ],
        });
      }
    }
    if (rows.length > 0) json.b2csa = rows;
  }
  return json;
}
