import { describe, expect, it } from "vitest";
import { getVoucherDefinition } from "../vouchers/voucher-registry.ts";
import {
  bankStatementVoucherTypes,
  roleOfBankLine,
  voucherTypeForBankLine,
} from "./bank-line-types.ts";
import {
  createAccountSuggester,
  learnFromLine,
  narrationWords,
  suggestBillSettlement,
} from "./bank-suggestions.ts";

const ACCOUNTS = [
  { id: "bank", name: "HDFC Current", nature: "Bank" },
  { id: "cash", name: "Cash", nature: "Cash" },
  { id: "rent", name: "Office Rent", nature: "Indirect Expense" },
  { id: "power", name: "Electricity Charges", nature: "Indirect Expense" },
  { id: "asha", name: "Asha Traders", nature: "Debtors" },
];

describe("narration words", () => {
  it("keeps UPI ids whole and drops channel words and numbers", () => {
    expect(
      narrationWords("UPI-RAMESH KUMAR-ramesh.k@okaxis-YESB0000001-512345678901-PAYMENT"),
    ).toEqual(["upi:ramesh.k@okaxis", "RAMESH", "KUMAR"]);
  });
});

describe("account suggestions", () => {
  it("learns from a confirmed line: the same words later point to the same account", () => {
    const learned = new Map<string, Map<string, number>>();
    const before = createAccountSuggester(ACCOUNTS, learned, "bank");
    expect(before("NEFT-MSEDCL BILL 1234", -150000)).toMatchObject({
      accountId: null,
      reason: "none",
    });
    learnFromLine(learned, "NEFT-MSEDCL BILL 1234", "power");
    const after = createAccountSuggester(ACCOUNTS, learned, "bank");
    expect(after("NEFT-MSEDCL BILL 9876", -162000)).toEqual({
      accountId: "power",
      confidence: 1,
      reason: "learned",
    });
  });

  it("prefers the account a word went to most often, with less confidence when it is split", () => {
    const learned = new Map<string, Map<string, number>>();
    learnFromLine(learned, "SHARMA", "rent");
    learnFromLine(learned, "SHARMA", "rent");
    learnFromLine(learned, "SHARMA", "asha");
    const suggest = createAccountSuggester(ACCOUNTS, learned, "bank");
    const suggestion = suggest("SHARMA", -100);
    expect(suggestion.accountId).toBe("rent");
    expect(suggestion.confidence).toBeCloseTo(0.67, 2);
  });

  it("finds a party by name, and cash for an ATM withdrawal", () => {
    const suggest = createAccountSuggester(ACCOUNTS, new Map(), "bank");
    expect(suggest("NEFT CR-ASHA TRADERS-INV 12", 118000)).toMatchObject({
      accountId: "asha",
      reason: "name",
    });
    expect(suggest("ATW-512345XXXXXX-PUNE", -200000)).toMatchObject({
      accountId: "cash",
      reason: "cash",
    });
  });

  it("never suggests the statement's own account", () => {
    const learned = new Map<string, Map<string, number>>();
    learnFromLine(learned, "SELF TRANSFER HDFC", "bank");
    const suggest = createAccountSuggester(ACCOUNTS, learned, "bank");
    expect(suggest("CURRENT TRANSFER", -100).accountId).toBeNull();
  });
});

describe("bill-wise settlement", () => {
  const bills = [
    { id: "b2", number: "INV-2", date: "2025-05-10", pendingPaise: 236000 },
    { id: "b1", number: "INV-1", date: "2025-04-10", pendingPaise: 118000 },
  ];
  it("takes the bill of exactly the amount", () => {
    expect(suggestBillSettlement(bills, 236000)).toEqual([
      { id: "b2", number: "INV-2", amountPaise: 236000 },
    ]);
  });
  it("else settles the oldest first", () => {
    expect(suggestBillSettlement(bills, 200000)).toEqual([
      { id: "b1", number: "INV-1", amountPaise: 118000 },
      { id: "b2", number: "INV-2", amountPaise: 82000 },
    ]);
  });
});

describe("bank-line roles in the registry", () => {
  it("gives each role exactly one voucher type", () => {
    const types = bankStatementVoucherTypes();
    expect(types).toHaveLength(3);
    for (const role of ["moneyIn", "moneyOut", "transfer"] as const) {
      expect(getVoucherDefinition(voucherTypeForBankLine(role)).bankStatementLine).toBe(role);
    }
    expect(roleOfBankLine(100, false)).toBe("moneyIn");
    expect(roleOfBankLine(-100, false)).toBe("moneyOut");
    expect(roleOfBankLine(-100, true)).toBe("transfer");
  });
});
