import { describe, expect, test } from "vitest";
import {
  type AddOrganisationValues,
  buildNewOrganisation,
  checkAddOrganisation,
  defaultStartingYear,
  emptyAddOrganisationValues,
  GSTIN_WITHOUT_REGISTRATION,
} from "./add-organisation-form.ts";

const base = (patch: Partial<AddOrganisationValues> = {}): AddOrganisationValues => ({
  ...emptyAddOrganisationValues("2026-11-21"),
  name: "Sharma Traders",
  ...patch,
});

describe("checkAddOrganisation", () => {
  test("a name is enough for an unregistered organisation", () => {
    expect(checkAddOrganisation(base())).toEqual({});
  });

  test.each([
    [{ name: "  " }, "name", "Organisation name is required."],
    [{ name: "x".repeat(101) }, "name", "Organisation name cannot be more than 100 characters."],
    [
      { gstRegistered: true, gstin: "27AAPFU0939F1Z" },
      "gstin",
      "GSTIN should be of exactly 15 characters.",
    ],
    [
      { gstRegistered: true, gstin: "27AAPFU0939F1ZVX" },
      "gstin",
      "GSTIN should be of exactly 15 characters.",
    ],
    [{ gstRegistered: true, gstin: "27AAPFU0939F1ZX" }, "gstin", "GSTIN is not valid."],
    [
      { gstRegistered: true, gstRegType: "regular" },
      "gstin",
      "GSTIN is required for a GST-registered organisation.",
    ],
    [{ gstin: "27AAPFU0939F1ZV" }, "gstin", GSTIN_WITHOUT_REGISTRATION],
    [
      { gstRegistered: true, gstin: "27AAPFU0939F1ZV" },
      "gstRegType",
      "GST Registration Type is Required!.",
    ],
    [
      { billingAddress: "a".repeat(301) },
      "billingAddress",
      "Billing address cannot be more than 300 characters.",
    ],
  ] as const)("%o → %s: %s", (patch, field, message) => {
    expect(checkAddOrganisation(base(patch as Partial<AddOrganisationValues>))[field]).toBe(
      message,
    );
  });
});

describe("buildNewOrganisation", () => {
  test("leaves blanks out and GST fields off an unregistered organisation", () => {
    expect(buildNewOrganisation(base({ billingAddress: "  " }))).toEqual({
      name: "Sharma Traders",
      gstRegistered: false,
      startingYear: "2026-27",
      manageInventory: false,
      billWiseEntry: false,
    });
  });

  test("a registered organisation carries its GSTIN (upper-cased) and type", () => {
    const payload = buildNewOrganisation(
      base({
        gstRegistered: true,
        gstin: "27aapfu0939f1zv",
        gstRegType: "regular",
        manageInventory: true,
        billWiseEntry: true,
        billingAddress: " 12 MG Road, Pune ",
        mainlyDealsIn: "goods",
      }),
    );
    expect(payload).toMatchObject({
      gstin: "27AAPFU0939F1ZV",
      gstRegType: "regular",
      gstRegistered: true,
      manageInventory: true,
      billWiseEntry: true,
      billingAddress: "12 MG Road, Pune",
      mainlyDealsIn: "goods",
    });
  });
});

test("a new organisation starts in the current financial year, within the years offered", () => {
  expect(defaultStartingYear("2026-11-21")).toBe("2026-27");
  expect(defaultStartingYear("2027-01-10")).toBe("2026-27");
  expect(defaultStartingYear("2031-06-01")).toBe("2029-30");
});
