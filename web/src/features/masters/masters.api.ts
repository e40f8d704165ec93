import type {
  CustomFieldTarget,
  CustomFieldType,
  GstRegistrationType,
  ItemType,
  OpeningBalanceType,
} from "@bahi/domain";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../api/http.ts";
import {
  type AccountListOptions,
  type AccountRecord,
  accountsKey,
  accountsWithBalancesQuery,
  FETCH_ACCOUNTS_FAILED,
} from "../../components/inputs/account-options.ts";

export type {
  AccountListOptions,
  AccountRecord,
  OpeningBalanceDifference,
} from "../../components/inputs/account-options.ts";
export {
  accountsKey,
  fetchAccountsWithBalances,
  openingBalanceDifferenceQuery,
} from "../../components/inputs/account-options.ts";

// spec/api.md §8 catalogue, verbatim.
export const MASTER_TOASTS = {
  accountAddFailed: "Could not add the account",
  accountEditFailed: "Could not edit the account",
  itemSaveFailed: "Could not add the item",
  fetchAccountsFailed: FETCH_ACCOUNTS_FAILED,
  fetchItemsFailed: "Could not fetch items list.",
  fetchCustomFieldsFailed: "Could not fetch custom fields list.",
  genericFailed: "Error",
  emailFailed: "Failed to save email address",
  phoneFailed: "Failed to save phone number",
  accountAdded: { title: "Account Added", message: "Successfully added a new account." },
  accountEdited: { title: "Account Edited", message: "Successfully edited account." },
  accountDeleted: "Account Deleted Successfully.",
  itemAdded: { title: "Item Added", message: "Successfully added the new item." },
  itemAddedAndCopied: "Item Added & Copied",
  itemEdited: "Successfully edited item.",
  itemDeleted: "Item Deleted Successfully.",
  customFieldAdded: "Custom Field Added",
  customFieldEdited: { title: "Custom Field Edited", message: "Successfully edited a field." },
  customFieldDeleted: "Custom Field Deleted",
  emailSaved: "Email address saved successfully",
  phoneSaved: "Phone number saved successfully",
} as const;

// ── Accounts ────────────────────────────────────────────────────────────────────────────────

/** The add/edit payload (api.md 7 "Account"; domain's AccountInput reads it). */
export interface AccountPayload {
  organisationId: string;
  name: string;
  displayName: string;
  nature: string;
  openingBalance: number;
  openingBalanceType?: OpeningBalanceType;
  gstin: string;
  state?: string;
  gstRate?: number;
  billingAddress: string;
  shippingAddress: string;
  billingCity: string;
  billingPincode: string;
  shippingCity: string;
  shippingPincode: string;
  mobileNo: string;
  email: string;
  pan: string;
  tan: string;
  gstType: GstRegistrationType | "";
  gstRegDate: string;
  gstCanDate: string;
  gstRegStatus: string;
  gstinname: string;
  rcmSales: boolean;
  rcmPurchase: boolean;
  itcNotEligible?: boolean;
  customFieldValues: Record<string, string>;
}

interface AccountAnswer {
  success: boolean;
  accountId: string;
  account: AccountRecord;
  message: string;
}

export function addAccount(payload: AccountPayload) {
  return apiRequest<AccountAnswer>("POST", "/account/add", {
    body: payload,
    errorTitle: MASTER_TOASTS.accountAddFailed,
  });
}

export function editAccount(payload: AccountPayload & { accountId: string; version?: number }) {
  return apiRequest<AccountAnswer>("PUT", "/account/edit", {
    body: payload,
    errorTitle: MASTER_TOASTS.accountEditFailed,
  });
}

export async function fetchAccount(organisationId: string, accountId: string) {
  const answer = await apiRequest<{ account: AccountRecord }>(
    "GET",
    "/account/getsingleaccountdetails",
    { query: { organisationId, accountId }, errorTitle: MASTER_TOASTS.genericFailed },
  );
  return answer.account;
}

export function useAccountsWithBalances(organisationId: string, options: AccountListOptions) {
  return useQuery(accountsWithBalancesQuery(organisationId, options));
}

export function setAccountActive(organisationId: string, accountId: string, active: boolean) {
  return apiRequest<{ message: string }>("PUT", active ? "/account/active" : "/account/inactive", {
    body: { organisationId, accountId },
    errorTitle: MASTER_TOASTS.genericFailed,
  });
}

export function deleteAccount(organisationId: string, accountId: string) {
  return apiRequest<{ message: string }>("DELETE", "/account/delete", {
    query: { organisationId, accountId },
    errorTitle: MASTER_TOASTS.genericFailed,
  });
}

