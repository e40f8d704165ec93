import type { EWayBillState, VoucherType } from "@bahi/domain";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../api/http.ts";

// docs/api/ewaybill.md (issue 24). Amounts are rupees, dates 'YYYY-MM-DD'.

export interface EWayBillPeriodQuery {
  organisationId: string;
  year: string;
  startDate: string;
  endDate: string;
}

export interface EWayBillDocument {
  entryId: string;
  transactionType: VoucherType;
  invoiceNumber: string;
  date: string;
  partyName: string;
  totalAmount: number;
  consignmentValue: number;
  state: EWayBillState;
  ewbNumber: string | null;
  ewbDate: string | null;
  validUntil: string | null;
}

export interface EWayBillList {
  documents: EWayBillDocument[];
  counts: Record<EWayBillState, number>;
}

export interface EWayBillImportAnswer {
  message: string;
  imported: { entryId: string; invoiceNumber: string; ewbNumber: string }[];
  unmatched: string[];
  problems: string[];
}

/** The one owner of the 'ewaybill' keys (issue 40): the list per period; `all` after an import. */
export const ewayBillKeys = {
  all: ["ewaybill"] as const,
  list: (query: object) => ["ewaybill", "list", query] as const,
};

/** The period's list; `enabled` is the caller's (query !== null). */
export function ewayBillListQuery(query: EWayBillPeriodQuery | null) {
  return queryOptions({
    queryKey: ewayBillKeys.list(query ?? {}),
    queryFn: ({ signal }) => getEWayBillList(query as EWayBillPeriodQuery, signal),
  });
}

export function getEWayBillList(query: EWayBillPeriodQuery, signal?: AbortSignal) {
  return apiRequest<EWayBillList>("GET", "/ewaybill/list", {
    query: { ...query },
    ...(signal ? { signal } : {}),
  });
}

/** The portal's bulk file as a Response: one document, or every one of the period needing one. */
export function fetchEWayBillJson(
  input: { organisationId: string } & (
    | { entryId: string }
    | { startDate: string; endDate: string }
  ),
) {
  const { organisationId } = input;
  const query =
    "entryId" in input
      ? { organisationId, entryIds: input.entryId }
      : { organisationId, startDate: input.startDate, endDate: input.endDate };
  return apiRequest<Response>("GET", "/ewaybill/json", { query });
}

export function importEWayBills(organisationId: string, file: File) {
  const form = new FormData();
  form.append("organisationId", organisationId);
  form.append("file", file);
  return apiRequest<EWayBillImportAnswer>("POST", "/ewaybill/import", { body: form });
}
