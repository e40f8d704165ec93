import { describe, expect, test } from "vitest";
import {
  ACCOUNT_NAME_TAKEN,
  type AccountFormValues,
  applyGstinLookup,
  changeGstin,
  changeNature,
  emptyAccountForm,
  formFromAccount,
  isGstinCancelled,
  isGstStatusAlarming,
  isStateLocked,
  stateOfGstin,
  toAccountPayload,
  typeMobile,
  validateAccountForm,
} from "./account-form.ts";
import type { AccountRecord, GstinRecord } from "./masters.api.ts";

const REGULAR = { gstRegistered: true, gstRegType: "regular" };
const UNREGISTERED = { gstRegistered: false, gstRegType: "" };

function filledDebtor(): AccountFormValues {
  return {
    ...changeGstin(emptyAccountForm("Debtors"), "27AAPFU0939F1ZV"),
    name: "Bharat Steel Works",
    billingAddress: "4 MG Road",
    shippingAddress: "Plot 7",
    mobileNo: "9876543210",
    email: "a@b.in",
    tan: "PNEB12345C",
    gstType: "regular",
    gstRegStatus: "Active",
    gstRegDate: "2019-04-01",
  };
}

describe("nature changes (spec 4 'Account modal')", () => {
  test("leaving Debtors or Creditors clears pan, tan, gstin, addresses, mobile and email", () => {
    const bank = changeNature(filledDebtor(), "Bank");
    expect(bank).toMatchObject({
      nature: "Bank",
      pan: "",
      tan: "",
      gstin: "",
      billingAddress: "",
      shippingAddress: "",
      mobileNo: "",
      email: "",
      gstRegStatus: "",
      gstRegDate: "",
      name: "Bharat Steel Works",
    });
  });

  test("between Debtors and Creditors nothing is cleared", () => {
    const creditor = changeNature(filledDebtor(), "Creditors");
    expect(creditor.gstin).toBe("27AAPFU0939F1ZV");
    expect(creditor.email).toBe("a@b.in");
  });

  test("leaving the expense, income, sales and purchase natures clears the GST rate", () => {
    const rent = { ...emptyAccountForm("Indirect Expense"), gstRate: 18 };
    expect(changeNature(rent, "Direct Income").gstRate).toBe(18);
    expect(changeNature(rent, "Sales").gstRate).toBe(18);
    expect(changeNature(rent, "Capital").gstRate).toBeNull();
  });
});

describe("GSTIN (spec 4)", () => {
  test("15 characters set the state from the first two digits, lock it and fill PAN", () => {
    const typed = changeGstin(emptyAccountForm("Debtors"), "27AAPFU0939F1ZV");
    expect(typed.state).toBe("27");
    expect(typed.pan).toBe("AAPFU0939F");
    expect(isStateLocked(typed)).toBe(true);
  });

  test("a valid GSTIN fills the registration type from its form, unless one was chosen", () => {
    expect(changeGstin(emptyAccountForm("Debtors"), "27AAPFU0939F1ZV").gstType).toBe("regular");
    expect(changeGstin(emptyAccountForm("Debtors"), "0717UNO00157UNO").gstType).toBe("uinholder");
    expect(
      changeGstin({ ...emptyAccountForm("Debtors"), gstType: "sez" }, "27AAPFU0939F1ZV").gstType,
    ).toBe("sez");
    expect(
      changeGstin({ ...emptyAccountForm("Debtors"), gstType: "unregistered" }, "27AAPFU0939F1ZV")
        .gstType,
    ).toBe("regular");
    // Half a GSTIN, or one with a wrong check character, decides nothing.
    expect(changeGstin(emptyAccountForm("Debtors"), "27AAPFU09").gstType).toBe("");
    expect(changeGstin(emptyAccountForm("Debtors"), "27AAPFU0939F1ZA").gstType).toBe("");
  });

  test("fewer characters leave the state free and as it was", () => {
    const partial = changeGstin({ ...emptyAccountForm("Debtors"), state: "24" }, "27AAPFU09");
    expect(partial.state).toBe("24");
    expect(partial.pan).toBe("");
    expect(isStateLocked(partial)).toBe(false);
  });

  test("legacy code 25 is 26 today; 28 names no state", () => {
    expect(stateOfGstin("25AAPFU0939F1ZV")).toBe("26");
    expect(stateOfGstin("28AAPFU0939F1ZV")).toBeNull();
    expect(stateOfGstin("29AAGCB7383J1Z4")).toBe("29");
  });

  test("a new GSTIN drops what a lookup filled in for the old one", () => {
    const changed = changeGstin(filledDebtor(), "29AAGCB7383J1Z4");
    expect(changed.gstRegStatus).toBe("");
    expect(changed.gstRegDate).toBe("");
    expect(changed.state).toBe("29");
    expect(changed.pan).toBe("AAGCB7383J");
  });

  test("a lookup fills the GSTIN's details, and the name and address only when empty", () => {
    const record: GstinRecord = {
      gstin: "27AABCS1234C1ZX",
      name: "SAI EXPORTS PRIVATE LIMITED",
      legalName: "SAI EXPORTS PRIVATE LIMITED",
      tradeName: "Sai Exports",
      gstRegType: "sez",
      taxpayerType: "SEZ Unit",
      status: "Cancelled",
      registrationDate: "2017-07-01",
      cancellationDate: "2024-03-31",
      address: "Plot 12, MIDC Road, Andheri East, Mumbai, Maharashtra, 400093",
      stateCode: "27",
      pan: "AABCS1234C",
    };
    const empty = applyGstinLookup(emptyAccountForm("Debtors"), record);
    expect(empty).toMatchObject({
      name: "Sai Exports",
      displayName: "SAI EXPORTS PRIVATE LIMITED",
      billingAddress: record.address,
      gstType: "sez",
      gstRegDate: "2017-07-01",
      gstCanDate: "2024-03-31",
      gstRegStatus: "Cancelled",
      gstinname: "SAI EXPORTS PRIVATE LIMITED",
    });
    const typed = applyGstinLookup({ ...emptyAccountForm("Debtors"), name: "Sai" }, record);
    expect(typed.name).toBe("Sai");
    expect(isGstinCancelled(empty)).toBe(true);
    expect(isGstinCancelled(filledDebtor())).toBe(false);
  });

  test("cancelled, inactive and suspended statuses are alarming (shown in red)", () => {
    expect(isGstStatusAlarming("Cancelled")).toBe(true);
    expect(isGstStatusAlarming("Inactive")).toBe(true);
    expect(isGstStatusAlarming("Suspended")).toBe(true);
    expect(isGstStatusAlarming("Active")).toBe(false);
  });
});

