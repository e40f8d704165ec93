import { describe, expect, it } from "vitest";
import { ACCOUNT_NATURES } from "../reference/index.ts";
import {
  ACCOUNT_FIELD_MESSAGES,
  ACCOUNT_MESSAGES,
  AccountEditInput,
  AccountInput,
  signOpeningBalance,
  validateAccountForOrganisation,
} from "./account-input.ts";
import { ORG } from "./test-payloads.ts";

function buildAccount(overrides: Record<string, unknown> = {}) {
  return { organisationId: ORG, name: "Asha Traders", nature: "Debtors", ...overrides };
}

function firstIssue(payload: unknown) {
  const issue = AccountInput.safeParse(payload).error?.issues[0];
  return issue === undefined ? undefined : { path: issue.path.join("."), message: issue.message };
}

describe("AccountInput", () => {
  it("accepts a full debtor and normalises it", () => {
    const account = AccountInput.parse(
      buildAccount({
        name: "  Asha Traders ",
        displayName: "Asha",
        openingBalance: 2500.5,
        openingBalanceType: "dr",
        gstin: "27aapfu0939f1zv",
        state: "27",
        billingAddress: "12 MG Road, Pune",
        mobileNo: "098765 43210",
        email: "accounts@asha.in",
        pan: "aapfu0939f",
        tan: "pnea12345b",
        gstType: "regular",
        gstRegDate: "2019-07-01",
        gstCancelDate: "2024-01-31",
        rcmPurchase: true,
        customFieldValues: { "cf-1": "x" },
      }),
    );
    expect(account).toMatchObject({
      name: "Asha Traders",
      gstin: "27AAPFU0939F1ZV",
      mobileNo: "9876543210",
      pan: "AAPFU0939F",
      tan: "PNEA12345B",
      gstCanDate: "2024-01-31",
      rcmSales: false,
      rcmPurchase: true,
    });
    expect(account).not.toHaveProperty("gstCancelDate");
  });

  it("defaults the opening balance to 0 and leaves blank fields out", () => {
    const account = AccountInput.parse(
      buildAccount({ gstin: "", email: " ", state: "", openingBalanceType: "" }),
    );
    expect(account.openingBalance).toBe(0);
    expect(account.gstin).toBeUndefined();
    expect(account.state).toBeUndefined();
    expect(account.openingBalanceType).toBeUndefined();
  });

  it.each([
    [{ state: -1 }, "-1"],
    [{ state: "-1" }, "-1"],
    [{ state: " 07 " }, "07"],
    [{ state: "97" }, "97"],
    [{ state: "96" }, "96"],
  ])("reads state %j", (overrides, state) => {
    expect(AccountInput.parse(buildAccount(overrides)).state).toBe(state);
  });

  it("prefers gstCanDate over gstCancelDate", () => {
    const account = AccountInput.parse(
      buildAccount({ gstCanDate: "2024-02-01", gstCancelDate: "2024-01-31" }),
    );
    expect(account.gstCanDate).toBe("2024-02-01");
  });

  it.each([
    [{ name: "" }, "name", "Account Name is Required!."],
    [{ name: "   " }, "name", "Account Name is Required!."],
    [{ name: undefined }, "name", "Account Name is Required!."],
    [{ name: "x".repeat(101) }, "name", "Account Name cannot be more than 100 characters."],
    [
      { displayName: "x".repeat(101) },
      "displayName",
      "Display Name cannot be more than 100 characters.",
    ],
    [{ nature: "" }, "nature", "Nature of Account is Required!."],
    [{ nature: "  " }, "nature", "Nature of Account is Required!."],
    [{ nature: undefined }, "nature", "Nature of Account is Required!."],
    [
      { nature: "Sundry Debtors" },
      "nature",
      "Nature of Account must be one of the account groups, such as Debtors or Sales.",
    ],
    [
      { nature: "debtors" },
      "nature",
      "Nature of Account must be one of the account groups, such as Debtors or Sales.",
    ],
    [
      { openingBalance: 100, openingBalanceType: "debit" },
      "openingBalanceType",
      "Please Select Opening Balance Type.",
    ],
    [
      { openingBalance: -100, openingBalanceType: "dr" },
      "openingBalanceType",
      "A negative opening balance is a credit; it cannot be of type Debit.",
    ],
    [{ mobileNo: "98765" }, "mobileNo", "Mobile number must be exactly 10 digits."],
    [
      { billingAddress: "x".repeat(301) },
      "billingAddress",
      "Billing address cannot be more than 300 characters.",
    ],
    [
      { shippingAddress: "x".repeat(301) },
      "shippingAddress",
      "Shipping address cannot be more than 300 characters.",
    ],
    [{ email: "asha@" }, "email", "Please enter a valid email address"],
    [{ pan: "AAPF0939F" }, "pan", "PAN is not valid."],
    [{ tan: "AAPFU0939F" }, "tan", "TAN is not valid."],
    [{ mobileNo: "009876543210" }, "mobileNo", "Mobile number must be exactly 10 digits."],
    [{ gstin: "27AAPFU0939F1" }, "gstin", "GSTIN should be of exactly 15 characters."],
    [{ gstin: "27AAPFU0939F1ZW" }, "gstin", "GSTIN is not valid."],
    [
      { state: "Maharashtra" },
      "state",
      "State must be a two-digit GST state code, or -1 for none.",
    ],
    [{ state: 27 }, "state", "State must be a two-digit GST state code."],
    [{ state: "28" }, "state", "This is not a GST state code."],
    [{ state: "00" }, "state", "This is not a GST state code."],
    [{ gstType: "registered" }, "gstType", "GST Registration Type is not one of the known types."],
    [
      { gstRegDate: "2019-02-30" },
      "gstRegDate",
      "Date must be a real date in the form YYYY-MM-DD.",
    ],
    [{ gstRate: 19.999 }, "gstRate", "GST rate must be a percentage, -1 (Exempt) or -2 (none)."],
    [{ gstRate: -3 }, "gstRate", "GST rate must be a percentage, -1 (Exempt) or -2 (none)."],
  ])("refuses %j at %s", (overrides, path, message) => {
    expect(firstIssue(buildAccount(overrides))).toEqual({ path, message });
  });

  it.each(ACCOUNT_NATURES)("accepts the nature %s", (nature) => {
    expect(AccountInput.parse(buildAccount({ nature: ` ${nature} ` })).nature).toBe(nature);
  });

  it.each([-1, -2, 0, 18])("accepts the GST rate code %d", (gstRate) => {
    expect(AccountInput.parse(buildAccount({ gstRate })).gstRate).toBe(gstRate);
  });

  it("words its own messages", () => {
    expect(ACCOUNT_FIELD_MESSAGES).toEqual({
      natureUnknown:
        "Nature of Account must be one of the account groups, such as Debtors or Sales.",
      stateShape: "State must be a two-digit GST state code, or -1 for none.",
      openingBalanceSides: "A negative opening balance is a credit; it cannot be of type Debit.",
    });
  });

  it("quotes spec 5 verbatim", () => {
    expect(ACCOUNT_MESSAGES).toEqual({
      nameRequired: "Account Name is Required!.",
      natureRequired: "Nature of Account is Required!.",
      gstRegTypeRequired: "GST Registration Type is Required!.",
      openingBalanceType: "Please Select Opening Balance Type.",
      stateRequired: "Please select state.",
      mobile: "Mobile number must be exactly 10 digits.",
    });
  });
});

