import {
  CITY_MAX,
  paiseToRupees,
  parseAmount,
  validateAmountText,
  validateEmail,
  validateMobile,
  validatePincode,
  validateTan,
} from "@bahi/domain";
import type { FieldErrors } from "../../components/form-validation.ts";
import type { ImageKind, OrganisationSettings } from "./organisation-settings.api.ts";

export type SettingsValues = Pick<
  OrganisationSettings,
  | "billWiseEntry"
  | "useTemplates"
  | "mobile"
  | "email"
  | "signatoryName"
  | "lineAboveSignature"
  | "showLogo"
  | "showSignature"
  | "qrText"
  | "gstFilingFrequency"
  | "bankName"
  | "bankAccountNumber"
  | "bankIfsc"
  | "bankBranch"
  | "eInvoiceFrom"
  | "billingAddress"
  | "billingCity"
  | "billingPincode"
  | "tan"
  | "tds194QYears"
> & {
  /** As typed, in rupees. */
  previousYearTurnover: string;
  /** As typed, in rupees (issue 24): at least ₹50,000; empty takes the state's own limit. */
  eWayBillIntraStateThreshold: string;
};

/** Accepted upload types and size, as the server checks them. */
export const IMAGE_ACCEPT = "image/png,image/jpeg";
export const MAX_IMAGE_BYTES = 1024 * 1024;
export const IMAGE_TOO_LARGE = "File is too large (maximum 1 MB).";

export const TEXT_LIMITS = {
  signatoryName: 100,
  lineAboveSignature: 200,
  qrText: 500,
  bankName: 100,
  bankAccountNumber: 34,
  bankIfsc: 11,
  bankBranch: 100,
  billingAddress: 300,
  billingCity: CITY_MAX,
} as const;

export function pickSettingsValues(settings: OrganisationSettings): SettingsValues {
  const { billWiseEntry, useTemplates, mobile, email, signatoryName } = settings;
  const { lineAboveSignature, showLogo, showSignature, qrText } = settings;
  const { bankName, bankAccountNumber, bankIfsc, bankBranch } = settings;
  return {
    billWiseEntry,
    useTemplates,
    mobile,
    email,
    signatoryName,
    lineAboveSignature,
    showLogo,
    showSignature,
    qrText,
    gstFilingFrequency: settings.gstFilingFrequency,
    previousYearTurnover: String(settings.previousYearTurnover),
    eWayBillIntraStateThreshold:
      settings.eWayBillIntraStateThreshold == null
        ? ""
        : String(settings.eWayBillIntraStateThreshold),
    bankName,
    bankAccountNumber,
    bankIfsc,
    bankBranch,
    eInvoiceFrom: settings.eInvoiceFrom,
    billingAddress: settings.billingAddress,
    billingCity: settings.billingCity,
    billingPincode: settings.billingPincode,
    tan: settings.tan ?? "",
    tds194QYears: settings.tds194QYears ?? [],
  };
}

/** As the server words it (issue 39). */
export const TAN_MESSAGE = "TAN is not valid: 4 letters, 5 digits and a letter, like DELA12345B.";

export const TURNOVER_MESSAGE = "Previous year's turnover must be an amount in rupees.";
export const EWAY_BILL_THRESHOLD_MESSAGE =
  "The intra-state e-way bill threshold cannot be below ₹50,000.";

/** What the threshold field says it falls back to: the state's own limit (decision 097). */
export function describeEWayBillThreshold(settings: OrganisationSettings): string {
  const limit = settings.eWayBillStateThreshold ?? 50_000;
  const rupees = `₹${limit.toLocaleString("en-IN")}`;
  return `Leave empty for your state's own limit (${rupees}); Rule 138's ₹50,000 holds between states`;
}

export function checkSettings(values: SettingsValues): FieldErrors {
  const errors: FieldErrors = {};
  const mobile = validateMobile(values.mobile);
  if (mobile) errors.mobile = mobile;
  const email = values.email.trim();
  if (email !== "") {
    const problem = validateEmail(email);
    if (problem) errors.email = problem.message;
  }
  const turnover = values.previousYearTurnover.trim();
  if (turnover !== "" && validateAmountText(turnover) !== null) {
    errors.previousYearTurnover = TURNOVER_MESSAGE;
  }
  const threshold = values.eWayBillIntraStateThreshold.trim();
  if (
    threshold !== "" &&
    (validateAmountText(threshold) !== null || parseAmount(threshold) < 5_000_000)
  ) {
    errors.eWayBillIntraStateThreshold = EWAY_BILL_THRESHOLD_MESSAGE;
  }
  if (validateTan(values.tan) !== null) errors.tan = TAN_MESSAGE;
  const pincode = validatePincode(values.billingPincode);
  if (pincode) errors.billingPincode = pincode;
  const ifsc = values.bankIfsc.trim().toUpperCase();
  if (ifsc !== "" && !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)) {
    errors.bankIfsc = "IFSC must be 11 characters: 4 letters, a zero, then 6 letters or digits.";
  }
  return errors;
}

/** The multipart body: every field as text, booleans as "true"/"false", and any chosen files. */
export function buildSettingsForm(
  organisationId: string,
  values: SettingsValues,
  files: Partial<Record<ImageKind, File>>,
): FormData {
  const form = new FormData();
  form.append("organisationId", organisationId);
  for (const [key, value] of Object.entries(values)) {
    // The turnover as typed may carry Indian commas; the server takes rupees. An empty
    // threshold goes empty: the server then takes the state's own limit.
    // The 194Q years go as one field, the years separated by commas.
    const typed = (Array.isArray(value) ? value.join(",") : String(value)).trim();
    const text =
      key === "previousYearTurnover" || (key === "eWayBillIntraStateThreshold" && typed !== "")
        ? String(paiseToRupees(parseAmount(typed)))
        : typed;
    form.append(key, text);
  }
  for (const [kind, file] of Object.entries(files)) if (file) form.append(kind, file);
  return form;
}
