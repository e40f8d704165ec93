import { describe, expect, it } from "vitest";
import { CASH_AND_BANK_NATURES, isAccountNature } from "../reference/index.ts";
import {
  buildFilterField,
  DEFAULT_ACCOUNT_FILTER,
  DEFAULT_FILTER_ACCOUNT_NATURES,
  EXCEPT_CASH_AND_BANK,
  isNatureAllowed,
  ONLY_CASH_AND_BANK,
} from "./list-filter-fields.ts";

describe("isNatureAllowed", () => {
  it.each([
    [ONLY_CASH_AND_BANK, "Bank OD/CC", true],
    [ONLY_CASH_AND_BANK, "Debtors", false],
    [EXCEPT_CASH_AND_BANK, "Cash", false],
    [EXCEPT_CASH_AND_BANK, "Direct Expense", true],
    [DEFAULT_ACCOUNT_FILTER, "Creditors", true],
    [DEFAULT_ACCOUNT_FILTER, "Capital", false],
    [null, "Capital", true],
  ])("%j allows %s: %s", (restriction, nature, expected) => {
    expect(isNatureAllowed(restriction, nature)).toBe(expected);
  });
});

describe("the natures of spec 5's restrictions", () => {
  it("take cash and bank from reference, and add the parties for other filters", () => {
    expect(ONLY_CASH_AND_BANK.natures).toBe(CASH_AND_BANK_NATURES);
    expect(EXCEPT_CASH_AND_BANK.natures).toBe(CASH_AND_BANK_NATURES);
    expect(DEFAULT_FILTER_ACCOUNT_NATURES).toEqual([
      "Cash",
      "Bank",
      "Bank OD/CC",
      "Debtors",
      "Creditors",
    ]);
    expect(DEFAULT_FILTER_ACCOUNT_NATURES.every(isAccountNature)).toBe(true);
  });
});

describe("buildFilterField", () => {
  it("fills what is not given with null", () => {
    expect(buildFilterField("gstin", "GSTIN", { requires: "gstRegular" })).toEqual({
      field: "gstin",
      label: "GSTIN",
      requires: "gstRegular",
      natures: null,
    });
    expect(buildFilterField("paidAccountId", "Paid From", { natures: ONLY_CASH_AND_BANK })).toEqual(
      { field: "paidAccountId", label: "Paid From", requires: null, natures: ONLY_CASH_AND_BANK },
    );
  });
});
