import type { GstReturnKind, ReturnSection, ReturnWarning } from "@bahi/domain";
import { apiRequest } from "../../api/http.ts";
import type { ReturnFiling } from "./model/return-frame.ts";

// docs/api/gst-returns.md: GSTR-1 and IFF. Amounts are rupees, dates 'YYYY-MM-DD'.

export interface ReturnPeriodQuery {
  organisationId: string;
  year: string;
  startDate: string;
  endDate: string;
}

export interface SectionSummary {
  type: ReturnSection;
  title: string;
  count: number;
  value: number;
  taxableValue: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
}

export interface ReturnCounts {
  returnKind: GstReturnKind;
  gstin: string;
  fp: string;
  startDate: string;
  endDate: string;
  sections: SectionSummary[];
  warnings: ReturnWarning[];
  warningsCount: number;
  errorsCount: number;
  filing: ReturnFiling | null;
}

export interface ReturnTransactions {
  type: ReturnSection;
  title: string;
  transactions: Record<string, string | number | boolean | null>[];
  count: number;
  totals: Omit<SectionSummary, "type" | "title">;
}

/** The calls of each return (api.md 7 "GST returns"). */
export const RETURN_CALLS: Readonly<
  Record<GstReturnKind, { prefix: string; count: string; transactions: string; file: string }>
> = {
  gstr1: {
    prefix: "/gstr1",
    count: "gstr1B2BCount",
    transactions: "gstr1transactions",
    file: "gstr1Json",
  },
  iff: { prefix: "/iff", count: "iffCount", transactions: "ifftransactions", file: "iffJson" },
};

export function getReturnCounts(
  kind: GstReturnKind,
  query: ReturnPeriodQuery,
  signal?: AbortSignal,
) {
  const calls = RETURN_CALLS[kind];
  return apiRequest<ReturnCounts>("GET", `${calls.prefix}/${calls.count}`, {
    query: { ...query },
    ...(signal ? { signal } : {}),
  });
}

export function getReturnTransactions(
  kind: GstReturnKind,
  query: ReturnPeriodQuery & { type: ReturnSection; skip: number; limit: number },
  signal?: AbortSignal,
) {
  const calls = RETURN_CALLS[kind];
  return apiRequest<ReturnTransactions>("GET", `${calls.prefix}/${calls.transactions}`, {
    query: { ...query },
    ...(signal ? { signal } : {}),
  });
}

/** The file (JSON or the offline tool's Excel) as a Response, to be saved by the browser. */
export function fetchReturnFile(
  kind: GstReturnKind,
  query: ReturnPeriodQuery,
  format: "json" | "excel",
) {
  const calls = RETURN_CALLS[kind];
  return apiRequest<Response>("GET", `${calls.prefix}/${calls.file}`, {
    query: { ...query, format },
  });
}

export function emailReturnFile(
  kind: GstReturnKind,
  query: ReturnPeriodQuery & { email: string; subject?: string },
) {
  const calls = RETURN_CALLS[kind];
  // A POST: no GET sends anything (issue 37).
  return apiRequest<{ success: boolean; message: string }>(
    "POST",
    `${calls.prefix}/${calls.file}`,
    {
      body: query,
    },
  );
}

export function markReturnFiled(
  kind: GstReturnKind,
  body: ReturnPeriodQuery & { arn?: string | undefined },
) {
  return apiRequest<{ success: boolean; message: string }>(
    "POST",
    `${RETURN_CALLS[kind].prefix}/markfiled`,
    { body },
  );
}
