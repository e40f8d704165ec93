import type { AccountNature, GstRegistrationType } from "@bahi/domain";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../api/http.ts";

/** An account as the server answers it (docs/api/masters.md "The account record"). */
export interface AccountRecord {
  _id: string;
  organisationId: string;
  name: string;
  displayName: string;
  nature: AccountNature;
  groupId: number;
  /** Rupees, signed: positive debit, negative credit (spec 3). */
  openingBalance: number;
  openingBalanceType: "dr" | "cr";
  gstin: string | null;
  /** A two-digit state code, or "-1" for none. */
  state: string;
  /** A GST rate code; -2 when none. */
  gstRate: number;
  billingAddress: string | null;
  shippingAddress: string | null;
  billingCity?: string | null;
  billingPincode?: string | null;
  shippingCity?: string | null;
  shippingPincode?: string | null;
  mobileNo: string | null;
  email: string | null;
  pan: string | null;
  tan: string | null;
  gstType: GstRegistrationType | null;
  gstRegDate: string | null;
  gstCanDate: string | null;
  gstRegStatus: string | null;
  gstinname: string | null;
  rcmSales: boolean;
  rcmPurchase: boolean;
  itcNotEligible?: boolean;
  customFieldValues: Record<string, string>;
  active: boolean;
  isSystem: boolean;
  version: number;
  /** With withBalances=true: the balance in rupees, signed, and its side. */
  balance?: number;
  balanceType?: "dr" | "cr";
}

/**
 * The cache key of an organisation's accounts. The pickers' list is this key itself; every other
 * account list sits under it, so invalidating it after a save reloads them all.
 */
export function accountsKey(organisationId: string) {
  return ["accounts", organisationId] as const;
}

// spec/api.md §8 catalogue title.
export const FETCH_ACCOUNTS_FAILED = "Could not fetch account list.";

/** The organisation's active accounts, by name (GET /account/accountslist?active=true). */
export async function fetchActiveAccounts(organisationId: string): Promise<AccountRecord[]> {
  const answer = await apiRequest<{ accounts: AccountRecord[] }>("GET", "/account/accountslist", {
    query: { organisationId, active: true },
    errorTitle: FETCH_ACCOUNTS_FAILED,
  });
  return answer.accounts;
}

export function useActiveAccounts(organisationId: string) {
  return useQuery({
    queryKey: accountsKey(organisationId),
    queryFn: () => fetchActiveAccounts(organisationId),
  });
}
