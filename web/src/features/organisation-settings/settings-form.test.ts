import { describe, expect, it, test } from "vitest";
import type { OrganisationSettings } from "./organisation-settings.api.ts";
import {
  buildSettingsForm,
  checkSettings,
  describeEWayBillThreshold,
  pickSettingsValues,
} from "./settings-form.ts";

const SETTINGS: OrganisationSettings = {
  organisationId: "org-1",
  name: "Sharma Traders",
  gstin: null,
  billWiseEntry: false,
  useTemplates: true,
  mobile: "",
  email: "",
  signatoryName: "",
  lineAboveSignature: "For Sharma Traders",
  showLogo: true,
  showSignature: false,
  qrText: "",
  bankName: "",
  bankAccountNumber: "",
  bankIfsc: "",
  bankBranch: "",
  logoUrl: null,
  signatureUrl: null,
  gstFilingFrequency: "monthly",
  previousYearTurnover: 0,
  eInvoiceFrom: "",
  billingAddress: "",
  billingCity: "",
  billingPincode: "",
  tan: "",
  tds194QYears: [],
};

describe("organisation settings form", () => {
  test("blank contact details are fine", () => {
    expect(checkSettings(pickSettingsValues(SETTINGS))).toEqual({});
  });

  test("a pincode is 6 digits and does not start with 0 (issue 24)", () => {
    const values = pickSettingsValues(SETTINGS);
    expect(checkSettings({ ...values, billingPincode: "411037" })).toEqual({});
    for (const bad of ["011037", "41103", "4110377", "41103a"]) {
      expect(checkSettings({ ...values, billingPincode: bad }).billingPincode).toBe(
        "Pincode must be 6 digits and cannot start with 0.",
      );
    }
  });

  test("a TAN is 4 letters, 5 digits and a letter (issue 39); the 194Q years go as one field", () => {
    const values = pickSettingsValues(SETTINGS);
    expect(checkSettings({ ...values, tan: "pnep12345a" })).toEqual({});
    for (const bad of ["PNEP1234A", "PNE123456A", "PNEP12345"]) {
      expect(checkSettings({ ...values, tan: bad }).tan).toBe(
        "TAN is not valid: 4 letters, 5 digits and a letter, like DELA12345B.",
      );
    }
    const form = buildSettingsForm(
      "org-1",
      { ...values, tan: "PNEP12345A", tds194QYears: ["2024-25", "2025-26"] },
      {},
    );
    expect(form.get("tan")).toBe("PNEP12345A");
    expect(form.get("tds194QYears")).toBe("2024-25,2025-26");
  });

  test("an IFSC must have the bank's 4 letters, a zero and 6 more characters", () => {
    const values = pickSettingsValues(SETTINGS);
    expect(checkSettings({ ...values, bankIfsc: "hdfc0001234" })).toEqual({});
    expect(checkSettings({ ...values, bankIfsc: "HDFC1234" }).bankIfsc).toBe(
      "IFSC must be 11 characters: 4 letters, a zero, then 6 letters or digits.",
    );
  });

  test.each([
    [{ mobile: "98765" }, "mobile", "Mobile number must be exactly 10 digits."],
    [{ email: "accounts@" }, "email", "Please enter a valid email address"],
  ])("%o → %s: %s", (patch, field, message) => {
    expect(checkSettings({ ...pickSettingsValues(SETTINGS), ...patch })[field]).toBe(message);
  });

  test("a mobile with a leading 0 or spaces is accepted", () => {
    expect(checkSettings({ ...pickSettingsValues(SETTINGS), mobile: "098765 43210" })).toEqual({});
  });

  test("the multipart body carries every field as text and the chosen files", () => {
    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png", {
      type: "image/png",
    });
    const form = buildSettingsForm("org-1", pickSettingsValues(SETTINGS), { logo });
    expect(form.get("organisationId")).toBe("org-1");
    expect(form.get("useTemplates")).toBe("true");
    expect(form.get("showSignature")).toBe("false");
    expect(form.get("lineAboveSignature")).toBe("For Sharma Traders");
    expect((form.get("logo") as File).name).toBe("logo.png");
    expect(form.get("signature")).toBeNull();
  });
});

describe("the e-way bill threshold within the state (issue 24)", () => {
  it.each([
    ["1,00,000", undefined],
    ["50000", undefined],
    ["49999", "The intra-state e-way bill threshold cannot be below ₹50,000."],
    ["abc", "The intra-state e-way bill threshold cannot be below ₹50,000."],
  ])("%s", (typed, message) => {
    const values = { ...pickSettingsValues(SETTINGS), eWayBillIntraStateThreshold: typed };
    expect(checkSettings(values).eWayBillIntraStateThreshold).toBe(message);
  });

  it("is sent in rupees", () => {
    const values = { ...pickSettingsValues(SETTINGS), eWayBillIntraStateThreshold: "1,00,000" };
    expect(buildSettingsForm("org", values, {}).get("eWayBillIntraStateThreshold")).toBe("100000");
  });

  it("empty, it goes empty and the field names the state's own limit (decision 097)", () => {
    const delhi = {
      ...SETTINGS,
      eWayBillIntraStateThreshold: null,
      eWayBillStateThreshold: 100_000,
    };
    const values = pickSettingsValues(delhi);
    expect(values.eWayBillIntraStateThreshold).toBe("");
    expect(checkSettings(values).eWayBillIntraStateThreshold).toBeUndefined();
    expect(buildSettingsForm("org", values, {}).get("eWayBillIntraStateThreshold")).toBe("");
    expect(describeEWayBillThreshold(delhi)).toBe(
      "Leave empty for your state's own limit (₹1,00,000); Rule 138's ₹50,000 holds between states",
    );
    const set = pickSettingsValues({ ...delhi, eWayBillIntraStateThreshold: 50_000 });
    expect(set.eWayBillIntraStateThreshold).toBe("50000");
  });
});
