import type { Paise } from "../../money/index.ts";
import {
  emptyGstr1Sections,
  reportedRate,
  signOf,
  type TaxAmounts,
  taxableLines,
  uqcOf,
} from "./gstr1-build.ts";
import {
  classifyDocument,
  type DocumentSection,
  isExport,
  isInterState,
  isSez,
  kindOfLine,
  type LineKind,
  placeOfSupplyOf,
} from "./gstr1-classify.ts";
import { findGstr1Warnings } from "./gstr1-warnings.ts";
import { describeGstr3bOutward, type Gstr3bOutwardKind } from "./gstr3b.ts";
import type { ReturnDocument } from "./return-document.ts";

/**
 * What a voucher's saved return facts were computed by (decision 056). A change to the rules
 * below, or to what toReturnDocument reads, raises it: a period whose rows were written by an
 * older version is rebuilt from the stored documents on its next read.
 */
export const RETURN_FACTS_VERSION = 5;

/** One line with a value (Table 8, 12 and the B2C small buckets), signed as the return counts it. */
export interface ReturnFactsLine extends TaxAmounts {
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

/** A live outward document's return facts, written beside its postings (decision 056). */
export interface ReturnFacts extends TaxAmounts {
  section: DocumentSection;
  /** Whether it has a taxable line with a value (else it is in Table 8 only). */
  hasTaxable: boolean;
  sign: 1 | -1;
  registered: boolean;
  inter: boolean;
  /** The place of supply the return reports. */
  pos: string;
  valuePaise: Paise;
  /**
   * A note to an unregistered person across states: its section (cdnur or b2cs) depends on the
   * invoices it settles, read again when the period is read.
   */
  needsOriginals: boolean;
  /**
   * Whether the document's own checks find anything when 4 HSN digits are asked (up to ₹5 crore
   * of turnover), and when 6 are: the warnings' candidates.
   */
  mayWarn: boolean;
  mayWarnSix: boolean;
  /** The number as the portal compares numbers (case-insensitive), for duplicates. */
  numberUpper: string;
  /** What GSTR-3B's 3.1(a)/(b) and 3.2 take from it (decision 057). */
  gstr3b: Gstr3bOutwardKind;
  lines: ReturnFactsLine[];
}

/** A turnover that asks 4 HSN digits, and one that asks 6 (Notification 78/2020-CT). */
const FOUR_DIGIT_TURNOVER_PAISE = 0;
const SIX_DIGIT_TURNOVER_PAISE = Number.MAX_SAFE_INTEGER;

/** Whether a note's section depends on the invoices it settles (classifyDocument's last branch). */
export function dependsOnOriginals(document: ReturnDocument, stateCode: string): boolean {
  return (
    document.role === "outwardNote" &&
    document.gstin === null &&
    !isSez(document) &&
    document.supplyKind !== "deemedExport" &&
    !isExport(document) &&
    isInterState(document, stateCode)
  );
}

/**
 * The facts GSTR-1, IFF and their counts are summed from, by the same rules as
 * buildGstr1Sections (classifyDocument, kindOfLine, Table 12's key): the supplier's GSTIN fixes
 * inter- or intra-state.
 */
export function describeReturnFacts(document: ReturnDocument, supplierGstin: string): ReturnFacts {
  const stateCode = supplierGstin.slice(0, 2);
  const sign = signOf(document);
  const amounts: TaxAmounts = {
    taxablePaise: 0,
    igstPaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    cessPaise: 0,
  };
  const taxable = taxableLines(document);
  for (const line of taxable) {
    amounts.taxablePaise += line.taxablePaise;
    amounts.igstPaise += line.igstPaise;
    amounts.cgstPaise += line.cgstPaise;
    amounts.sgstPaise += line.sgstPaise;
    amounts.cessPaise += line.cessPaise;
  }
  const lines: ReturnFactsLine[] = [];
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
      quantityMilli:
        !line.isService && !document.priceAdjustmentOnly ? sign * line.quantityMilli : 0,
      taxablePaise: sign * line.taxablePaise,
      igstPaise: sign * line.igstPaise,
      cgstPaise: sign * line.cgstPaise,
      sgstPaise: sign * line.sgstPaise,
      cessPaise: sign * line.cessPaise,
    });
  });
  const emptySections = emptyGstr1Sections();
  const warns = (previousYearTurnoverPaise: Paise) =>
    findGstr1Warnings([document], emptySections, {
      gstin: supplierGstin,
      previousYearTurnoverPaise,
    }).length > 0;
  const section = classifyDocument(document, stateCode);
  return {
    section,
    hasTaxable: taxable.length > 0,
    sign,
    registered: document.gstin !== null,
    inter: isInterState(document, stateCode),
    pos: placeOfSupplyOf(document, stateCode),
    valuePaise: document.totalPaise,
    ...amounts,
    needsOriginals: dependsOnOriginals(document, stateCode),
    mayWarn: warns(FOUR_DIGIT_TURNOVER_PAISE),
    mayWarnSix: warns(SIX_DIGIT_TURNOVER_PAISE),
    numberUpper: document.number.toUpperCase(),
    gstr3b: describeGstr3bOutward(document, section, stateCode),
    lines,
  };
}
