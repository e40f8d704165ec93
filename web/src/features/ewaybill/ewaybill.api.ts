import type { EWayBillState, VoucherType } from "@bahi/domain";
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

export const ewayBillKey = (query: object) => ["ewaybill", "list", query] as const;

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