/** Whether the name is free among accounts and items; `id` is the record being edited. */
export function checkAccountName(organisationId: string, name: string, id?: string) {
  return apiRequest<{ available: boolean; message?: string }>(
    "GET",
    "/account/accountnameavailablecheck",
    { query: { organisationId, name, id } },
  );
}

export function checkGstinPresent(organisationId: string, gstin: string, accountId?: string) {
  return apiRequest<{ alreadyPresent: boolean; accountName?: string; accountId?: string }>(
    "GET",
    "/account/gstinalreadypresent",
    { query: { organisationId, gstin, accountId } },
  );
}

/** The GSTIN record of GET /gst/ (docs/api/masters.md "GSTIN records"). */
export interface GstinRecord {
  gstin: string;
  name: string | null;
  legalName: string | null;
  tradeName: string | null;
  gstRegType: string | null;
  taxpayerType: string | null;
  status: string | null;
  registrationDate: string | null;
  cancellationDate: string | null;
  address: string | null;
  stateCode: string | null;
  pan: string | null;
}

export function lookupGstin(organisationId: string, gstin: string, signal?: AbortSignal) {
  return apiRequest<GstinRecord>("GET", "/gst/", {
    query: { organisationId, gstin },
    ...(signal ? { signal } : {}),
  });
}

export function addAccountEmail(organisationId: string, accountId: string, email: string) {
  return apiRequest<{ email: string; message: string }>("PATCH", "/account/addemail", {
    body: { organisationId, accountId, email },
    errorTitle: MASTER_TOASTS.emailFailed,
  });
}

export function addAccountPhone(organisationId: string, accountId: string, phone: string) {
  return apiRequest<{ phone: string; message: string }>("PATCH", "/account/addphone", {
    body: { organisationId, accountId, phone },
    errorTitle: MASTER_TOASTS.phoneFailed,
  });
}

export interface OpeningBalanceLine {
  accountId: string;
  openingBalance: number;
  openingBalanceType?: OpeningBalanceType;
}

export function saveOpeningBalances(organisationId: string, balances: OpeningBalanceLine[]) {
  return apiRequest<{ updated: number; message: string }>("POST", "/account/openingbalances", {
    body: { organisationId, balances },
    errorTitle: MASTER_TOASTS.genericFailed,
  });
}

// ── Items ───────────────────────────────────────────────────────────────────────────────────

export interface ItemRecord {
  _id: string;
  name: string;
  description: string | null;
  type: ItemType;
  openingBalanceQuantity: number;
  openingBalanceAmount: number;
  uom: string | null;
  standardSellingPrice: number | null;
  standardSaleDiscount: number | null;
  standardPurchasePrice: number | null;
  standardPurchaseDiscount: number | null;
  hsnCode: string | null;
  sacCode: string | null;
  gstRate: number | null;
  cessRate?: number;
  itcNotEligible?: boolean;
  customFieldValues: Record<string, string>;
  active: boolean;
  version: number;
  stockQuantity?: number;
  stockValue?: number;
}

export interface ItemPayload {
  organisationId: string;
  name: string;
  description: string;
  type: ItemType;
  openingBalanceQuantity: number;
  openingBalanceAmount: number;
  uom: string;
  standardSellingPrice: number;
  standardSaleDiscount: number;
  standardPurchasePrice: number;
  standardPurchaseDiscount: number;
  hsnCode: string;
  sacCode: string;
  gstRate?: number;
  itcNotEligible: boolean;
  customFieldValues: Record<string, string>;
}

export function itemsKey(organisationId: string) {
  return ["items", organisationId] as const;
}

/** The item list (GET /item/itemlist), for the Item List and the reports' item filter alike. */
export function itemsQuery(organisationId: string, active: boolean | null) {
  return queryOptions({
    queryKey: [...itemsKey(organisationId), { active }] as const,
    queryFn: async () => {
      const answer = await apiRequest<{ items: ItemRecord[] }>("GET", "/item/itemlist", {
        query: { organisationId, ...(active === null ? {} : { active }) },
        errorTitle: MASTER_TOASTS.fetchItemsFailed,
      });
      return answer.items;
    },
  });
}

export function useItems(organisationId: string, active: boolean | null) {
  return useQuery(itemsQuery(organisationId, active));
}

interface ItemAnswer {
  itemId: string;
  item: ItemRecord;
  message: string;
}

export function addItem(payload: ItemPayload) {
  return apiRequest<ItemAnswer>("POST", "/item/add", {
    body: payload,
    errorTitle: MASTER_TOASTS.itemSaveFailed,
  });
}

export function editItem(payload: ItemPayload & { itemId: string; version?: number }) {
  return apiRequest<ItemAnswer>("POST", "/item/edit", {
    body: payload,
    errorTitle: MASTER_TOASTS.itemSaveFailed,
  });
}

