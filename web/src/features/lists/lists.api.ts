import {
  buildEntryApiPath,
  type CleanListFilter,
  type ExportFormat,
  type InvoiceStatus,
  type ListSortValue,
  type ListView,
  nameExportFile,
  VOUCHER_REGISTRY,
  type VoucherType,
} from "@bahi/domain";
import { apiRequest } from "../../api/http.ts";

/** A list record: the stored entry plus the server's own fields (docs/api/vouchers.md). */
export type ListRecord = Record<string, unknown> & {
  _id: string;
  version: number;
  number?: string | null;
  date?: string;
  partyName?: string | null;
  totalAmount?: number;
  pendingAmt?: number | null;
  status?: InvoiceStatus | null;
  cashOrDebtorAccountId?: string;
};

export interface ListPage {
  records: ListRecord[];
  count: number;
  pageTotal: number;
  total: number;
}

export interface ListRequest {
  organisationId: string;
  year: string;
  type: VoucherType;
  view: ListView;
  page: number;
  pageSize: number;
  sort: ListSortValue;
  search: string;
  filters: CleanListFilter | undefined;
}

// spec/api.md §8: list load failures and delete failures show "Error".
export const LIST_ERROR_TITLE = "Error";

function listQuery(request: ListRequest) {
  return {
    organisationId: request.organisationId,
    year: request.year,
    sortBy: request.sort,
    searchText: request.search || undefined,
    filters: request.filters ? JSON.stringify(request.filters) : undefined,
    deleted: request.view === "deleted",
  };
}

/** The family's list GET: `{ <listKey>: [...], count, pageTotal, total }` (spec 3). */
export async function fetchListPage(request: ListRequest, signal?: AbortSignal): Promise<ListPage> {
  const answer = await apiRequest<Record<string, unknown>>(
    "GET",
    buildEntryApiPath(request.type, "list"),
    {
      query: {
        ...listQuery(request),
        skip: (request.page - 1) * request.pageSize,
        limit: request.pageSize,
      },
      signal,
      errorTitle: LIST_ERROR_TITLE,
    },
  );
  const records = answer[VOUCHER_REGISTRY[request.type].listKey];
  return {
    records: Array.isArray(records) ? (records as ListRecord[]) : [],
    count: Number(answer.count ?? 0),
    pageTotal: Number(answer.pageTotal ?? 0),
    total: Number(answer.total ?? 0),
  };
}

/** spec/api.md §8 "Not able to download file!" (message: There are no entries to download). */
export const DOWNLOAD_FAILED = "Not able to download file!";

/** The list as PDF or Excel (download=true): every matching row, named from the type and year. */
export async function downloadList(
  request: ListRequest,
  format: ExportFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const answer = await apiRequest<Response>("GET", buildEntryApiPath(request.type, "list"), {
    query: { ...listQuery(request), download: true, format },
    errorTitle: DOWNLOAD_FAILED,
  });
  const fileName = nameExportFile(request.type, request.year, format, {
    deleted: request.view === "deleted",
  });
  return { blob: await answer.blob(), fileName };
}

/** DELETE {family}/delete?organisationId&entryIds[]=… → '{n} entry/entries Deleted Successfully.' */
export function deleteEntries(type: VoucherType, organisationId: string, entryIds: string[]) {
  return apiRequest<{ deleted: number; message: string }>(
    "DELETE",
    buildEntryApiPath(type, "delete"),
    {
      query: { organisationId, entryIds },
      errorTitle: LIST_ERROR_TITLE,
    },
  );
}

/** POST {family}/restore (issue 39): deleted entries back into the books. */
export function restoreEntries(type: VoucherType, organisationId: string, entryIds: string[]) {
  return apiRequest<{ restored: number; message: string }>(
    "POST",
    buildEntryApiPath(type, "restore"),
    { body: { organisationId, entryIds }, errorTitle: LIST_ERROR_TITLE },
  );
}

/** One row of getoldentrylist (spec 3 "Log entry"). */
export interface EntryLog {
  _id: string;
  version: number;
  first: boolean;
  latest: boolean;
  action?: string;
  userName: string;
  date: string;
}

export async function fetchEntryLog(
  type: VoucherType,
  organisationId: string,
  entryId: string,
  signal?: AbortSignal,
): Promise<EntryLog[]> {
  const answer = await apiRequest<{ logs: EntryLog[] }>(
    "GET",
    buildEntryApiPath(type, "getoldentrylist"),
    { query: { organisationId, entryId }, signal, errorTitle: LIST_ERROR_TITLE },
  );
  return answer.logs;
}

/** An account as the lists need it: name for the cells, nature for the filter's pickers. */
export interface ListAccount {
  _id: string;
  name: string;
  nature: string;
  active: boolean;
}

// spec/api.md §8 catalogue title.
export const FETCH_ACCOUNTS_FAILED = "Could not fetch account list.";

export async function fetchListAccounts(
  organisationId: string,
  signal?: AbortSignal,
): Promise<ListAccount[]> {
  const answer = await apiRequest<{ accounts: ListAccount[] }>("GET", "/account/accountslist", {
    query: { organisationId },
    signal,
    errorTitle: FETCH_ACCOUNTS_FAILED,
  });
  return answer.accounts.map(({ _id, name, nature, active }) => ({ _id, name, nature, active }));
}

/** A custom field (spec 3) for the filter dialog. */
export interface ListCustomField {
  _id: string;
  name: string;
  type: string;
  applicableFor: string;
}

export const FETCH_CUSTOM_FIELDS_FAILED = "Could not fetch custom fields list.";

export async function fetchCustomFields(
  organisationId: string,
  signal?: AbortSignal,
): Promise<ListCustomField[]> {
  // spec 9: the custom-field list is fetched with limit 10000.
  const answer = await apiRequest<{ customFields: ListCustomField[] }>(
    "GET",
    "/customfield/getCustomFieldList",
    {
      query: { organisationId, active: true, limit: 10_000, skip: 0 },
      signal,
      errorTitle: FETCH_CUSTOM_FIELDS_FAILED,
    },
  );
  return answer.customFields;
}
