import { describe, expect, it } from "vitest";
import { OrganisationInput } from "./organisation-input.ts";

function buildOrganisation(overrides: Record<string, unknown> = {}) {
  return { name: "Asha Traders", startingYear: "2024-25", ...overrides };
}

describe("OrganisationInput", () => {
  it("accepts an unregistered organisation with defaults", () => {
    expect(OrganisationInput.parse(buildOrganisation())).toEqual({
      name: "Asha Traders",
      startingYear: "2024-25",
      gstRegistered: false,
      manageInventory: false,
      billWiseEntry: false,
    });
  });

  it("accepts a registered one and folds gstRegistrationStatus into gstRegStatus", () => {
    const org = OrganisationInput.parse(
      buildOrganisation({
        gstRegistered: true,
        gstRegType: "regular",
        gstin: "27aapfu0939f1zv",
        gstRegistrationStatus: "Active",
        manageInventory: true,
        billingAddress: "Pune",
        mainlyDealsIn: "goods",
        billWiseEntry: true,
      }),
    );
    expect(org).toMatchObject({
      gstin: "27AAPFU0939F1ZV",
      gstRegStatus: "Active",
      billWiseEntry: true,
    });
    expect(org).not.toHaveProperty("gstRegistrationStatus");
    expect(
      OrganisationInput.parse(
        buildOrganisation({ gstRegStatus: "Active", gstRegistrationStatus: "Cancelled" }),
      ).gstRegStatus,
    ).toBe("Active");
  });

  it.each([
    [{ name: " " }, "name", "Organisation name is required."],
    [
      { startingYear: "2024-26" },
      "startingYear",
      "The second part of the year must be the next year, like 2024-25.",
    ],
    [
      { gstRegistered: true, gstin: "27AAPFU0939F1ZV" },
      "gstRegType",
      "GST Registration Type is Required!.",
    ],
    [
      { gstRegistered: true, gstRegType: "regular" },
      "gstin",
      "GSTIN is required for a GST-registered organisation.",
    ],
    [{ gstRegType: "gst" }, "gstRegType", "GST Registration Type is not one of the known types."],
    [
      { gstRegistered: true, gstRegType: "regular", gstin: "27AAPFU0939F1ZW" },
      "gstin",
      "GSTIN is not valid.",
    ],
    [
      { billingAddress: "x".repeat(301) },
      "billingAddress",
      "Billing address cannot be more than 300 characters.",
    ],
  ])("refuses %j at %s", (overrides, path, message) => {
    const issue = OrganisationInput.safeParse(buildOrganisation(overrides)).error?.issues[0];
    expect({ path: issue?.path.join("."), message: issue?.message }).toEqual({ path, message });
  });
});
