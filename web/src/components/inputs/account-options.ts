import type { AccountNature, GstRegistrationType } from "@bahi/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
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
  /** Issue 39: TDS section, deductee type and lower-deduction certificate. */
  tdsSection?: string | null;
  deducteeType?: string | null;
  lowerDeductionCertificate?: {
    certificateNumber: string;
    rate: number;
    validFrom: string;
    validTo: string;
    limit: number;
  } | null;
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

/** The Cash accounts with their balances as at a date (the negative-cash warning, issue 40). */
export function cashAtDateQuery(organisationId: string, year: string, date: string) {
  return queryOptions({
    queryKey: [...accountsKey(organisationId), "cash-at", year, date] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ date: string; accounts: AccountRecord[] }>("GET", "/account/accountslist", {
        query: { organisationId, withBalances: true, year, date, nature: "Cash" },
        signal,
      }),
  });
}

export function activeAccountsQuery(organisationId: string) {
  return queryOptions({
    queryKey: accountsKey(organisationId),
    queryFn: () => fetchActiveAccounts(organisationId),
  });
}

export function useActiveAccounts(organisationId: string) {
  return useQuery(activeAccountsQuery(organisationId));
}

// The other account lists sit under the same root, owned here too (issue 40: one owner per key),
// so the masters' save invalidates every one of them through `accountsKey`.

export interface AccountListOptions {
  active: boolean | null;
  year: string;
  natures?: readonly string[];
}

/** Accounts with their balances as at today, inside the open year (GET accountslist). */
export async function fetchAccountsWithBalances(
  organisationId: string,
  { active, year, natures }: AccountListOptions,
) {
  return apiRequest<{ date: string; accounts: AccountRecord[] }>("GET", "/account/accountslist", {
    query: {
      organisationId,
      withBalances: true,
      year,
      ...(active === null ? {} : { active }),
      ...(natures?.length ? { nature: natures.join(",") } : {}),
    },
    errorTitle: FETCH_ACCOUNTS_FAILED,
  });
}

export function accountsWithBalancesQuery(organisationId: string, options: AccountListOptions) {
  return queryOptions({
    queryKey: [...accountsKey(organisationId), "balances", options] as const,
    queryFn: () => fetchAccountsWithBalances(organisationId, options),
  });
}

export interface OpeningBalanceDifference {
  totalDebit: number;
  totalCredit: number;
  difference: number;
  differenceType: "dr" | "cr" | null;
}

export function fetchOpeningBalanceDifference(organisationId: string) {
  return apiRequest<OpeningBalanceDifference>("GET", "/account/openingbalancedifference", {
    query: { organisationId },
  });
}

export function openingBalanceDifferenceQuery(organisationId: string) {
  return queryOptions({
    queryKey: [...accountsKey(organisationId), "opening-difference"] as const,
    queryFn: () => fetchOpeningBalanceDifference(organisationId),
  });
}
