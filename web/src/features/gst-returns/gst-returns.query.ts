import type { GstReturnKind } from "@bahi/domain";
import { queryOptions } from "@tanstack/react-query";
import { getGstr3bDetails, getGstr3bSummary } from "./gstr3b.api.ts";
import { getReturnCounts, getReturnTransactions, type ReturnPeriodQuery } from "./returns.api.ts";

// The one owner of the 'gst-returns' keys (issue 40): GSTR-1, IFF and GSTR-3B sit under one root
// so a filing can read them all again, each call under its own key and shape.

type SectionQuery = Parameters<typeof getReturnTransactions>[1];
type Gstr3bSummaryQuery = Parameters<typeof getGstr3bSummary>[0];
type Gstr3bDetailsQuery = Parameters<typeof getGstr3bDetails>[0];

export const gstReturnKeys = {
  all: ["gst-returns"] as const,
  kind: (kind: GstReturnKind | "gstr3b") => ["gst-returns", kind] as const,
};

/** A GSTR-1 / IFF period's counts; `enabled` is the caller's (query !== null). */
export function returnCountsQuery(kind: GstReturnKind, query: ReturnPeriodQuery | null) {
  return queryOptions({
    queryKey: [...gstReturnKeys.kind(kind), "counts", query ?? {}] as const,
    queryFn: ({ signal }) => getReturnCounts(kind, query as ReturnPeriodQuery, signal),
  });
}

export function returnRowsQuery(kind: GstReturnKind, query: SectionQuery | null) {
  return queryOptions({
    queryKey: [...gstReturnKeys.kind(kind), "rows", query ?? {}] as const,
    queryFn: ({ signal }) => getReturnTransactions(kind, query as SectionQuery, signal),
  });
}

export function gstr3bSummaryQuery(query: Gstr3bSummaryQuery | null) {
  return queryOptions({
    queryKey: [...gstReturnKeys.kind("gstr3b"), "summary", query ?? {}] as const,
    queryFn: ({ signal }) => getGstr3bSummary(query as Gstr3bSummaryQuery, signal),
  });
}

export function gstr3bDetailsQuery(query: Gstr3bDetailsQuery | null) {
  return queryOptions({
    queryKey: [...gstReturnKeys.kind("gstr3b"), "details", query ?? {}] as const,
    queryFn: ({ signal }) => getGstr3bDetails(query as Gstr3bDetailsQuery, signal),
  });
}
