import {
  type AccountInput,
  type AccountOrganisationContext,
  findAccountGroup,
  findStateByCode,
  isGstRateNature,
  isItcBlockableNature,
  isKnownStateCode,
  isPartyNature,
  NO_STATE,
  panFromGstin,
  rupeesToPaise,
  signOpeningBalance,
  stateCodeFromGstin,
  tdsRateToBasisPoints,
  validateAccountForOrganisation,
} from "@bahi/domain";
import type { AccountsTable } from "../../db/schema.ts";
import type { FieldError } from "../../http/errors.ts";
import { accountNameKey } from "../organisations/system-accounts.ts";

/** The columns of an account that its add/edit payload decides. */
export type AccountFields = Pick<
  AccountsTable,
  | "name"
  | "name_key"
  | "display_name"
  | "group_id"
  | "opening_balance_paise"
  | "gstin"
  | "state_code"
  | "gst_rate"
  | "billing_address"
  | "shipping_address"
  | "billing_city"
  | "billing_pincode"
  | "shipping_city"
  | "shipping_pincode"
  | "mobile"
  | "email"
  | "pan"
  | "tan"
  | "gst_type"
  | "gst_reg_date"
  | "gst_cancel_date"
  | "gst_reg_status"
  | "gstin_name"
  | "rcm_sales"
  | "rcm_purchase"
  | "itc_not_eligible"
  | "tds_section"
  | "deductee_type"
  | "lower_deduction_certificate"
>;

export type AccountPayload = Omit<AccountInput, "organisationId" | "customFieldValues">;

export type SettledAccount =
  | { ok: true; fields: AccountFields }
  | { ok: false; errors: FieldError[] };

// Daman and Diu's old code 25 lives on inside GSTINs issued before the 2020 merger into 26
// (gst-reference.md §2); the old Andhra Pradesh 28 cannot be told apart, so it fills nothing.
const MERGED_STATE_CODES: Readonly<Record<string, string>> = { "25": "26" };

/** The state a GSTIN names (its first two digits), when that is a state an account can have. */
export function stateOfGstin(gstin: string): string | undefined {
  const code = stateCodeFromGstin(gstin);
  if (code === null) return undefined;
  const state = MERGED_STATE_CODES[code] ?? code;
  return isKnownStateCode(state) ? state : undefined;
}

/**
 * The stored form of an account payload, with the rules spec 4 "Account modal" applies as the
 * user types, applied again here so the data stays consistent whatever the client sent:
 * - only Debtors and Creditors keep PAN, TAN, GSTIN (with its looked-up details), addresses,
 *   mobile and email; only expense, income, sales and purchase natures keep a GST rate;
 * - a GSTIN gives the state (the picker is locked to it) and, when none is given, the PAN;
 * - spec 5 "Account save": a debtor or creditor of a GST-registered regular organisation needs a
 *   registration type, and a state unless a GSTIN gives it or the party is overseas.
 */
export function settleAccountFields(
  input: AccountPayload,
  organisation: AccountOrganisationContext,
): SettledAccount {
  const group = findAccountGroup(input.nature);
  if (!group) {
    return { ok: false, errors: [{ path: "nature", message: "Nature of Account is Required!." }] };
  }
  const errors: FieldError[] = [];
  const party = isPartyNature(group.name);
  const gstin = party ? input.gstin : undefined;
  let state = input.state === String(NO_STATE) ? undefined : input.state;
  let pan = party ? input.pan : undefined;
  if (gstin !== undefined) {
    const gstinState = stateOfGstin(gstin);
    if (gstinState !== undefined) {
      if (state !== undefined && state !== gstinState) {
        const name = findStateByCode(gstinState)?.name ?? gstinState;
        errors.push({
          path: "state",
          message: `The state must be the one the GSTIN belongs to: ${gstinState} ${name}.`,
        });
      }
      state = gstinState;
    }
    pan ??= panFromGstin(gstin) ?? undefined;
  }
  errors.push(
    ...validateAccountForOrganisation(
      { nature: group.name, gstType: input.gstType, state, gstin },
      organisation,
    ),
  );
  if (errors.length > 0) return { ok: false, errors };

  const keepForParty = <T>(value: T | undefined): T | null =>
    party && value !== undefined ? value : null;
  return {
    ok: true,
    fields: {
      name: input.name,
      name_key: accountNameKey(input.name),
      display_name: input.displayName ?? null,
      group_id: group.id,
      opening_balance_paise: rupeesToPaise(signOpeningBalance(input)),
      gstin: gstin ?? null,
      state_code: state ?? null,
      gst_rate:
        isGstRateNature(group.name) && input.gstRate !== undefined ? String(input.gstRate) : null,
      billing_address: keepForParty(input.billingAddress),
      shipping_address: keepForParty(input.shippingAddress),
      billing_city: keepForParty(input.billingCity),
      billing_pincode: keepForParty(input.billingPincode),
      shipping_city: keepForParty(input.shippingCity),
      shipping_pincode: keepForParty(input.shippingPincode),
      mobile: keepForParty(input.mobileNo),
      email: keepForParty(input.email),
      pan: pan ?? null,
      tan: keepForParty(input.tan),
      gst_type: input.gstType ?? null,
      // The registration details describe the GSTIN and go with it.
      gst_reg_date: gstin ? (input.gstRegDate ?? null) : null,
      gst_cancel_date: gstin ? (input.gstCanDate ?? null) : null,
      gst_reg_status: gstin ? (input.gstRegStatus ?? null) : null,
      gstin_name: gstin ? (input.gstinname ?? null) : null,
      rcm_sales: input.rcmSales ? 1 : 0,
      rcm_purchase: input.rcmPurchase ? 1 : 0,
      itc_not_eligible: isItcBlockableNature(group.name) && input.itcNotEligible ? 1 : 0,
      ...settleTdsFields(input, party || isGstRateNature(group.name)),
    },
  };
}

/** The stored form of a lower-deduction certificate: its rate in basis points, its limit in paise. */
export interface StoredCertificate {
  certificateNumber: string;
  rateBasisPoints: number;
  validFrom: string;
  validTo: string;
  limitPaise: number;
}

/** Issue 39: a party's or an expense account's TDS fields; other accounts keep none. */
function settleTdsFields(
  input: AccountPayload,
  keeps: boolean,
): Pick<AccountFields, "tds_section" | "deductee_type" | "lower_deduction_certificate"> {
  const certificate = keeps ? input.lowerDeductionCertificate : null;
  const stored: StoredCertificate | null = certificate
    ? {
        certificateNumber: certificate.certificateNumber,
        rateBasisPoints: tdsRateToBasisPoints(certificate.rate),
        validFrom: certificate.validFrom,
        validTo: certificate.validTo,
        limitPaise: rupeesToPaise(certificate.limit),
      }
    : null;
  return {
    tds_section: keeps ? (input.tdsSection ?? null) : null,
    deductee_type: keeps ? (input.deducteeType ?? null) : null,
    lower_deduction_certificate: stored ? JSON.stringify(stored) : null,
  };
}
