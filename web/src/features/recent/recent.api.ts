import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../api/http.ts";

/** A row of GET /reports/lasttentransactions (spec 3 "Transaction summary row"). */
export interface TransactionSummary {
  _id: string;
  type: string;
  voucherType?: string;
  number?: string | null;
  partyName?: string | null;
  amount: number;
  date: string;
  updatedAt: string;
  addOrEdit: string;
}

// spec/api.md §8 catalogue title.
export const FETCH_TRANSACTIONS_FAILED = "Not able to fetch Transactions.";

export function useLastTenTransactions(organisationId: string, year: string, enabled: boolean) {
  return useQuery({
    queryKey: ["last-ten-transactions", organisationId, year],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<{ transactions: TransactionSummary[] }>(
        "GET",
        "/reports/lasttentransactions",
        { query: { organisationId, year }, signal, errorTitle: FETCH_TRANSACTIONS_FAILED },
      );
      return answer.transactions;
    },
    enabled,
    // Opened to see what was just saved: always asked afresh.
    staleTime: 0,
  });
}
