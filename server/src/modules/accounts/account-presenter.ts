import {
  basisPointsToPercent,
  findAccountGroup,
  NO_GST_RATE,
  NO_STATE,
  paiseToRupees,
} from "@bahi/domain";
import type { AccountsTable } from "../../db/schema.ts";

/** dr or cr of a signed paise amount; zero takes the group's default side (spec 3). */
export function sideOf(paise: number, groupId: number): "dr" | "cr" {
  if (paise > 0) return "dr";
  if (paise < 0) return "cr";
  return findAccountGroup(groupId)?.side ?? "dr";
}

export function parseCustomFieldValues(text: string): Record<string, string> {
  const parsed = JSON.parse(text) as unknown;
  return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
}

/** A stored lower-deduction certificate as the API answers it (rate in percent, limit in rupees). */
export function presentCertificate(text: string | null) {
  if (text === null) return null;
  const stored = JSON.parse(text) as {
    certificateNumber: string;
    rateBasisPoints: number;
    validFrom: string;
    validTo: string;
    limitPaise: number;
  };
  return {
    certificateNumber: stored.certificateNumber,
    rate: basisPointsToPercent(stored.rateBasisPoints),
    validFrom: stored.validFrom,
    validTo: stored.validTo,
    limit: paiseToRupees(stored.limitPaise),
  };
}

/**
 * An account as the API answers it (spec 3 "Account"): openingBalance signed in rupees (positive
 * debit) with its side in openingBalanceType; state '-1' and gstRate -2 when none.
 */
export function presentAccount(row: AccountsTable) {
  return {
    _id: row.id,
    organisationId: row.organisation_id,
    name: row.name,
    displayName: row.display_name ?? row.name,
    nature: findAccountGroup(row.group_id)?.name ?? "",
    groupId: row.group_id,
    openingBalance: paiseToRupees(row.opening_balance_paise),
    openingBalanceType: sideOf(row.opening_balance_paise, row.group_id),
    gstin: row.gstin,
    state: row.state_code ?? String(NO_STATE),
    gstRate: row.gst_rate === null ? NO_GST_RATE : Number(row.gst_rate),
    billingAddress: row.billing_address,
    shippingAddress: row.shipping_address,
    billingCity: row.billing_city,
    billingPincode: row.billing_pincode,
    shippingCity: row.shipping_city,
    shippingPincode: row.shipping_pincode,
    mobileNo: row.mobile,
    email: row.email,
    pan: row.pan,
    tan: row.tan,
    gstType: row.gst_type,
    gstRegDate: row.gst_reg_date,
    gstCanDate: row.gst_cancel_date,
    gstCancelDate: row.gst_cancel_date,
    gstRegStatus: row.gst_reg_status,
    gstinname: row.gstin_name,
    rcmSales: row.rcm_sales === 1,
    rcmPurchase: row.rcm_purchase === 1,
    itcNotEligible: row.itc_not_eligible === 1,
    tdsSection: row.tds_section,
    deducteeType: row.deductee_type,
    lowerDeductionCertificate: presentCertificate(row.lower_deduction_certificate),
    customFieldValues: parseCustomFieldValues(row.custom_field_values),
    active: row.active === 1,
    isSystem: row.system_key !== null,
    systemKey: row.system_key,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type AccountView = ReturnType<typeof presentAccount>;
