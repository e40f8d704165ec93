import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { sortKeyOfVoucherNumber, suggestNextVoucherNumber } from "./number-series.ts";

describe("suggestNextVoucherNumber", () => {
  test.each([
    [undefined, "1"],
    ["", "1"],
    ["7", "8"],
    ["99", "100"],
    ["INV-009", "INV-010"],
    ["INV/24-25/0099", "INV/24-25/0100"],
    ["Q2025-07", "Q2025-08"],
    ["CASH", "CASH-1"],
  ])("after %s comes %s", (last, next) => {
    expect(suggestNextVoucherNumber(last)).toBe(next);
  });
});

describe("sortKeyOfVoucherNumber", () => {
  test("orders numbers as people read them", () => {
    const numbers = ["INV-10", "INV-2", "inv-1", "INV-02b", "A-100", "A-99"];
    const sorted = [...numbers].sort((a, b) =>
      sortKeyOfVoucherNumber(a) < sortKeyOfVoucherNumber(b) ? -1 : 1,
    );
    expect(sorted).toEqual(["A-99", "A-100", "inv-1", "INV-2", "INV-02b", "INV-10"]);
  });

  test("the next number always sorts after the last", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{0,3}[-/]?\d{1,6}$/), (last) => {
        const next = suggestNextVoucherNumber(last);
        expect(sortKeyOfVoucherNumber(next) > sortKeyOfVoucherNumber(last)).toBe(true);
      }),
    );
  });
});
