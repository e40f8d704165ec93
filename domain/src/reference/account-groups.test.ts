import { describe, expect, test } from "vitest";
import {
  ACCOUNT_GROUPS,
  ACCOUNT_NATURES,
  findAccountGroup,
  isAccountNature,
  isBalanceSheetGroup,
  isCashOrBankNature,
  isGstRateNature,
  isPartyNature,
} from "./account-groups.ts";

// Spec 3 "Account groups", copied in the spec's order.
const SPEC_DEBIT = [
  "Bank",
  "Bank OD/CC",
  "Cash",
  "Debtors",
  "Current Assets",
  "Deposits - Assets",
  "Direct Expense",
  "Fixed Asset",
  "Indirect Expense",
  "Investments",
  "Loans and Advances - Asset",
  "Miscellaneous Assets",
  "Purchases",
  "Stock",
  "Suspense",
];
const SPEC_CREDIT = [
  "Capital",
  "Creditors",
  "Current Liabilities",
  "Direct Income",
  "Duties and Taxes",
  "GST",
  "Indirect Income",
  "Miscellaneous Liabilities",
  "Provisions",
  "Reserves",
  "Sales",
  "Secured Loan",
  "Unsecured Loan",
];
// Spec 3 "Account": the natures list, plus "Sales and Purchases, Stock also appear as groups".
const SPEC_NATURES = [
  "Capital",
  "Creditors",
  "Current Assets",
  "Current Liabilities",
  "Debtors",
  "Deposits - Assets",
  "Direct Expense",
  "Direct Income",
  "Duties and Taxes",
  "Fixed Asset",
  "Indirect Expense",
  "Indirect Income",
  "Investments",
  "Loans and Advances - Asset",
  "Miscellaneous Assets",
  "Miscellaneous Liabilities",
  "Provisions",
  "Reserves",
  "Secured Loan",
  "Suspense",
  "Unsecured Loan",
  "GST",
  "Cash",
  "Bank",
  "Bank OD/CC",
  "Sales",
  "Purchases",
  "Stock",
];

describe("ACCOUNT_GROUPS", () => {
  test("ids 1-28, GST is 28 and credit (spec 3)", () => {
    expect(ACCOUNT_GROUPS.map((group) => group.id)).toEqual(
      Array.from({ length: 28 }, (_, i) => i + 1),
    );
    expect(findAccountGroup(28)).toMatchObject({ name: "GST", side: "cr" });
  });

  test("ids 1-27 are in alphabetical order of name", () => {
    const names = ACCOUNT_GROUPS.slice(0, 27).map((group) => group.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
  });

  test("default sides are the spec's 15 debit and 13 credit groups", () => {
    const debit = ACCOUNT_GROUPS.filter((group) => group.side === "dr").map((group) => group.name);
    const credit = ACCOUNT_GROUPS.filter((group) => group.side === "cr").map((group) => group.name);
    expect([...debit].sort()).toEqual([...SPEC_DEBIT].sort());
    expect([...credit].sort()).toEqual([...SPEC_CREDIT].sort());
  });

  test("natures and groups are one vocabulary", () => {
    expect([...ACCOUNT_NATURES].sort()).toEqual([...SPEC_NATURES].sort());
    expect(ACCOUNT_GROUPS.map((group) => group.name)).toEqual([...ACCOUNT_NATURES]);
  });

  // Our classification (README.md): Tally's primary groups; Stock on the balance sheet.
  test.each([
    ["Bank", "asset", "balance-sheet"],
    ["Bank OD/CC", "liability", "balance-sheet"],
    ["Capital", "equity", "balance-sheet"],
    ["Reserves", "equity", "balance-sheet"],
    ["Stock", "asset", "balance-sheet"],
    ["Suspense", "liability", "balance-sheet"],
    ["GST", "liability", "balance-sheet"],
    ["Sales", "income", "trading"],
    ["Direct Income", "income", "trading"],
    ["Purchases", "expense", "trading"],
    ["Direct Expense", "expense", "trading"],
    ["Indirect Income", "income", "profit-and-loss"],
    ["Indirect Expense", "expense", "profit-and-loss"],
  ])("%s is %s on the %s", (name, classification, statement) => {
    expect(findAccountGroup(name)).toMatchObject({ classification, statement });
  });

  test("income and expense groups are exactly those that do not carry forward", () => {
    for (const group of ACCOUNT_GROUPS) {
      const resets = group.classification === "income" || group.classification === "expense";
      expect(isBalanceSheetGroup(group)).toBe(!resets);
    }
  });
});

describe("findAccountGroup", () => {
  test.each<[string | number, number | undefined]>([
    [1, 1],
    [28, 28],
    ["Bank", 1],
    ["bank od/cc", 2],
    ["  GST ", 28],
    ["Unsecured Loan", 27],
    [0, undefined],
    [29, undefined],
    ["Banks", undefined],
    ["", undefined],
  ])("%j -> id %s", (key, id) => {
    expect(findAccountGroup(key)?.id).toBe(id);
  });
});

describe("nature helpers", () => {
  test.each([
    ["Cash", true, false, false],
    ["Bank", true, false, false],
    ["Bank OD/CC", true, false, false],
    ["Debtors", false, true, false],
    ["Creditors", false, true, false],
    ["Sales", false, false, true],
    ["Purchases", false, false, true],
    ["Direct Expense", false, false, true],
    ["Indirect Expense", false, false, true],
    ["Direct Income", false, false, true],
    ["Indirect Income", false, false, true],
    ["Capital", false, false, false],
    ["GST", false, false, false],
    ["cash", false, false, false], // natures are exact values, not free text
  ])("%s: cash/bank %s, party %s, GST rate %s", (nature, cashOrBank, party, gstRate) => {
    expect(isCashOrBankNature(nature)).toBe(cashOrBank);
    expect(isPartyNature(nature)).toBe(party);
    expect(isGstRateNature(nature)).toBe(gstRate);
  });

  test("isAccountNature accepts exactly the 28 names", () => {
    expect(ACCOUNT_NATURES.every((nature) => isAccountNature(nature))).toBe(true);
    expect(isAccountNature("Loans")).toBe(false);
  });
});
