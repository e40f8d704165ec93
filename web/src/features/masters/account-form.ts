import {
  ACCOUNT_MESSAGES,
  AccountInput,
  type AccountNature,
  type AccountOrganisationContext,
  findStateByCode,
  GST_REGISTRATION_TYPE_VALUES,
  type GstRegistrationType,
  isAccountNature,
  isGstRateNature,
  isItcBlockableNature,
  isPartyNature,
  NO_GST_RATE,
  normaliseMobile,
  type OpeningBalanceType,
  type Paise,
  paiseToRupees,
  panFromGstin,
  registrationTypeOfGstin,
  rupeesToPaise,
  stateCodeFromGstin,
  validateAccountForOrganisation,
} from "@bahi/domain";
import { type FieldErrors, validateWith } from "../../components/form-validation.ts";
import type { AccountPayload, AccountRecord, GstinRecord } from "./masters.api.ts";

// spec 5 "Account save", inline on leaving the name (items reuse it, spec 5 "Item").
export const ACCOUNT_NAME_TAKEN = "An account with same name already exists.";

/** What the Add/Edit Account modal holds; text fields as typed, money in paise. */
export interface AccountFormValues {
  name: string;
  displayName: string;
  nature: AccountNature | "";
  openingBalancePaise: Paise;
  openingBalanceType: OpeningBalanceType | "";
  gstType: GstRegistrationType | "";
  gstin: string;
  /** A two-digit state code, or "" for none. */
  state: string;
  gstRate: number | null;
  billingAddress: string;
  shippingAddress: string;
  billingCity: string;
  billingPincode: string;
  shippingCity: string;
  shippingPincode: string;
  mobileNo: string;
  email: string;
  pan: string;
  tan: string;
  gstRegDate: string;
  gstCanDate: string;
  gstRegStatus: string;
  gstinname: string;
  rcmSales: boolean;
  rcmPurchase: boolean;
  itcNotEligible: boolean;
  /** Issue 39: TDS. The certificate's fields as typed; its rate in percent, limit in paise. */
  tdsSection: string;
  deducteeType: string;
  certificateNumber: string;
  certificateRate: string;
  certificateFrom: string;
  certificateTo: string;
  certificateLimitPaise: Paise;
  customFieldValues: Record<string, string>;
}

export function emptyAccountForm(nature: AccountNature | "" = ""): AccountFormValues {
  return {
    name: "",
    displayName: "",
    nature,
    openingBalancePaise: 0,
    openingBalanceType: "",
    gstType: "",
    gstin: "",
    state: "",
    gstRate: null,
    billingAddress: "",
    shippingAddress: "",
    billingCity: "",
    billingPincode: "",
    shippingCity: "",
    shippingPincode: "",
    mobileNo: "",
    email: "",
    pan: "",
    tan: "",
    gstRegDate: "",
    gstCanDate: "",
    gstRegStatus: "",
    gstinname: "",
    rcmSales: false,
    rcmPurchase: false,
    itcNotEligible: false,
    tdsSection: "",
    deducteeType: "",
    certificateNumber: "",
    certificateRate: "",
    certificateFrom: "",
    certificateTo: "",
    certificateLimitPaise: 0,
    customFieldValues: {},
  };
}

function isRegistrationType(value: string | null): value is GstRegistrationType {
  return value !== null && (GST_REGISTRATION_TYPE_VALUES as readonly string[]).includes(value);
}

/** The form of a saved account (edit mode). */
export function formFromAccount(account: AccountRecord): AccountFormValues {
  const paise = rupeesToPaise(Math.abs(account.openingBalance));
  return {
    name: account.name,
    displayName: account.displayName === account.name ? "" : account.displayName,
    nature: isAccountNature(account.nature) ? account.nature : "",
    openingBalancePaise: paise,
    openingBalanceType: paise === 0 ? "" : account.openingBalanceType,
    gstType: isRegistrationType(account.gstType) ? account.gstType : "",
    gstin: account.gstin ?? "",
    state: account.state === "-1" ? "" : account.state,
    gstRate: account.gstRate === NO_GST_RATE ? null : account.gstRate,
    billingAddress: account.billingAddress ?? "",
    shippingAddress: account.shippingAddress ?? "",
    billingCity: account.billingCity ?? "",
    billingPincode: account.billingPincode ?? "",
    shippingCity: account.shippingCity ?? "",
    shippingPincode: account.shippingPincode ?? "",
    mobileNo: account.mobileNo ?? "",
    email: account.email ?? "",
    pan: account.pan ?? "",
    tan: account.tan ?? "",
    gstRegDate: account.gstRegDate ?? "",
    gstCanDate: account.gstCanDate ?? "",
    gstRegStatus: account.gstRegStatus ?? "",
    gstinname: account.gstinname ?? "",
    rcmSales: account.rcmSales,
    rcmPurchase: account.rcmPurchase,
    itcNotEligible: account.itcNotEligible === true,
    tdsSection: account.tdsSection ?? "",
    deducteeType: account.deducteeType ?? "",
    certificateNumber: account.lowerDeductionCertificate?.certificateNumber ?? "",
    certificateRate:
      account.lowerDeductionCertificate === null || account.lowerDeductionCertificate === undefined
        ? ""
        : String(account.lowerDeductionCertificate.rate),
    certificateFrom: account.lowerDeductionCertificate?.validFrom ?? "",
    certificateTo: account.lowerDeductionCertificate?.validTo ?? "",
    certificateLimitPaise: rupeesToPaise(account.lowerDeductionCertificate?.limit ?? 0),
    customFieldValues: { ...account.customFieldValues },
  };
}

