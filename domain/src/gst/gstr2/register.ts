import type { CivilDate, FinancialYear } from "../../calendar/index.ts";
import type { Paise } from "../../money/index.ts";
import { readStoredDocument } from "../../vouchers/stored/stored-voucher.ts";
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
  /** The stored JSON (text or parsed), read by readStoredDocument. */
  document: string | object;
}

/** A stored purchase or debit note as the register reads it: the figures as saved (DESIGN.md 10). */
export function toPurchaseRegisterRow(
  stored: StoredPurchaseVoucher,
  side: ReconSide,
): PurchaseRegisterRow {
  const doc = readStoredDocument(stored.type, stored.document);
  const typedImport = (doc.json as { importType?: unknown }).importType;
  const importType = typedImport === "goods" || typedImport === "services" ? typedImport : null;
  const reverseCharge = doc.reverseCharge;
  const taxes = {
    igstPaise: doc.igstPaise,
    cgstPaise: doc.cgstPaise,
    sgstPaise: doc.sgstPaise,
    cessPaise: doc.cessPaise,
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
    gstin: doc.gstin,
    supplierStateCode: doc.supplierStateCode,
    pos: doc.pos,
    taxKind: doc.taxKind,
    reverseCharge,
    importType,
    partyGstType: doc.partyGstType,
    valuePaise: stored.amountPaise,
    taxablePaise: doc.grossPaise,
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
