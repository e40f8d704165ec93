import { describe, expect, test } from "vitest";
import { describeListContent, describeNoSearchResult, SKELETON_ROWS } from "./list-content.ts";

describe("list states (spec 2.5)", () => {
  const base = { loading: false, count: 0, search: "", filtersActive: false };

  test("loading shows a skeleton of 10 rows", () => {
    expect(describeListContent({ ...base, loading: true, count: 5 })).toBe("loading");
    expect(SKELETON_ROWS).toBe(10);
  });

  test("rows, empty, no match and no search result", () => {
    expect(describeListContent({ ...base, count: 3 })).toBe("rows");
    expect(describeListContent(base)).toBe("empty");
    expect(describeListContent({ ...base, filtersActive: true })).toBe("noMatch");
    expect(describeListContent({ ...base, search: "zz" })).toBe("noSearchResult");
    expect(describeListContent({ ...base, search: "zz", filtersActive: true })).toBe(
      "noSearchResult",
    );
  });

  test("the no-search-result text, with '... and filters' on cards", () => {
    expect(describeNoSearchResult("table", true)).toBe(
      "No record found matching your search criteria",
    );
    expect(describeNoSearchResult("cards", false)).toBe(
      "No record found matching your search criteria",
    );
    expect(describeNoSearchResult("cards", true)).toBe(
      "No record found matching your search criteria and filters",
    );
  });
});
