import {
  type CleanListFilter,
  DEFAULT_LIST_PAGE_SIZE,
  DEFAULT_LIST_SORT,
  type ListSortValue,
  type ListView,
  type VoucherType,
} from "@bahi/domain";

/** spec 9: search is debounced by 700 ms; the list loads after 1 s; an accounts refresh waits 2 s. */
export const SEARCH_DEBOUNCE_MS = 700;
export const LIST_INITIAL_DELAY_MS = 1000;
export const UNKNOWN_ACCOUNT_WAIT_MS = 2000;

/** What the list screen shows; every field but the typed search is part of the reload key. */
export interface ListState {
  type: VoucherType;
  view: ListView;
  year: string;
  page: number;
  pageSize: number;
  sort: ListSortValue;
  /** The search box's text as typed. */
  searchInput: string;
  /** The search the list was loaded with (the typed text, 700 ms after the last key). */
  search: string;
  filters: CleanListFilter | undefined;
}

export type ListAction =
  | { kind: "scopeChanged"; type: VoucherType; view: ListView; year: string }
  | { kind: "searchTyped"; text: string }
  | { kind: "searchSettled"; text: string }
  | { kind: "filtersApplied"; filters: CleanListFilter | undefined }
  | { kind: "filterRemoved"; field: string; customFieldId?: string }
  | { kind: "filtersCleared" }
  | { kind: "pageChanged"; page: number }
  | { kind: "pageSizeChanged"; pageSize: number }
  | { kind: "sortChanged"; sort: ListSortValue };

export function initialListState(scope: {
  type: VoucherType;
  view: ListView;
  year: string;
}): ListState {
  return {
    ...scope,
    page: 1,
    pageSize: DEFAULT_LIST_PAGE_SIZE,
    sort: DEFAULT_LIST_SORT,
    searchInput: "",
    search: "",
    filters: undefined,
  };
}

/** spec 4 "List reloads": removing a filter clears it; when all are empty they are dropped. */
export function removeFilter(
  filters: CleanListFilter | undefined,
  field: string,
  customFieldId?: string,
): CleanListFilter | undefined {
  if (!filters) return undefined;
  const next: Record<string, unknown> = { ...filters };
  if (field === "customFields" && customFieldId !== undefined) {
    const { [customFieldId]: _removed, ...rest } = filters.customFields ?? {};
    if (Object.keys(rest).length > 0) next.customFields = rest;
    else delete next.customFields;
  } else {
    delete next[field];
  }
  return Object.keys(next).length > 0 ? (next as CleanListFilter) : undefined;
}

/**
 * spec 4 "List reloads": a change of type resets page and search and clears the filters; a change
 * of view resets the search; page size and sort go back to page 1. Ours, where the spec is silent:
 * a new search, new filters, a new year and a new view also start at page 1, since the page
 * number of another result means nothing.
 */
export function reduceListState(state: ListState, action: ListAction): ListState {
  switch (action.kind) {
    case "scopeChanged": {
      if (action.type !== state.type) {
        return { ...initialListState(action), pageSize: state.pageSize, sort: state.sort };
      }
      if (action.view !== state.view) {
        return {
          ...state,
          view: action.view,
          year: action.year,
          page: 1,
          searchInput: "",
          search: "",
        };
      }
      if (action.year !== state.year) return { ...state, year: action.year, page: 1 };
      return state;
    }
    case "searchTyped":
      return { ...state, searchInput: action.text };
    case "searchSettled": {
      // A settle timer that outlived a reset (or later typing) must not bring old text back.
      if (action.text !== state.searchInput) return state;
      const search = action.text.trim();
      return search === state.search ? state : { ...state, search, page: 1 };
    }
    case "filtersApplied":
      return { ...state, filters: action.filters, page: 1 };
    case "filterRemoved":
      return {
        ...state,
        filters: removeFilter(state.filters, action.field, action.customFieldId),
        page: 1,
      };
    case "filtersCleared":
      return { ...state, filters: undefined, page: 1 };
    case "pageChanged":
      return action.page === state.page ? state : { ...state, page: Math.max(1, action.page) };
    case "pageSizeChanged":
      return { ...state, pageSize: action.pageSize, page: 1 };
    case "sortChanged":
      return { ...state, sort: action.sort, page: 1 };
  }
}

/** Every list of the organisation (invalidated after a delete); the one owner of 'voucher-list'. */
export function listsKey(organisationId: string) {
  return ["voucher-list", organisationId] as const;
}

/** The reload key: the list loads again whenever any part of it changes (spec 4). */
export function listQueryKey(organisationId: string, state: ListState) {
  return [
    ...listsKey(organisationId),
    state.year,
    state.type,
    state.view,
    {
      page: state.page,
      pageSize: state.pageSize,
      sort: state.sort,
      search: state.search,
      filters: state.filters ?? null,
    },
  ] as const;
}

export function hasActiveFilters(state: Pick<ListState, "filters">): boolean {
  return state.filters !== undefined && Object.keys(state.filters).length > 0;
}
