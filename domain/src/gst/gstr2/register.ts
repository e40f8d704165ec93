import type { CivilDate, FinancialYear } from "../../calendar/index.ts";
import { type Paise, rupeesToPaise } from "../../money/index.ts";
import { readReturnPeriod } from "../returns/return-period.ts";
import type { ReconSide } from "./gstr2b-file.ts";
import type { ReconParty } from "./reconcile.ts";

/**
 * Input tax credit of a purchase-side document as the register shows it (issue 20):
 * - eligible: a registered supplier charged GST;
 * - reverseCharge: tax the organisation pays itself under reverse charge, creditable once paid;
 * - importOfGoods / importOfServices: IGST on an import;
 * - noTax: no GST on the document (nil, exempt, non-GST, an unregistered or composition supplier).
 */
export type ItcEligibility =
  | "eligible"
  | "reverseCharge"
  | "importOfGoods"
  | "importOfServices"
  | "noTax";

export const ITC_ELIGIBILITY_TITLES: Readonly<Record<ItcEligibility, string>> = {
  eligible: "Eligible",
  reverseCharge: "Eligible (reverse charge)",
  importOfGoods: "Eligible (import of goods)",
  importOfServices: "Eligible (import of services)",
  noTax: "No GST charged",
};

/** One purchase bill or purchase-side note of the register, amounts in paise as saved. */
export interface PurchaseRegisterRow {
  entryId: string;
  voucherType: string;
  /** A bill adds to the credit; a debit note (a return to the supplier) takes it away. */
  side: ReconSide;
  number: string;
  date: CivilDate;
  supplierName: string;
  gstin: string | null;
  supplierStateCode: string | null;
  pos: string | null;
  taxKind: string | null;
  reverseCharge: boolean;
  importType: "goods" | "services" | null;
  partyGstType: string | null;
  valuePaise: Paise;
  taxablePaise: Paise;
  igstPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  cessPaise: Paise;
  itcEligibility: ItcEligibility;
}

export interface StoredPurchaseVoucher {
  id: string;
  type: string;
  date: CivilDate;
  number: string;
  partyName: string | null;
  amountPaise: Paise;
  document: Record<string, unknown>;
}

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;
const paiseOf = (value: unknown): Paise =>
  typeof value === "number" && Number.isFinite(value) ? rupeesToPaise(value) : 0;

/** A stored purchase or debit note as the register reads it: the figures as saved (DESIGN.md 10). */
export function toPurchaseRegisterRow(
  stored: StoredPurchaseVoucher,
  side: ReconSide,
): PurchaseRegisterRow {
  const doc = stored.document;
  const importType =
    doc.importType === "goods" || doc.importType === "services" ? doc.importType : null;
  const reverseCharge = doc.rcmApplicable === true;
  const taxes = {
    igstPaise: paiseOf(doc.igstAmount),
    cgstPaise: paiseOf(doc.cgstAmount),
    sgstPaise: paiseOf(doc.sgstAmount),
    cessPaise: paiseOf(doc.cessAmount),
  };
  const taxed = taxes.igstPaise + taxes.cgstPaise + taxes.sgstPaise + taxes.cessPaise !== 0;
  const itcEligibility: ItcEligibility = !taxed
    ? "noTax"
    : importType === "goods"
      ? "importOfGoods"
      : importType === "services"
        ? "importOfServices"
        : reverseCharge
          ? "reverseCharge"
          : "eligible";
  return {
    entryId: stored.id,
    voucherType: stored.type,
    side,
    number: stored.number,
    date: stored.date,
    supplierName: stored.partyName ?? "",
    gstin: text(doc.gstin)?.toUpperCase() ?? null,
    supplierStateCode: text(doc.supplierStateCode),
    pos: text(doc.pos),
    taxKind: text(doc.taxKind),
    reverseCharge,
    importType,
    partyGstType: text(doc.partyGstType),
    valuePaise: stored.amountPaise,
    taxablePaise: paiseOf(doc.grossAmount),
    ...taxes,
    itcEligibility,
  };
}

/**
 * The bill as matching reads it, or null when it is not expected in GSTR-2B: a supplier without
 * GSTIN (unregistered, overseas) is reported by no one, except an import of goods (its bill of
 * entry is in 2B's impg).
 */
export function toReconBill(row: PurchaseRegisterRow): ReconParty | null {
  if (row.gstin === null && row.importType !== "goods") return null;
  return {
    id: row.entryId,
    side: row.side,
    gstin: row.gstin,
    number: row.number,
    date: row.date,
    pos: row.pos,
    reverseCharge: row.reverseCharge,
    taxablePaise: row.taxablePaise,
    igstPaise: row.igstPaise,
    cgstPaise: row.cgstPaise,
    sgstPaise: row.sgstPaise,
    cessPaise: row.cessPaise,
  };
}

/**
 * The GSTR-2 period: one whole month, or one whole quarter, of the financial year, whatever the
 * filing frequency (2B comes monthly; a quarter reads its three months together).
 */
export function readGstr2Period(input: {
  year: FinancialYear;
  startDate: string;
  endDate: string;
}) {
  return readReturnPeriod({ ...input, kind: "gstr1", frequency: "quarterly" });
}
