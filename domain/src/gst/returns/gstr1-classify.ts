import type { CivilDate } from "../../calendar/index.ts";
import type { Paise } from "../../money/index.ts";
import { EXEMPT_RATE, NO_GST_RATE } from "../rates/index.ts";
import type { ReturnDocument, ReturnLine } from "./return-document.ts";

/**
 * The B2CL limit by invoice date (rule 59(4); Notification 12/2024-CT): ₹2,50,000 until
 * 31 Jul 2024, ₹1,00,000 from 1 Aug 2024. An invoice goes to b2cl only when its value is *more
 * than* the limit (gst-reference §4).
 */
export const B2CL_LIMITS: readonly { from: CivilDate; limitPaise: Paise }[] = [
  { from: "2017-07-01", limitPaise: 25_000_000 },
  { from: "2024-08-01", limitPaise: 10_000_000 },
];

export function b2clLimitOn(date: CivilDate): Paise {
  let limit = B2CL_LIMITS[0]?.limitPaise ?? 0;
  for (const entry of B2CL_LIMITS) if (date >= entry.from) limit = entry.limitPaise;
  return limit;
}

/** Where a document goes in GSTR-1 (its taxable lines; nil, exempt and non-GST lines go to nil). */
export type DocumentSection = "b2b" | "b2cl" | "b2cs" | "exp" | "cdnr" | "cdnur";

export type LineKind = "taxable" | "nil" | "exempt" | "nonGst";

/**
 * Nil-rated, exempt and non-GST lines are reported in Table 8 (nil), not with the document's
 * taxable lines. A zero-rated line of an export or SEZ supply is not a nil-rated supply: it stays
 * in exp or b2b with its rate (gst-reference §4 and issue 19: "never rate 0" under LUT).
 */
export function kindOfLine(line: ReturnLine, document: ReturnDocument): LineKind {
  if (line.gstRate === EXEMPT_RATE) return "exempt";
  if (line.gstRate === NO_GST_RATE) return "nonGst";
  if (line.gstRate === 0 && document.supplyKind === "regular") return "nil";
  return "taxable";
}

export function isExport(document: ReturnDocument): boolean {
  return (
    document.supplyKind === "exportWithPayment" || document.supplyKind === "exportWithoutPayment"
  );
}

export function isSez(document: ReturnDocument): boolean {
  return document.supplyKind === "sezWithPayment" || document.supplyKind === "sezWithoutPayment";
}

/** The place of supply a return reports: as saved, else the supplier's own state (as tax was computed). */
export function placeOfSupplyOf(document: ReturnDocument, supplierStateCode: string): string {
  if (isExport(document)) return "96";
  return document.pos ?? supplierStateCode;
}

/** IGST Act s.7(5): exports and SEZ supplies are inter-state; otherwise compare the states. */
export function isInterState(document: ReturnDocument, supplierStateCode: string): boolean {
  if (isExport(document) || isSez(document)) return true;
  return placeOfSupplyOf(document, supplierStateCode) !== supplierStateCode;
}

/** GSTR-1 b2b/cdnr inv_typ: R, SEWP, SEWOP or DE (gst-reference §4). */
export function invoiceTypeOf(document: ReturnDocument): "R" | "SEWP" | "SEWOP" | "DE" {
  if (document.supplyKind === "sezWithPayment") return "SEWP";
  if (document.supplyKind === "sezWithoutPayment") return "SEWOP";
  if (document.supplyKind === "deemedExport") return "DE";
  return "R";
}

/**
 * The section of a document (returns-reference §1.3): exports to exp; a recipient with a GSTIN to
 * b2b (SEZ, deemed export and reverse charge included); unregistered inter-state above the limit
 * to b2cl; every other unregistered supply to b2cs. A note with a GSTIN goes to cdnr; without one
 * to cdnur only against an export or a B2CL invoice (max of the note's and its invoice's value
 * above the limit of the invoice's date); other notes net into b2cs.
 */
export function classifyDocument(
  document: ReturnDocument,
  supplierStateCode: string,
): DocumentSection {
  const registered = document.gstin !== null;
  const b2bOnly = isSez(document) || document.supplyKind === "deemedExport";
  if (document.role === "outwardSupply") {
    if (isExport(document)) return "exp";
    if (registered || b2bOnly) return "b2b";
    if (
      isInterState(document, supplierStateCode) &&
      document.totalPaise > b2clLimitOn(document.date)
    ) {
      return "b2cl";
    }
    return "b2cs";
  }
  if (registered || b2bOnly) return "cdnr";
  if (isExport(document)) return "cdnur";
  if (isInterState(document, supplierStateCode)) {
    const original = document.originalInvoices.reduce<{ value: Paise; date: CivilDate } | null>(
      (largest, invoice) =>
        largest === null || invoice.totalPaise > largest.value
          ? { value: invoice.totalPaise, date: invoice.date }
          : largest,
      null,
    );
    const value = Math.max(document.totalPaise, original?.value ?? 0);
    if (value > b2clLimitOn(original?.date ?? document.date)) return "cdnur";
  }
  return "b2cs";
}
