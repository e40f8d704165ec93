import { describe, expect, test } from "vitest";
import { broughtForward, countPages } from "./ledger-rows.ts";

describe("ledger pages", () => {
  test("the balance brought forward to a page is its first entry's before that entry", () => {
    expect(
      broughtForward({ debit: 17700, credit: 0, balance: { amount: 117700, type: "dr" } }),
    ).toEqual({ amount: 100000, type: "dr", signed: 100000 });
    expect(
      broughtForward({ debit: 0, credit: 20000, balance: { amount: 3600, type: "cr" } }),
    ).toEqual({ amount: 16400, type: "dr", signed: 16400 });
    expect(broughtForward(undefined)).toBeNull();
  });

  test("50 entries a page, at least one page", () => {
    expect(countPages(0)).toBe(1);
    expect(countPages(50)).toBe(1);
    expect(countPages(51)).toBe(2);
  });
});