describe("AccountEditInput", () => {
  it("needs the accountId and keeps the rules", () => {
    expect(AccountEditInput.safeParse(buildAccount()).error?.issues[0]?.path).toEqual([
      "accountId",
    ]);
    expect(AccountEditInput.parse(buildAccount({ accountId: "acc-1" })).accountId).toBe("acc-1");
    expect(
      AccountEditInput.safeParse(
        buildAccount({ accountId: "acc-1", openingBalance: -1, openingBalanceType: "dr" }),
      ).error?.issues[0]?.message,
    ).toBe("A negative opening balance is a credit; it cannot be of type Debit.");
  });
});

describe("signOpeningBalance", () => {
  it.each([
    [0, undefined, 0],
    [100, "dr", 100],
    [100, "cr", -100],
    // spec 3: the sign carries the side when no type is sent (issue 18).
    [100, undefined, 100],
    [-100, undefined, -100],
    [-100, "cr", -100],
  ] as const)("%d %s -> %d", (openingBalance, openingBalanceType, signed) => {
    expect(signOpeningBalance({ openingBalance, openingBalanceType })).toBe(signed);
  });
});

describe("validateAccountForOrganisation (spec 5)", () => {
  const regular = { gstRegistered: true, gstRegType: "regular" };

  it.each([
    [
      { nature: "Debtors" },
      regular,
      ["gstType:GST Registration Type is Required!.", "state:Please select state."],
    ],
    [{ nature: "Creditors", gstType: "regular" as const }, regular, ["state:Please select state."]],
    [{ nature: "Creditors", gstType: "overseas" as const }, regular, []],
    [{ nature: "Debtors", gstType: "regular" as const, state: "27" }, regular, []],
    [
      { nature: "Debtors", gstType: "regular" as const, state: "-1" },
      regular,
      ["state:Please select state."],
    ],
    [{ nature: "Debtors", gstType: "regular" as const, gstin: "27AAPFU0939F1ZV" }, regular, []],
    [
      { nature: "Debtors" },
      { gstRegistered: true, gstRegType: "Regular" },
      ["gstType:GST Registration Type is Required!.", "state:Please select state."],
    ],
    [{ nature: "Debtors" }, { gstRegistered: true, gstRegType: "composition" }, []],
    [{ nature: "Debtors" }, { gstRegistered: false, gstRegType: "regular" }, []],
    [{ nature: "Direct Expense" }, regular, []],
  ])("%j under %j", (input, org, expected) => {
    const issues = validateAccountForOrganisation(input, org).map((i) => `${i.path}:${i.message}`);
    expect(issues).toEqual(expected);
  });
});
