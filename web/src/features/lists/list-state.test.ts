import { describe, expect, test } from "vitest";
import {
  initialListState,
  LIST_INITIAL_DELAY_MS,
  type ListState,
  listQueryKey,
  reduceListState,
  removeFilter,
  SEARCH_DEBOUNCE_MS,
  UNKNOWN_ACCOUNT_WAIT_MS,
} from "./list-state.ts";

const start = initialListState({ type: "salesInvoice", view: "live", year: "2025-26" });
const busy: ListState = {
  ...start,
  page: 4,
  pageSize: 50,
  sort: "amountDesc",
  searchInput: "ravi",
  search: "ravi",
  filters: { amountFrom: 100, partyName: "Ravi" },
};

describe("list reload rules (spec 4 'List reloads')", () => {
  test("the spec's timings", () => {
    expect([SEARCH_DEBOUNCE_MS, LIST_INITIAL_DELAY_MS, UNKNOWN_ACCOUNT_WAIT_MS]).toEqual([
      700, 1000, 2000,
    ]);
  });

  test("starts on page 1 of 10, newest first, with no search or filters", () => {
    expect(start).toMatchObject({ page: 1, pageSize: 10, sort: "createdAtDesc", search: "" });
    expect(start.filters).toBeUndefined();
  });

  test("changing type resets page and search and clears filters", () => {
    const next = reduceListState(busy, {
      kind: "scopeChanged",
      type: "purchases",
      view: "live",
      year: "2025-26",
    });
    expect(next).toMatchObject({ type: "purchases", page: 1, searchInput: "", search: "" });
    expect(next.filters).toBeUndefined();
  });

  test("changing view resets search (and the page) but keeps filters", () => {
    const next = reduceListState(busy, {
      kind: "scopeChanged",
      type: "salesInvoice",
      view: "deleted",
      year: "2025-26",
    });
    expect(next).toMatchObject({ view: "deleted", search: "", searchInput: "", page: 1 });
    expect(next.filters).toEqual(busy.filters);
  });

  test("changing year reloads from page 1, keeping search and filters", () => {
    const next = reduceListState(busy, {
      kind: "scopeChanged",
      type: "salesInvoice",
      view: "live",
      year: "2024-25",
    });
    expect(next).toMatchObject({ year: "2024-25", page: 1, search: "ravi" });
  });

  test("page size and sort go back to page 1", () => {
    expect(reduceListState(busy, { kind: "pageSizeChanged", pageSize: 100 })).toMatchObject({
      pageSize: 100,
      page: 1,
    });
    expect(reduceListState(busy, { kind: "sortChanged", sort: "dateAsc" })).toMatchObject({
      sort: "dateAsc",
      page: 1,
    });
  });

  test("a page change keeps everything else", () => {
    const next = reduceListState(busy, { kind: "pageChanged", page: 5 });
    expect(next).toEqual({ ...busy, page: 5 });
  });

  test("typing does not reload; the settled search does, from page 1", () => {
    const typed = reduceListState(busy, { kind: "searchTyped", text: "ravi s" });
    expect(listQueryKey("o", typed)).toEqual(listQueryKey("o", busy));
    const settled = reduceListState(typed, { kind: "searchSettled", text: "ravi s" });
    expect(settled).toMatchObject({ search: "ravi s", page: 1 });
  });

  test("a settle timer for older text is ignored", () => {
    const typed = reduceListState(busy, { kind: "searchTyped", text: "ravi st" });
    expect(reduceListState(typed, { kind: "searchSettled", text: "ravi s" })).toBe(typed);
    const reset = reduceListState(busy, {
      kind: "scopeChanged",
      type: "receipts",
      view: "live",
      year: "2025-26",
    });
    expect(reduceListState(reset, { kind: "searchSettled", text: "ravi" }).search).toBe("");
  });

  test("removing a chip clears that filter; with none left the filter is dropped", () => {
    const one = reduceListState(busy, { kind: "filterRemoved", field: "amountFrom" });
    expect(one.filters).toEqual({ partyName: "Ravi" });
    const none = reduceListState(one, { kind: "filterRemoved", field: "partyName" });
    expect(none.filters).toBeUndefined();
    expect(removeFilter({ customFields: { a: "1", b: "2" } }, "customFields", "a")).toEqual({
      customFields: { b: "2" },
    });
    expect(removeFilter({ customFields: { a: "1" } }, "customFields", "a")).toBeUndefined();
  });

  test("every reload trigger changes the key", () => {
    const key = JSON.stringify(listQueryKey("o", busy));
    const variants: ListState[] = [
      { ...busy, type: "purchases" },
      { ...busy, view: "deleted" },
      { ...busy, year: "2024-25" },
      { ...busy, page: 2 },
      { ...busy, pageSize: 10 },
      { ...busy, sort: "dateAsc" },
      { ...busy, search: "x" },
      { ...busy, filters: undefined },
    ];
    for (const variant of variants) {
      expect(JSON.stringify(listQueryKey("o", variant))).not.toBe(key);
    }
  });
});
