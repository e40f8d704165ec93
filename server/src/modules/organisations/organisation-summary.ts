import type { Role } from "@bahi/domain";
import type { OrganisationsTable } from "../../db/schema.ts";

/** An organisation as the lists and the add/rename answers give it (booleans as booleans). */
export interface OrganisationSummary {
  _id: string;
  name: string;
  startingYear: string;
  gstin: string | null;
  gstRegistered: boolean;
  gstRegType: string | null;
  gstRegStatus: string | null;
  stateCode: string | null;
  manageInventory: boolean;
  billWiseEntry: boolean;
  billingAddress: string | null;
  billingCity: string | null;
  billingPincode: string | null;
  mainlyDealsIn: string | null;
  active: boolean;
  role: Role;
  isOwner: boolean;
}

export function presentOrganisation(
  organisation: OrganisationsTable,
  member: { userId: string; role: Role },
): OrganisationSummary {
  return {
    _id: organisation.id,
    name: organisation.name,
    startingYear: organisation.starting_year,
    gstin: organisation.gstin,
    gstRegistered: organisation.gst_registered === 1,
    gstRegType: organisation.gst_reg_type,
    gstRegStatus: organisation.gst_reg_status,
    stateCode: organisation.state_code,
    manageInventory: organisation.manage_inventory === 1,
    billWiseEntry: organisation.bill_wise_entry === 1,
    billingAddress: organisation.billing_address,
    billingCity: organisation.billing_city,
    billingPincode: organisation.billing_pincode,
    mainlyDealsIn: organisation.mainly_deals_in,
    active: organisation.active === 1,
    role: member.role,
    isOwner: organisation.owner_user_id === member.userId,
  };
}
