import { describe, expect, it } from "vitest";
import {
  EntryDeleteQuery,
  EntryDetailsQuery,
  EntryListQuery,
  OldEntryDetailsQuery,
  OldEntryListQuery,
} from "./entry-queries.ts";
import { ORG } from "./test-payloads.ts";

describe("EntryListQuery", () => {
  it("fills the defaults of spec 9", () => {
    expect(EntryListQuery.parse({ organisationId: ORG, year: "2024-25" })).toEqual({
      organisationId: ORG,
      year: "2024-25",
      skip: 0,
      limit: 10,
      sortBy: "createdAtDesc",
      download: false,
      format: "pdf",
      deleted: false,
    });
  });

  it("reads query-string values", () => {
    const query = EntryListQuery.parse({
      organisationId: ORG,
      year: "2025-26",
      skip: "50",
      limit: "50",
      sortBy: "amountDesc",
      download: "true",
      format: "excel",
      searchText: "  Asha ",
      filters: '{"statusFilters":["pending"]}',
      deleted: "true",
    });
    expect(query).toMatchObject({
      skip: 50,
      limit: 50,
      sortBy: "amountDesc",
      download: true,
      format: "excel",
      searchText: "Asha",
      filters: { statusFilters: ["pending"] },
      deleted: true,
    });
  });

  it.each([
    [{ year: "2024" }, "year", "Year must be a financial year like 2024-25."],
    [{ limit: "1000" }, "limit", "Limit must be between 1 and 500."],
    [{ sortBy: "nameAsc" }, "sortBy", "Unknown sort option."],
    [{ format: "csv" }, "format", "Format must be pdf or excel."],
    [{ deleted: "maybe" }, "deleted", "Must be true or false."],
    [
      { searchText: "x".repeat(101) },
      "searchText",
      "Search text cannot be more than 100 characters.",
    ],
    [
      { filters: '{"amountFrom":5,"amountTo":1}' },
      "filters.amountFrom",
      "Amount From cannot be greater than Amount To. Please select a valid amount range.",
    ],
  ])("refuses %j at %s", (overrides, path, message) => {
    const issue = EntryListQuery.safeParse({ organisationId: ORG, year: "2024-25", ...overrides })
      .error?.issues[0];
    expect({ path: issue?.path.join("."), message: issue?.message }).toEqual({ path, message });
  });
});

describe("EntryDeleteQuery", () => {
  it.each([
    [{ organisationId: ORG, entryIds: ["a", "b"] }, ["a", "b"]],
    [{ organisationId: ORG, "entryIds[]": ["a", "b"] }, ["a", "b"]],
    [{ organisationId: ORG, "entryIds[]": "a" }, ["a"]],
    [{ organisationId: ORG, entryIds: "a" }, ["a"]],
  ])("%j -> %j", (query, ids) => {
    expect(EntryDeleteQuery.parse(query)).toEqual({ organisationId: ORG, entryIds: ids });
  });

  it.each([
    [{ organisationId: ORG }, "Select at least one entry to delete."],
    [{ organisationId: ORG, entryIds: [] }, "Select at least one entry to delete."],
    [
      { organisationId: ORG, entryIds: Array.from({ length: 501 }, (_, i) => `e${i}`) },
      "At most 500 entries can be deleted at once.",
    ],
    [{ entryIds: ["a"] }, "Id is required."],
    [null, "Invalid input: expected object, received null"],
  ])("refuses %#", (query, message) => {
    expect(EntryDeleteQuery.safeParse(query).error?.issues[0]?.message).toBe(message);
  });
});

describe("single-entry queries", () => {
  it("getsingleentrydetails and getoldentrylist need organisationId and entryId", () => {
    expect(EntryDetailsQuery.parse({ organisationId: ORG, entryId: "e" })).toEqual({
      organisationId: ORG,
      entryId: "e",
    });
    expect(OldEntryListQuery.safeParse({ organisationId: ORG }).error?.issues[0]?.path).toEqual([
      "entryId",
    ]);
  });

  it("getoldentrydetails reads the version from the query string", () => {
    expect(
      OldEntryDetailsQuery.parse({ organisationId: ORG, entryId: "e", version: "2" }).version,
    ).toBe(2);
    expect(
      OldEntryDetailsQuery.safeParse({ organisationId: ORG, entryId: "e", version: "0" }).error
        ?.issues[0]?.message,
    ).toBe("Version must be 1 or more.");
  });
});
