import type { OrganisationSummary } from "../features/organisations/organisations.api.ts";

export function makeOrganisation(
  overrides: Partial<OrganisationSummary> = {},
): OrganisationSummary {
  return {
    _id: "org-1",
    name: "Sharma Traders",
    startingYear: "2024-25",
    gstin: null,
    gstRegistered: false,
    gstRegType: null,
    gstRegStatus: null,
    stateCode: null,
    manageInventory: false,
    billWiseEntry: false,
    billingAddress: null,
    billingCity: null,
    billingPincode: null,
    mainlyDealsIn: null,
    active: true,
    role: "owner",
    isOwner: true,
    ...overrides,
  };
}
