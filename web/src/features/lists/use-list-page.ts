import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LIST_INITIAL_DELAY_MS, type ListState, listQueryKey, listsKey } from "./list-state.ts";
import { fetchListPage, type ListPage, type ListRequest } from "./lists.api.ts";

/** A loaded page stays current this long, so that paging back and forth paints at once. */
const LIST_FRESH_MS = 10_000;

/** spec 4: the list loads only after a 1 s initial delay. */
export function useInitialDelay(ms: number = LIST_INITIAL_DELAY_MS): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return ready;
}

function toRequest(organisationId: string, state: ListState): ListRequest {
  const { year, type, view, page, pageSize, sort, search, filters } = state;
  return { organisationId, year, type, view, page, pageSize, sort, search, filters };
}

/**
 * The page the state asks for. The query key is the reload key of spec 4; a new key makes the
 * previous load lose its observer, and TanStack Query aborts it through the signal ("a new load
 * aborts a load in flight"). Within one type and view the rows on screen stay until the next
 * page arrives, and the following page is fetched ahead, so paging paints at once.
 */
export function useListPage(organisationId: string, state: ListState, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: listQueryKey(organisationId, state),
    queryFn: ({ signal }) => fetchListPage(toRequest(organisationId, state), signal),
    enabled,
    staleTime: LIST_FRESH_MS,
    placeholderData: (previous, previousQuery) => {
      const [, , , type, view] = previousQuery?.queryKey ?? [];
      return type === state.type && view === state.view ? keepPreviousData(previous) : undefined;
    },
  });

  const count = query.data?.count ?? 0;
  const hasNext = state.page * state.pageSize < count;
  const settled = query.isSuccess && !query.isPlaceholderData;
  useEffect(() => {
    if (!settled || !hasNext) return;
    const next = { ...state, page: state.page + 1 };
    void queryClient.prefetchQuery({
      queryKey: listQueryKey(organisationId, next),
      queryFn: ({ signal }) => fetchListPage(toRequest(organisationId, next), signal),
      staleTime: LIST_FRESH_MS,
    });
  }, [settled, hasNext, queryClient, organisationId, state]);

  return query;
}

export type ListPageQuery = ReturnType<typeof useQuery<ListPage>>;

/** Every list of the organisation loads afresh (after a delete). */
export function invalidateLists(
  queryClient: ReturnType<typeof useQueryClient>,
  organisationId: string,
): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: listsKey(organisationId) });
}
