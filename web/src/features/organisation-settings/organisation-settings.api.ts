import { apiRequest } from "../../api/http.ts";

export interface OrganisationSettings {
  organisationId: string;
  name: string;
  gstin: string | null;
  billWiseEntry: boolean;
  useTemplates: boolean;
  mobile: string;
  email: string;
  signatoryName: string;
  lineAboveSignature: string;
  showLogo: boolean;
  showSignature: boolean;
  qrText: string;
  bankName: string;
  bankAccountNumber: string;
  bankIfsc: string;
  bankBranch: string;
  logoUrl: string | null;
  signatureUrl: string | null;
  /** Issue 19: monthly, or quarterly under QRMP (IFF in months 1 and 2). */
  gstFilingFrequency: "monthly" | "quarterly";
  /** Rupees: above ₹5 crore, Table 12 of GSTR-1 needs 6-digit HSN codes. */
  previousYearTurnover: number;
  /** Issue 24: the date e-invoicing applies from, "" when it does not. */
  eInvoiceFrom: string;
  /** Issue 24: rupees, as the organisation set it; null: its state's own limit holds. */
  eWayBillIntraStateThreshold?: number | null;
  /** Issue 24: the organisation's state's own intra-state limit today, in rupees (decision 097). */
  eWayBillStateThreshold?: number;
  /** Issue 24: the organisation's address, with the city and pincode the IRP needs. */
  billingAddress: string;
  billingCity: string;
  billingPincode: string;
  /** Issue 39: the Tax Deduction Account Number its TDS statements, certificates and challans quote. */
  tan: string;
  /** Issue 39: the years in which s.194Q binds it as a buyer (turnover of the year before over ₹10 crore). */
  tds194QYears: string[];
}

export type ImageKind = "logo" | "signature";

export const organisationSettingsKey = (organisationId: string) =>
  ["organisation-settings", organisationId] as const;

export async function fetchOrganisationSettings(organisationId: string) {
  const answer = await apiRequest<{ settings: OrganisationSettings }>(
    "GET",
    "/settings/getorganisationsettings",
    { query: { organisationId }, errorTitle: "Could not load Organisation Details" },
  );
  return answer.settings;
}

/** POST /settings/organisation: a multipart form of the fields, with the logo and signature files when chosen. */
export async function saveOrganisationSettings(form: FormData) {
  const answer = await apiRequest<{ settings: OrganisationSettings }>(
    "POST",
    "/settings/organisation",
    { body: form },
  );
  return answer.settings;
}

export async function removeOrganisationFile(organisationId: string, type: ImageKind) {
  const answer = await apiRequest<{ settings: OrganisationSettings }>(
    "PATCH",
    "/settings/removefile",
    { query: { organisationId, type }, errorTitle: "Could not remove the file" },
  );
  return answer.settings;
}
