import { describe, expect, test } from "vitest";
import {
  checkSearchText,
  describeSearchResultPath,
  TOP_SEARCH_TOO_SHORT,
} from "./search-results.ts";

const scope = { organisationId: "o1", year: "2025-26" };

describe("global search (spec 2.7, spec 5)", () => {
  test("needs at least 3 characters", () => {
    expect(TOP_SEARCH_TOO_SHORT).toBe("Please enter at least 3 characters to search");
    expect(checkSearchText("")).toBeNull();
    expect(checkSearchText("ra")).toBe(TOP_SEARCH_TOO_SHORT);
    expect(checkSearchText("  ra  ")).toBe(TOP_SEARCH_TOO_SHORT);
    expect(checkSearchText("rav")).toBeNull();
  });

  test("results open the account's ledger, the item's ledger or the entry", () => {
    const at = (kind: string, voucherType?: string) =>
      describeSearchResultPath(
        { _id: "x1", kind, name: "n", detail: "d", ...(voucherType ? { voucherType } : {}) },
        scope,
      );
    expect(at("account")).toBe("/o1/2025-26/ledger/x1");
    expect(at("item")).toBe("/o1/2025-26/item-ledger/x1");
    expect(at("transaction", "creditNote")).toBe("/o1/2025-26/credit-note/edit/x1");
    expect(at("transaction")).toBeNull();
    expect(at("other")).toBeNull();
  });
});
