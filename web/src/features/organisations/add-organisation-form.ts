import {
  FINANCIAL_YEARS,
  financialYearOf,
  type GstRegistrationType,
  isGstRegistrationType,
  isSupportedFinancialYear,
  ORGANISATION_MESSAGES,
  validateGstin,
} from "@bahi/domain";
import type { FieldErrors } from "../../components/form-validation.ts";
import { checkOrganisationName } from "./organisation-name.ts";
import type { NewOrganisation } from "./organisations.api.ts";

export interface AddOrganisationValues {
  name: string;
  gstRegistered: boolean;
  gstin: string;
  gstRegType: GstRegistrationType | "";
  startingYear: string;
  manageInventory: boolean;
  billWiseEntry: boolean;
  billingAddress: string;
  mainlyDealsIn: "" | "goods" | "services" | "both";
}

export const BILLING_ADDRESS_MAX = 300;

// The server's words for a GSTIN on an organisation marked unregistered.
export const GSTIN_WITHOUT_REGISTRATION =
  "Leave GSTIN blank for an unregistered organisation, or mark it as GST-registered.";

/** A new organisation starts in the current financial year, or the last one the product offers. */
export function defaultStartingYear(today: string): string {
  const current = financialYearOf(today);
  return isSupportedFinancialYear(current) ? current : (FINANCIAL_YEARS.at(-1) ?? current);
}

export function emptyAddOrganisationValues(today: string): AddOrganisationValues {
  return {
    name: "",
    gstRegistered: false,
    gstin: "",
    gstRegType: "",
    startingYear: defaultStartingYear(today),
    manageInventory: false,
    billWiseEntry: false,
    billingAddress: "",
    mainlyDealsIn: "",
  };
}

/** Field errors, empty when the organisation can be sent (spec 5 GSTIN messages via domain). */
export function checkAddOrganisation(values: AddOrganisationValues): FieldErrors {
  const errors: FieldErrors = {};
  errors.name = checkOrganisationName(values.name);
  const gstin = values.gstin.trim();
  errors.gstin = validateGstin(gstin) ?? undefined;
  if (!errors.gstin && values.gstRegistered && gstin === "") {
    errors.gstin = ORGANISATION_MESSAGES.gstinRequired;
  }
  if (!errors.gstin && !values.gstRegistered && gstin !== "") {
    errors.gstin = GSTIN_WITHOUT_REGISTRATION;
  }
  if (values.gstRegistered && !isGstRegistrationType(values.gstRegType)) {
    errors.gstRegType = ORGANISATION_MESSAGES.gstRegTypeRequired;
  }
  if (!isSupportedFinancialYear(values.startingYear)) {
    errors.startingYear = `Starting year must be a financial year from ${FINANCIAL_YEARS[0]} to ${FINANCIAL_YEARS.at(-1)}.`;
  }
  if (values.billingAddress.trim().length > BILLING_ADDRESS_MAX) {
    errors.billingAddress = `Billing address cannot be more than ${BILLING_ADDRESS_MAX} characters.`;
  }
  for (const key of Object.keys(errors)) if (errors[key] === undefined) delete errors[key];
  return errors;
}

/** The POST /organisation/add payload: blanks left out, GST fields only for a registered one. */
export function buildNewOrganisation(values: AddOrganisationValues): NewOrganisation {
  const gstin = values.gstin.trim().toUpperCase();
  const billingAddress = values.billingAddress.trim();
  return {
    name: values.name.trim(),
    gstRegistered: values.gstRegistered,
    ...(values.gstRegistered && gstin ? { gstin } : {}),
    ...(values.gstRegistered && values.gstRegType ? { gstRegType: values.gstRegType } : {}),
    startingYear: values.startingYear,
    manageInventory: values.manageInventory,
    billWiseEntry: values.billWiseEntry,
    ...(billingAddress ? { billingAddress } : {}),
    ...(values.mainlyDealsIn ? { mainlyDealsIn: values.mainlyDealsIn } : {}),
  };
}
