import { OTHER_COUNTRIES_CODE } from "../../reference/index.ts";
import { DocumentError } from "./document-error.ts";

/** intra: CGST + SGST; inter: IGST; none: no GST on the document at all. */
export type TaxKind = "intra" | "inter" | "none";

export type SupplyType = "regular" | "sez" | "export";

/** How an export or SEZ supply is made: IGST paid (and refunded), or under LUT/bond without tax. */
export type ExportOrSezPayment = "withPayment" | "withoutPayment";

export type TaxKindInput = {
  supplierStateCode: string;
  placeOfSupply: string;
  gstApplicable: boolean;
  supplyType: SupplyType;
  exportOrSezPayment?: ExportOrSezPayment | undefined;
  /** A supply from an SEZ unit or developer: inter-state wherever it lands (IGST Act s.7(5)(b)). */
  alwaysInterState?: boolean | undefined;
};

const STATE_CODE = /^\d{2}$/;

/**
 * Which GST a document charges, by gst-reference §7: the supplier's state against the place of
 * supply, same state and a regular supply → intra; SEZ, export, a supplier or place of supply
 * outside India (96) and a supply from an SEZ are always inter-state (IGST Act s.7(5)); SEZ and export
 * under LUT/bond carry no tax (IGST Act s.16); an organisation not registered for GST, or a
 * composition dealer, charges none.
 */
export function determineTaxKind(input: TaxKindInput): TaxKind {
  if (!input.gstApplicable) return "none";
  if (input.supplyType === "sez" || input.supplyType === "export") {
    if (input.exportOrSezPayment === "withPayment") return "inter";
    if (input.exportOrSezPayment === "withoutPayment") return "none";
    throw new DocumentError(
      "Choose whether the export or SEZ supply is made with payment of IGST or under LUT/bond.",
      ["exportOrSezPayment"],
    );
  }
  if (!STATE_CODE.test(input.placeOfSupply)) {
    throw new DocumentError("Place of supply must be a two-digit state code.", ["placeOfSupply"]);
  }
  // gst-reference §2: '96' is the place of supply for anything outside India.
  if (
    input.alwaysInterState === true ||
    input.placeOfSupply === OTHER_COUNTRIES_CODE ||
    input.supplierStateCode === OTHER_COUNTRIES_CODE
  ) {
    return "inter";
  }
  if (!STATE_CODE.test(input.supplierStateCode)) {
    throw new DocumentError(
      "Supplier state must be a two-digit state code to tell intra-state from inter-state supply.",
      ["supplierStateCode"],
    );
  }
  return input.supplierStateCode === input.placeOfSupply ? "intra" : "inter";
}