export async function fetchItem(organisationId: string, itemId: string) {
  const answer = await apiRequest<{ item: ItemRecord }>("GET", "/item/getsingleitemdetails", {
    query: { organisationId, itemId },
    errorTitle: MASTER_TOASTS.genericFailed,
  });
  return answer.item;
}

export function deleteItem(organisationId: string, itemId: string) {
  return apiRequest<{ message: string }>("DELETE", "/item/delete", {
    query: { organisationId, itemId },
    errorTitle: MASTER_TOASTS.genericFailed,
  });
}

export function setItemActive(organisationId: string, itemId: string, active: boolean) {
  return apiRequest<{ message: string }>("PUT", active ? "/item/active" : "/item/inactive", {
    body: { organisationId, itemId },
    errorTitle: MASTER_TOASTS.genericFailed,
  });
}

// ── Custom fields ───────────────────────────────────────────────────────────────────────────

export interface CustomFieldRecord {
  _id: string;
  name: string;
  description: string | null;
  type: CustomFieldType;
  applicableFor: CustomFieldTarget;
  printInPdf: boolean;
  active: boolean;
  version: number;
}

export interface CustomFieldPayload {
  organisationId: string;
  name: string;
  description: string;
  type: CustomFieldType | "";
  applicableFor: CustomFieldTarget | "";
  printInPdf: boolean;
}

export function customFieldsKey(organisationId: string) {
  return ["customFields", organisationId] as const;
}

/** spec 9: the custom-field list is fetched whole, with limit 10000. */
export const CUSTOM_FIELD_LIST_LIMIT = 10_000;

export function useCustomFields(
  organisationId: string,
  filter: { active: boolean | null; applicableFor?: CustomFieldTarget },
) {
  return useQuery({
    queryKey: [...customFieldsKey(organisationId), filter],
    queryFn: async () => {
      const answer = await apiRequest<{ customFields: CustomFieldRecord[] }>(
        "GET",
        "/customfield/getCustomFieldList",
        {
          query: {
            organisationId,
            limit: CUSTOM_FIELD_LIST_LIMIT,
            skip: 0,
            ...(filter.active === null ? {} : { active: filter.active }),
            ...(filter.applicableFor ? { applicableFor: filter.applicableFor } : {}),
          },
          errorTitle: MASTER_TOASTS.fetchCustomFieldsFailed,
        },
      );
      return answer.customFields;
    },
  });
}

export function addCustomField(payload: CustomFieldPayload) {
  return apiRequest<{ customFieldId: string; customField: CustomFieldRecord; message: string }>(
    "POST",
    "/customfield/add",
    { body: payload, errorTitle: MASTER_TOASTS.genericFailed },
  );
}

export function editCustomField(
  payload: CustomFieldPayload & { customFieldId: string; version?: number },
) {
  return apiRequest<{ customField: CustomFieldRecord; message: string }>(
    "POST",
    "/customfield/edit",
    { body: payload, errorTitle: MASTER_TOASTS.genericFailed },
  );
}

export function deleteCustomField(organisationId: string, customFieldId: string) {
  return apiRequest<{ message: string }>("DELETE", "/customfield/delete", {
    query: { organisationId, customFieldId },
    errorTitle: MASTER_TOASTS.genericFailed,
  });
}

export function setCustomFieldActive(
  organisationId: string,
  customFieldId: string,
  active: boolean,
) {
  return apiRequest<{ message: string }>(
    "PUT",
    active ? "/customfield/active" : "/customfield/inactive",
    { body: { organisationId, customFieldId }, errorTitle: MASTER_TOASTS.genericFailed },
  );
}

// ── Closing stock ───────────────────────────────────────────────────────────────────────────

export interface ClosingStockMonth {
  accountId: string;
  accountName: string;
  month: string;
  value: number | null;
}

export function closingStockKey(organisationId: string, year: string, accountId: string) {
  return ["closingStock", organisationId, year, accountId] as const;
}

export async function fetchClosingStock(organisationId: string, year: string, accountId: string) {
  const answer = await apiRequest<{ closingStock: ClosingStockMonth[] }>(
    "GET",
    "/misc/getmanualclosingstock",
    { query: { organisationId, year, accountId }, errorTitle: MASTER_TOASTS.genericFailed },
  );
  return answer.closingStock;
}

export function saveClosingStock(
  organisationId: string,
  accountId: string,
  data: { month: string; value: number | null }[],
) {
  return apiRequest<{ message: string }>("POST", "/misc/editclosingstock", {
    body: { organisationId, accountId, data },
    errorTitle: MASTER_TOASTS.genericFailed,
  });
}

/** After any account save: the pickers and every account list reload (spec 4 "List reloads"). */
export function refreshAccounts(queryClient: QueryClient, organisationId: string) {
  return queryClient.invalidateQueries({ queryKey: accountsKey(organisationId) });
}
