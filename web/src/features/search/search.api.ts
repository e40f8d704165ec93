import { useQuery } from "@tanstack/react-query";
import { isAbortError, SessionEndedError } from "../../api/errors.ts";
import { apiRequest } from "../../api/http.ts";
import { notify } from "../../app/notify.tsx";
import { TOP_SEARCH_MIN_LENGTH } from "./search-results.ts";

/** A row of GET /search/topsearch: an account, an item or a transaction. */
export interface TopSearchResult {
  _id: string;
  kind: "account" | "item" | "transaction" | (string & {});
  name: string;
  detail: string;
  voucherType?: string;
}

// spec/api.md §8: "Error / There was an error while searching".
export const SEARCH_FAILED = { title: "Error", message: "There was an error while searching" };

export function useTopSearch(organisationId: string, year: string, searchText: string) {
  const text = searchText.trim();
  return useQuery({
    queryKey: ["top-search", organisationId, year, text],
    queryFn: async ({ signal }) => {
      try {
        const answer = await apiRequest<{ results: TopSearchResult[] }>(
          "GET",
          "/search/topsearch",
          {
            query: { organisationId, year, searchText: text },
            signal,
          },
        );
        return answer.results;
      } catch (error) {
        if (!isAbortError(error) && !(error instanceof SessionEndedError)) {
          notify({ type: "danger", ...SEARCH_FAILED });
        }
        throw error;
      }
    },
    enabled: text.length >= TOP_SEARCH_MIN_LENGTH,
    staleTime: 10_000,
  });
}
