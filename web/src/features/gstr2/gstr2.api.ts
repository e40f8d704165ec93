import type { ItcEligibility, MatchStatus, SuggestedBy } from "@bahi/domain";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../api/http.ts";

// docs/api/gstr2.md: the purchase register, GSTR-2B import and reconciliation. Amounts are
// rupees, dates 'YYYY-MM-DD'.

export interface Gstr2PeriodQuery {
  organisationId: string;
  year: string;
  startDate: string;
  endDate: string;
}

export interface RegisterRow {
  entryId: string;
  transactionType: string;
  side: "invoice" | "credit";
  number: string;
  date: string;
  supplierName: string;
  gstin: string | null;
  pos: string | null;
  reverseCharge: boolean;
  importType: "goods" | "services" | null;
  value: number;
  taxableValue: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  itcEligibility: ItcEligibility;
  itcEligibilityTitle: string;
}

type Taxes = { igst: number; cgst: number; sgst: number; cess: number };

export interface PurchaseRegister {
  fp: string;
  transactions: RegisterRow[];
  count: number;
  totals: Taxes & { taxableValue: number; value: number };
  itc: Taxes;
}

export interface ReconParty {
  number: string;
  date: string;
  pos: string | null;
  reverseCharge: boolean;
  taxableValue: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  value: number;
  supplierName: string;
}

export interface ReconciliationRow {
  status: MatchStatus;
  statusTitle: string;
  differences: string[];
  differencesText: string;
  suggestedBy: SuggestedBy | null;
  linkKind: "auto" | "manual" | "accepted" | null;
  supplierGstin: string | null;
  supplierName: string;
  side: "invoice" | "credit";
  entryId: string | null;
  documentId: string | null;
  bill: (ReconParty & { transactionType: string }) | null;
  document:
    | (ReconParty & {
        section: string;
        sectionTitle: string;
        itcAvailable: string | null;
        imsAction: string | null;
        returnPeriod: string;
      })
    | null;
}

export interface Reconciliation {
  fp: string;
  imports: {
    returnPeriod: string;
    generatedOn: string | null;
    fileName: string;
    documentCount: number;
    importedAt: string;
  }[];
  rows: ReconciliationRow[];
  count: number;
  totals: { status: MatchStatus; title: string; count: number; books: Taxes; gstr2b: Taxes }[];
  matchedItc: Taxes;
}

export interface ImportAnswer {
  message: string;
  returnPeriod: string;
  documentCount: number;
  keptLinks: number;
  warnings: string[];
  summary: Record<MatchStatus, number>;
}

/** The one owner of the 'gstr2' keys (issue 40); `all` after an import or a link. */
export const gstr2Keys = {
  all: ["gstr2"] as const,
  call: (call: string, query: object) => ["gstr2", call, query] as const,
};

type RegisterQuery = Parameters<typeof getPurchaseRegister>[0];
type ReconciliationQuery = Parameters<typeof getReconciliation>[0];

/** `enabled` is the caller's (query !== null). */
export function purchaseRegisterQuery(query: RegisterQuery | null) {
  return queryOptions({
    queryKey: gstr2Keys.call("register", query ?? {}),
    queryFn: ({ signal }) => getPurchaseRegister(query as RegisterQuery, signal),
  });
}

export function reconciliationListQuery(query: ReconciliationQuery | null) {
  return queryOptions({
    queryKey: gstr2Keys.call("reconciliation", query ?? {}),
    queryFn: ({ signal }) => getReconciliation(query as ReconciliationQuery, signal),
  });
}

export function getPurchaseRegister(
  query: Gstr2PeriodQuery & { skip: number; limit: number; search?: string },
  signal?: AbortSignal,
) {
  return apiRequest<PurchaseRegister>("GET", "/gstr2/gstr2transactions", {
    query: { ...query },
    ...(signal ? { signal } : {}),
  });
}

export function getReconciliation(
  query: Gstr2PeriodQuery & {
    status?: MatchStatus;
    supplier?: string;
    skip: number;
    limit: number;
  },
  signal?: AbortSignal,
) {
  return apiRequest<Reconciliation>("GET", "/gstr2/reconciliation", {
    query: { ...query },
    ...(signal ? { signal } : {}),
  });
}

/** The register or the supplier-wise differences as .xlsx, to be saved by the browser. */
export function fetchGstr2Excel(
  call: "gstr2transactions" | "reconciliation",
  query: Gstr2PeriodQuery & { supplier?: string },
) {
  return apiRequest<Response>("GET", `/gstr2/${call}`, {
    query: {
      ...query,
      format: "excel",
      ...(call === "gstr2transactions" ? { skip: 0, limit: 1 } : {}),
    },
  });
}

export function importGstr2b(organisationId: string, file: File) {
  const form = new FormData();
  form.append("organisationId", organisationId);
  form.append("file", file, file.name);
  return apiRequest<ImportAnswer>("POST", "/gstr2/import2b", { body: form });
}

export function changeLink(
  action: "link" | "unlink" | "accept",
  body: { organisationId: string; entryId: string; documentId: string },
) {
  return apiRequest<{ success: boolean; message: string }>(
    "POST",
    `/gstr2/reconciliation/${action}`,
    { body },
  );
}
