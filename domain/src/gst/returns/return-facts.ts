import type { Paise } from "../../money/index.ts";
import {
  emptyGstr1Sections,
  signOf,
  type TaxAmounts,
  taxableLines,
  type ValuedLine,
  valuedLinesOf,
} from "./gstr1-build.ts";
import {
  classifyDocument,
  type DocumentSection,
  isExport,
  isInterState,
  isSez,
  placeOfSupplyOf,
} from "./gstr1-classify.ts";
import { findGstr1Warnings } from "./gstr1-warnings.ts";
import { describeGstr3bOutward, type Gstr3bOutwardKind } from "./gstr3b.ts";
import type { ReturnDocument, ReturnOriginalInvoice } from "./return-document.ts";

/**
 * What a voucher's saved return facts were computed by (decision 056). A change to the rules
 * below, or to what toReturnDocument reads, raises it: a period whose rows were written by an
 * older version is rebuilt from the stored documents on its next read.
 */
export const RETURN_FACTS_VERSION = 5;

/** One line with a value (Table 8, 12 and the B2C small buckets), signed as the return counts it. */
export type ReturnFactsLine = ValuedLine;

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
  const lines: ReturnFactsLine[] = valuedLinesOf(document);
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

/**
 * The return document as kept beside its facts (`gst_return_documents.document`): the invoices a
 * note settles by id, read again as they are now when the return is read. Not a voucher: the
 * return's own reading of one, written by encodeKeptDocument and read by decodeKeptDocument.
 */
export type KeptReturnDocument = Omit<ReturnDocument, "originalInvoices"> & {
  invoiceIds: string[];
};

/** The kept document's text: the return document without its invoices, with their ids. */
export function encodeKeptDocument(
  document: ReturnDocument,
  invoiceIds: readonly string[],
): string {
  const { originalInvoices: _, ...rest } = document;
  const kept: KeptReturnDocument = { ...rest, invoiceIds: [...invoiceIds] };
  return JSON.stringify(kept);
}

const LINE_AMOUNTS = [
  "quantityMilli",
  "gstRate",
  "taxablePaise",
  "igstPaise",
  "cgstPaise",
  "sgstPaise",
  "cessPaise",
] as const;

function isKeptLine(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  const line = value as Record<string, unknown>;
  return (
    LINE_AMOUNTS.every((field) => typeof line[field] === "number") &&
    typeof line.description === "string" &&
    typeof line.isService === "boolean"
  );
}

/**
 * A kept document read back, its shape checked (the fields the return reads, each line's amounts
 * and the invoice ids); a TypeError when the text is not one.
 */
export function decodeKeptDocument(text: string): KeptReturnDocument {
  const value: unknown = JSON.parse(text);
  const kept = (value !== null && typeof value === "object" ? value : {}) as Record<
    string,
    unknown
  >;
  const valid =
    typeof kept.entryId === "string" &&
    typeof kept.voucherType === "string" &&
    (kept.role === "outwardSupply" || kept.role === "outwardNote") &&
    (kept.noteType === "C" || kept.noteType === "D" || kept.noteType === null) &&
    typeof kept.number === "string" &&
    typeof kept.date === "string" &&
    typeof kept.totalPaise === "number" &&
    Array.isArray(kept.lines) &&
    kept.lines.every(isKeptLine) &&
    Array.isArray(kept.invoiceIds) &&
    kept.invoiceIds.every((id) => typeof id === "string");
  if (!valid) throw new TypeError("Not a kept return document.");
  return kept as unknown as KeptReturnDocument;
}

/** A kept document with the invoices it settles, as the return reads it. */
export function restoreKeptDocument(
  kept: KeptReturnDocument,
  originalInvoices: ReturnOriginalInvoice[],
): ReturnDocument {
  const { invoiceIds: _, ...rest } = kept;
  return { ...rest, originalInvoices };
}
