import type { EInvoiceState } from "@bahi/domain";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../api/http.ts";

// docs/api/einvoice.md (issue 24). Amounts are rupees, dates 'YYYY-MM-DD'.

export interface EInvoiceRow {
  entryId: string;
  voucherType: string;
  docType: "INV" | "CRN" | "DBN";
  number: string;
  date: string;
  partyName: string;
  totalAmount: number;
  state: EInvoiceState;
  reason: string | null;
  irn: string | null;
  ackNo: string | null;
  ackDate: string | null;
  exportedAt: string | null;
  cancelledAt: string | null;
  cancelReason: number | null;
  problems: string[];
}

export interface EInvoiceList {
  provider: "offline" | "api";
  eInvoiceFrom: string | null;
  counts: Record<EInvoiceState, number>;
  documents: EInvoiceRow[];
}

export interface EInvoicePeriod {
  organisationId: string;
  year: string;
  startDate: string;
  endDate: string;
}

/** The one owner of the 'einvoice' keys (issue 40): the list per period; `all` after an action. */
export const einvoiceKeys = {
  all: ["einvoice"] as const,
  list: (query: object) => ["einvoice", query] as const,
};

/** The period's list; `enabled` is the caller's (query !== null). */
export function einvoiceListQuery(query: EInvoicePeriod | null) {
  return queryOptions({
    queryKey: einvoiceKeys.list(query ?? {}),
    queryFn: ({ signal }) => getEInvoiceList(query as EInvoicePeriod, signal),
  });
}

export function getEInvoiceList(query: EInvoicePeriod, signal?: AbortSignal) {
  return apiRequest<EInvoiceList>("GET", "/einvoice/list", {
    query: { ...query },
    ...(signal ? { signal } : {}),
  });
}

/** The IRP's bulk JSON, for the documents named or the period's documents needing an IRN. */
export function fetchEInvoiceJson(
  query: { organisationId: string } & (
    | { entryIds: string[] }
    | { year: string; startDate: string; endDate: string }
  ),
) {
  return apiRequest<Response>("GET", "/einvoice/json", { query: { ...query } });
}

export interface ImportAnswer {
  success: boolean;
  message: string;
  registered: { entryId: string; number: string; irn: string; ackNo: string }[];
  unmatched: { irn: string; number: string | null; message: string }[];
  /** Rows of an Excel or CSV list that were left out, each saying why. */
  problems?: string[];
}

export function importIrpAnswer(organisationId: string, file: File) {
  const form = new FormData();
  form.append("organisationId", organisationId);
  form.append("file", file);
  return apiRequest<ImportAnswer>("POST", "/einvoice/import", { body: form });
}

export function cancelIrn(body: {
  organisationId: string;
  entryId: string;
  reason: number;
  remark?: string;
}) {
  return apiRequest<{ success: boolean; message: string }>("POST", "/einvoice/cancel", { body });
}
