import { describe, expect, it } from "vitest";
import {
  DEFAULT_EXPORT_FORMAT,
  DEFAULT_LIST_PAGE_SIZE,
  DEFAULT_LIST_SORT,
  LIST_PAGE_SIZES,
  LIST_SEARCH_PLACEHOLDER,
  LIST_SORT_OPTIONS,
} from "./list-options.ts";

describe("list options (spec 9, spec 2.5)", () => {
  it("offers the 7 sort options with the spec's labels, createdAtDesc first and default", () => {
    expect(LIST_SORT_OPTIONS).toEqual([
      { value: "createdAtDesc", label: "Created Ascending" },
      { value: "dateAsc", label: "Date Ascending" },
      { value: "dateDesc", label: "Date Descending" },
      { value: "amountAsc", label: "Amount Ascending" },
      { value: "amountDesc", label: "Amount Descending" },
      { value: "invoiceNumberAsc", label: "Invoice Number Ascending" },
      { value: "invoiceNumberDesc", label: "Invoice Number Descending" },
    ]);
    expect(DEFAULT_LIST_SORT).toBe("createdAtDesc");
  });

  it("pages by 10, 50, 100 or 500, 10 by default", () => {
    expect(LIST_PAGE_SIZES).toEqual([10, 50, 100, 500]);
    expect(DEFAULT_LIST_PAGE_SIZE).toBe(10);
  });

  it("quotes the search placeholder and exports pdf by default", () => {
    expect(LIST_SEARCH_PLACEHOLDER).toBe(
      "Search by Invoice number, customer name, amount or account name",
    );
    expect(DEFAULT_EXPORT_FORMAT).toBe("pdf");
  });
});
