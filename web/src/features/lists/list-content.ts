/** What the list area shows (spec 2.5). */
export type ListContent = "loading" | "rows" | "empty" | "noMatch" | "noSearchResult";

export function describeListContent(input: {
  loading: boolean;
  count: number;
  search: string;
  filtersActive: boolean;
}): ListContent {
  if (input.loading) return "loading";
  if (input.count > 0) return "rows";
  if (input.search.trim() !== "") return "noSearchResult";
  return input.filtersActive ? "noMatch" : "empty";
}

/** spec 2.5: a search that matches nothing; '... and filters' on cards when filters are active. */
export function describeNoSearchResult(layout: "table" | "cards", filtersActive: boolean): string {
  const text = "No record found matching your search criteria";
  return layout === "cards" && filtersActive ? `${text} and filters` : text;
}

/** spec 9: the skeleton has 10 rows. */
export const SKELETON_ROWS = 10;