/** What a GSTIN lookup filled in; it belongs to that GSTIN and goes when the GSTIN changes. */
const GSTIN_DETAILS = {
  gstRegDate: "",
  gstCanDate: "",
  gstRegStatus: "",
  gstinname: "",
} as const satisfies Partial<AccountFormValues>;

/**
 * spec 4 "Account modal": leaving Debtors or Creditors clears pan, tan, gstin, the addresses,
 * mobile and email (and what a lookup filled in for the GSTIN); leaving the expense, income,
 * sales and purchase natures clears the GST rate.
 */
export function changeNature(
  values: AccountFormValues,
  nature: AccountNature | "",
): AccountFormValues {
  const next: AccountFormValues = { ...values, nature };
  if (!isPartyNature(nature)) {
    Object.assign(next, {
      pan: "",
      tan: "",
      gstin: "",
      billingAddress: "",
      shippingAddress: "",
      billingCity: "",
      billingPincode: "",
      shippingCity: "",
      shippingPincode: "",
      mobileNo: "",
      email: "",
      ...GSTIN_DETAILS,
    });
  }
  if (!isGstRateNature(nature)) next.gstRate = null;
  return next;
}

/**
 * The state a GSTIN gives (spec 4): its first two digits when they are a state's code. The
 * legacy code 25 (Daman and Diu) is now 26; 28 (undivided Andhra Pradesh) names no state today.
 */
export function stateOfGstin(gstin: string): string | null {
  const code = stateCodeFromGstin(gstin);
  if (code === null) return null;
  if (code === "25") return "26";
  return findStateByCode(code) ? code : null;
}

/** spec 4: the state picker is locked while a 15-character GSTIN sets the state. */
export function isStateLocked(values: Pick<AccountFormValues, "gstin">): boolean {
  return stateOfGstin(values.gstin) !== null;
}

/**
 * spec 4 "Account modal": a 15-character GSTIN sets the state from its first two digits and pan
 * from characters 3 to 12. Any change of GSTIN drops what a lookup filled in for the old one.
 */
export function changeGstin(values: AccountFormValues, gstin: string): AccountFormValues {
  const next: AccountFormValues = { ...values, gstin };
  if (gstin !== values.gstin) Object.assign(next, GSTIN_DETAILS);
  const state = stateOfGstin(gstin);
  if (state !== null) next.state = state;
  const pan = panFromGstin(gstin);
  if (pan !== null) next.pan = pan;
  // A valid GSTIN means a registration: its form says which, unless one is chosen already.
  const registration = registrationTypeOfGstin(gstin);
  if (registration !== null && (next.gstType === "" || next.gstType === "unregistered"))
    next.gstType = registration;
  return next;
}

/**
 * spec 4: a lookup fills name, display name, registration date, type, cancel date, status and
 * billing address. Dates, type and status are the GSTIN's and always replace; the name, display
 * name and address fill in only what is still empty, never over what the person typed.
 */
export function applyGstinLookup(
  values: AccountFormValues,
  record: GstinRecord,
): AccountFormValues {
  const legalName = record.legalName ?? record.name ?? "";
  const tradeName = record.tradeName ?? "";
  return {
    ...values,
    name: values.name || tradeName || legalName,
    displayName: values.displayName || legalName,
    billingAddress: values.billingAddress || (record.address ?? ""),
    gstType: isRegistrationType(record.gstRegType) ? record.gstRegType : values.gstType,
    gstRegDate: record.registrationDate ?? "",
    gstCanDate: record.cancellationDate ?? "",
    gstRegStatus: record.status ?? "",
    gstinname: legalName,
  };
}

