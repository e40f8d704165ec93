import { OTHER_COUNTRIES_CODE } from "../../reference/index.ts";
import type { PartySide } from "../voucher-definition.ts";

/** A party's GST facts as its account holds them. */
export interface PartyGstFacts {
  gstin: string | null;
  /** Two-digit state code of the account's state. */
  stateCode: string | null;
  /** The account's gstType (spec 3 "Account"): regular, sez, overseas… */
  gstType: string | null;
}

/** Where the supplier of a document is, for telling intra-state from inter-state supply. */
export interface SupplierLocation {
  /** Two-digit state code; 96 outside India; null when nothing says (taken as the place of supply). */
  stateCode: string | null;
  alwaysInterState: boolean;
}

const GSTIN_STATE = /^(\d{2})[0-9A-Z]{13}$/;

/**
 * IGST Act ss.7–8 compare the supplier's location with the place of supply (gst-reference §7). On a
 * document the organisation issues (party side: customer) the organisation is the supplier; on one
 * it receives (supplier) the party is: the state of the GSTIN on the document, else on the account,
 * else the account's state. An import, or an overseas supplier, is outside India (96); a supplier
 * in an SEZ supplies inter-state wherever it is.
 */
export function locateSupplier(
  side: PartySide,
  organisationStateCode: string | null,
  document: { gstin?: string | undefined; importType?: string | undefined },
  party: PartyGstFacts | null,
): SupplierLocation {
  if (side === "customer") return { stateCode: organisationStateCode, alwaysInterState: false };
  if (document.importType || party?.gstType === "overseas") {
    return { stateCode: OTHER_COUNTRIES_CODE, alwaysInterState: true };
  }
  const gstinState =
    GSTIN_STATE.exec(document.gstin ?? "")?.[1] ?? GSTIN_STATE.exec(party?.gstin ?? "")?.[1];
  return {
    stateCode: gstinState ?? party?.stateCode ?? null,
    alwaysInterState: party?.gstType === "sez",
  };
}
