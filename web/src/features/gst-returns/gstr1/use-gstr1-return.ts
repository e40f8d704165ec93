import type { GstReturnKind } from "@bahi/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { useReportScope } from "../../reports/use-report-scope.ts";
import { returnCountsQuery, returnRowsQuery } from "../gst-returns.query.ts";
import { rowsQuery, sectionOf, sectionParams } from "../model/gstr1.ts";
import { pageOf } from "../model/return-frame.ts";
import { useReturnPeriod } from "../ReturnPeriodField.tsx";

/**
 * What GSTR-1 / IFF reads: the period and section of the address, the return's counts (the
 * summary, warnings and filing), and the rows of the section's page once the counts are in.
 */
export function useGstr1Return(kind: GstReturnKind) {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const [params, setParams] = useSearchParams();
  const section = sectionOf(params);
  const period = useReturnPeriod({
    organisationId: organisation._id,
    year,
    today,
    kind,
    onApply: (periodText) => setParams(sectionParams(periodText, section)),
  });
  const { query } = period;
  const page = pageOf(params);

  const counts = useQuery({
    ...returnCountsQuery(kind, query),
    enabled: query !== null,
    retry: false,
  });
  const sectionQuery = rowsQuery(query, section, page);
  const rows = useQuery({
    ...returnRowsQuery(kind, sectionQuery),
    enabled: sectionQuery !== null && counts.isSuccess,
    placeholderData: keepPreviousData,
    retry: false,
  });

  return {
    scope,
    period,
    section,
    page,
    counts,
    rows,
    showSection: (next: string) => setParams(sectionParams(period.text, next)),
    showPage: (next: number) => setParams(sectionParams(period.text, section, next)),
  };
}