/** spec 5: "A cancelled or inactive GST status is shown in red." */
export function isGstStatusAlarming(status: string): boolean {
  return /cancel|inactive|suspend/i.test(status);
}

/** spec 5: the non-blocking warning of a cancelled GSTIN. */
export function isGstinCancelled(values: Pick<AccountFormValues, "gstRegStatus" | "gstCanDate">) {
  return values.gstCanDate !== "" || /cancel/i.test(values.gstRegStatus);
}

/** The add/edit payload; fields a nature does not keep are not sent. */
export function toAccountPayload(
  values: AccountFormValues,
  organisationId: string,
): AccountPayload {
  const party = isPartyNature(values.nature);
  return {
    organisationId,
    name: values.name,
    displayName: values.displayName,
    nature: values.nature,
    openingBalance: paiseToRupees(values.openingBalancePaise),
    ...(values.openingBalanceType ? { openingBalanceType: values.openingBalanceType } : {}),
    gstin: party ? values.gstin : "",
    ...(party && values.state ? { state: values.state } : {}),
    ...(isGstRateNature(values.nature) && values.gstRate !== null
      ? { gstRate: values.gstRate }
      : {}),
    billingAddress: party ? values.billingAddress : "",
    shippingAddress: party ? values.shippingAddress : "",
    billingCity: party ? values.billingCity : "",
    billingPincode: party ? values.billingPincode : "",
    shippingCity: party ? values.shippingCity : "",
    shippingPincode: party ? values.shippingPincode : "",
    mobileNo: party ? values.mobileNo : "",
    email: party ? values.email : "",
    pan: party ? values.pan : "",
    tan: party ? values.tan : "",
    gstType: party ? values.gstType : "",
    gstRegDate: party ? values.gstRegDate : "",
    gstCanDate: party ? values.gstCanDate : "",
    gstRegStatus: party ? values.gstRegStatus : "",
    gstinname: party ? values.gstinname : "",
    rcmSales: values.rcmSales,
    rcmPurchase: values.rcmPurchase,
    itcNotEligible: isItcBlockableNature(values.nature) && values.itcNotEligible,
    ...tdsPayloadOf(values),
    customFieldValues: values.customFieldValues,
  };
}

/** Whether an account of this nature takes TDS fields: a party or an expense-type account. */
export function takesTds(nature: string): boolean {
  return isPartyNature(nature) || isGstRateNature(nature);
}

/** The TDS fields of the payload; a certificate only when its number is typed. */
function tdsPayloadOf(values: AccountFormValues) {
  if (!takesTds(values.nature)) return {};
  const certificate =
    values.certificateNumber.trim() === ""
      ? null
      : {
          certificateNumber: values.certificateNumber.trim(),
          rate: Number(values.certificateRate),
          validFrom: values.certificateFrom,
          validTo: values.certificateTo,
          limit: paiseToRupees(values.certificateLimitPaise),
        };
  return {
    tdsSection: values.tdsSection,
    deducteeType: values.deducteeType,
    lowerDeductionCertificate: certificate,
  };
}

/**
 * spec 5 "Account save": the server's own schema (domain's AccountInput) and the rules that
 * depend on the organisation (validateAccountForOrganisation), with the spec's messages.
 */
export function validateAccountForm(
  values: AccountFormValues,
  organisation: AccountOrganisationContext,
): FieldErrors {
  const payload = toAccountPayload(values, "organisation");
  const checked = validateWith(AccountInput, payload);
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  const blankToUndefined = (text: string) => (text.trim() === "" ? undefined : text.trim());
  for (const issue of validateAccountForOrganisation(
    {
      nature: values.nature,
      gstType: blankToUndefined(payload.gstType),
      state: payload.state,
      gstin: blankToUndefined(payload.gstin),
    },
    organisation,
  )) {
    errors[issue.path] ??= issue.message;
  }
  // The screen's amount is unsigned, so it needs the side; the API also takes a signed amount alone.
  if (values.openingBalancePaise !== 0 && values.openingBalanceType === "") {
    errors.openingBalanceType ??= ACCOUNT_MESSAGES.openingBalanceType;
  }
  return errors;
}

/** spec 5: "Mobile keeps digits only; a leading 0 is dropped when over 10 digits." */
export function typeMobile(text: string): string {
  return normaliseMobile(text).slice(0, 10);
}
