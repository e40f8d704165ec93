import type { AccountRecord } from "../components/inputs/account-options.ts";

/** An active account of org-1 as GET /account/accountslist gives it; override what matters. */
export function makeAccount(overrides: Partial<AccountRecord> = {}): AccountRecord {
  return {
    _id: "a-1",
    organisationId: "org-1",
    name: "Account",
    displayName: overrides.name ?? "Account",
    nature: "Debtors",
    groupId: 1,
    openingBalance: 0,
    openingBalanceType: "dr",
    gstin: null,
    state: "-1",
    gstRate: -2,
    billingAddress: null,
    shippingAddress: null,
    mobileNo: null,
    email: null,
    pan: null,
    tan: null,
    gstType: null,
    gstRegDate: null,
    gstCanDate: null,
    gstRegStatus: null,
    gstinname: null,
    rcmSales: false,
    rcmPurchase: false,
    customFieldValues: {},
    active: true,
    isSystem: false,
    version: 1,
    ...overrides,
  };
}
