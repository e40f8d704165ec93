import type { Gstr3bTable } from "@bahi/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { useReportScope } from "../../reports/use-report-scope.ts";
import { gstr3bDetailsQuery, gstr3bSummaryQuery } from "../gst-returns.query.ts";
import type { ItcBasis } from "../gstr3b.api.ts";
import { detailsQuery, gstr3bParams, readGstr3bView, summaryQuery } from "../model/gstr3b.ts";
import { useReturnPeriod } from "../ReturnPeriodField.tsx";

/**
 * What GSTR-3B reads: the period, figure, page and ITC basis of the address, the summary, and
 * the vouchers behind the figure chosen once the summary is in.
 */
export function useGstr3b() {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const [params, setParams] = useSearchParams();
  const period = useReturnPeriod({
    organisationId: organisation._id,
    year,
    today,
    onApply: (periodText) => setParams({ period: periodText }),
  });
  const view = readGstr3bView(params);
  const query = summaryQuery(period.query, view.itcBasis);
  const summary = useQuery({
    ...gstr3bSummaryQuery(query),
    enabled: query !== null,
    retry: false,
  });
  const figureQuery = detailsQuery(query, view);
  const details = useQuery({
    ...gstr3bDetailsQuery(figureQuery),
    enabled: figureQuery !== null && summary.isSuccess,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const setView = (next: { table?: Gstr3bTable | null; page?: number; itc?: ItcBasis }) =>
    setParams(gstr3bParams(period.text, view, next));

  return { scope, period, view, query, summary, details, setView };
}
