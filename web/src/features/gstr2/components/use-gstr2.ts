import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useReturnPeriod } from "../../gst-returns/ReturnPeriodField.tsx";
import { useReportScope } from "../../reports/use-report-scope.ts";
import { purchaseRegisterQuery, reconciliationListQuery } from "../gstr2.api.ts";
import {
  changeParams,
  readGstr2View,
  reconciliationQuery,
  registerQuery,
} from "../model/gstr2-view.ts";

/**
 * What GSTR-2 reads: the period, tab, status and page of the address, the search and supplier
 * typed, and the open tab's query (the purchase register or the reconciliation).
 */
export function useGstr2() {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const [params, setParams] = useSearchParams();
  const view = readGstr2View(params);
  const [search, setSearch] = useState("");
  const [supplier, setSupplier] = useState("");
  const setParam = (changes: Record<string, string | null>) =>
    setParams(changeParams(params, changes));

  const period = useReturnPeriod({
    organisationId: organisation._id,
    year,
    today,
    onApply: (periodText) => setParam({ period: periodText, page: null }),
  });
  const { query } = period;

  const registerAsk = registerQuery(query, view.page, search);
  const register = useQuery({
    ...purchaseRegisterQuery(registerAsk),
    enabled: registerAsk !== null && view.tab === "register",
    placeholderData: keepPreviousData,
    retry: false,
  });
  const reconAsk = reconciliationQuery(query, view.page, view.status, supplier);
  const reconciliation = useQuery({
    ...reconciliationListQuery(reconAsk),
    enabled: reconAsk !== null && view.tab === "reconciliation",
    placeholderData: keepPreviousData,
    retry: false,
  });

  return {
    scope,
    period,
    view,
    setParam,
    search,
    /** A new search starts from the first page. */
    changeSearch: (text: string) => {
      setSearch(text);
      setParam({ page: null });
    },
    supplier,
    changeSupplier: (text: string) => {
      setSupplier(text);
      setParam({ page: null });
    },
    register,
    reconciliation,
  };
}