describe("spec 5 'Account save' messages, verbatim", () => {
  test("name and nature are required", () => {
    expect(validateAccountForm(emptyAccountForm(), REGULAR)).toMatchObject({
      name: "Account Name is Required!.",
      nature: "Nature of Account is Required!.",
    });
  });

  test("a debtor of a regular registered organisation needs its type and a state", () => {
    const debtor = { ...emptyAccountForm("Debtors"), name: "Patil" };
    expect(validateAccountForm(debtor, REGULAR)).toEqual({
      gstType: "GST Registration Type is Required!.",
      state: "Please select state.",
    });
    // A GSTIN gives the state; an overseas party needs none.
    expect(validateAccountForm({ ...filledDebtor() }, REGULAR)).toEqual({});
    expect(validateAccountForm({ ...debtor, gstType: "overseas" }, REGULAR)).toEqual({});
    // Not asked of an unregistered organisation.
    expect(validateAccountForm(debtor, UNREGISTERED)).toEqual({});
  });

  test("a non-zero opening balance needs its side", () => {
    const cash = { ...emptyAccountForm("Cash"), name: "Petty Cash", openingBalancePaise: 50000 };
    expect(validateAccountForm(cash, REGULAR)).toEqual({
      openingBalanceType: "Please Select Opening Balance Type.",
    });
    expect(validateAccountForm({ ...cash, openingBalanceType: "dr" }, REGULAR)).toEqual({});
  });

  test("mobile, PAN, TAN and GSTIN", () => {
    const debtor = { ...filledDebtor(), mobileNo: "98765", pan: "AAPF00939F", tan: "PNE12345C" };
    expect(validateAccountForm(debtor, REGULAR)).toMatchObject({
      mobileNo: "Mobile number must be exactly 10 digits.",
      pan: "PAN is not valid.",
      tan: "TAN is not valid.",
    });
    expect(
      validateAccountForm({ ...filledDebtor(), gstin: "27AAPFU0939F1ZX" }, REGULAR),
    ).toMatchObject({ gstin: "GSTIN is not valid." });
    expect(validateAccountForm({ ...filledDebtor(), gstin: "27AAPFU" }, REGULAR)).toMatchObject({
      gstin: "GSTIN should be of exactly 15 characters.",
    });
  });

  test("mobile keeps digits only and drops a leading 0 past 10 digits", () => {
    expect(typeMobile("098765 43210")).toBe("9876543210");
    expect(typeMobile("98-765")).toBe("98765");
  });

  test("the inline name check's words", () => {
    expect(ACCOUNT_NAME_TAKEN).toBe("An account with same name already exists.");
  });
});

describe("payload", () => {
  test("rupees and side, and only the fields the nature keeps", () => {
    const rent = {
      ...emptyAccountForm("Indirect Expense"),
      name: "Office Rent",
      gstRate: 18,
      openingBalancePaise: 1250050,
      openingBalanceType: "dr" as const,
      email: "left@over.in",
    };
    expect(toAccountPayload(rent, "org-1")).toMatchObject({
      organisationId: "org-1",
      openingBalance: 12500.5,
      openingBalanceType: "dr",
      gstRate: 18,
      email: "",
      gstin: "",
    });
    expect(toAccountPayload(filledDebtor(), "org-1")).toMatchObject({
      state: "27",
      gstin: "27AAPFU0939F1ZV",
      pan: "AAPFU0939F",
    });
    expect(toAccountPayload(filledDebtor(), "org-1")).not.toHaveProperty("gstRate");
  });

  test("a saved account opens as its form, signed balance read back to amount and side", () => {
    const saved = {
      _id: "a-1",
      name: "Owner Capital",
      displayName: "Owner Capital",
      nature: "Capital",
      openingBalance: -100000.75,
      openingBalanceType: "cr",
      gstin: null,
      state: "-1",
      gstRate: -2,
      gstType: null,
      customFieldValues: {},
      rcmSales: false,
      rcmPurchase: false,
    } as unknown as AccountRecord;
    expect(formFromAccount(saved)).toMatchObject({
      name: "Owner Capital",
      displayName: "",
      openingBalancePaise: 10000075,
      openingBalanceType: "cr",
      state: "",
      gstRate: null,
    });
  });
});
