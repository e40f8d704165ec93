import { z } from "zod";
import { MOBILE_LENGTH_MESSAGE } from "../identity/index.ts";
import { ACCOUNT_NATURES, isPartyNature, NO_STATE } from "../reference/index.ts";
import { GstRateValue, RupeeAmount } from "./amounts.ts";
import { CivilDateText } from "./dates.ts";
import { CustomFieldValues } from "./entry-lines.ts";
import {
  GstinText,
  GstTypeText,
  isKnownStateCode,
  PanText,
  STATE_CODE_MESSAGES,
  TanText,
} from "./identity-fields.ts";
import { ACCOUNT_TDS_FIELDS } from "./tds-input.ts";
import {
  boundedText,
  CityText,
  EmailText,
  EntityId,
  MobileNumberText,
  optionalText,
  PincodeText,
  requiredText,
} from "./text-fields.ts";
import type { FieldIssue } from "./zod-issues.ts";

/** spec 5 "Account save", verbatim (the '!.' endings are the spec's). */
export const ACCOUNT_MESSAGES = {
  nameRequired: "Account Name is Required!.",
  natureRequired: "Nature of Account is Required!.",
  gstRegTypeRequired: "GST Registration Type is Required!.",
  openingBalanceType: "Please Select Opening Balance Type.",
  stateRequired: "Please select state.",
  mobile: MOBILE_LENGTH_MESSAGE,
} as const;

/** Our words, where spec 5 has none. */
export const ACCOUNT_FIELD_MESSAGES = {
  natureUnknown: "Nature of Account must be one of the account groups, such as Debtors or Sales.",
  stateShape: "State must be a two-digit GST state code, or -1 for none.",
  openingBalanceSides: "A negative opening balance is a credit; it cannot be of type Debit.",
} as const;

/** spec 9 field limits. */
export const ACCOUNT_NAME_MAX = 100;
export const ACCOUNT_DISPLAY_NAME_MAX = 100;
export const ACCOUNT_ADDRESS_MAX = 300;

export const OPENING_BALANCE_TYPES = ["dr", "cr"] as const;

export type OpeningBalanceType = (typeof OPENING_BALANCE_TYPES)[number];

const NO_STATE_TEXT = String(NO_STATE);

/** spec 3: a two-digit GST state code (StateCode's list), or -1 (sent as text or number) for none. */
const AccountStateCode = z
  .union([z.string(), z.literal(NO_STATE)], { error: STATE_CODE_MESSAGES.shape })
  .transform((value) => {
    const text = String(value).trim();
    return text === "" ? undefined : text;
  })
  .pipe(
    z
      .string()
      .regex(/^(\d{2}|-1)$/, { error: ACCOUNT_FIELD_MESSAGES.stateShape, abort: true })
      .refine(
        (code) => code === NO_STATE_TEXT || isKnownStateCode(code),
        STATE_CODE_MESSAGES.unknown,
      )
      .optional(),
  );

/** 'Nature of Account is Required!.' when missing or blank (spec 5); else one of the 28 natures. */
const AccountNatureText = z
  .string({ error: ACCOUNT_MESSAGES.natureRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.natureRequired)
  .pipe(z.enum(ACCOUNT_NATURES, { error: ACCOUNT_FIELD_MESSAGES.natureUnknown }));

/**
 * The add/edit account payload (api.md 7 "Account"). openingBalance is signed as spec 3 says
 * (positive debit, negative credit); openingBalanceType, when sent, says the side of an unsigned
 * amount and must agree with a signed one (signOpeningBalance gives the stored signed form).
 */
const AccountFields = z.object({
  organisationId: EntityId,
  name: requiredText(
    ACCOUNT_NAME_MAX,
    ACCOUNT_MESSAGES.nameRequired,
    `Account Name cannot be more than ${ACCOUNT_NAME_MAX} characters.`,
  ),
  displayName: optionalText(
    boundedText(
      ACCOUNT_DISPLAY_NAME_MAX,
      `Display Name cannot be more than ${ACCOUNT_DISPLAY_NAME_MAX} characters.`,
    ),
  ),
  nature: AccountNatureText,
  openingBalance: RupeeAmount.default(0),
  openingBalanceType: optionalText(
    z.enum(OPENING_BALANCE_TYPES, { error: ACCOUNT_MESSAGES.openingBalanceType }),
  ),
  gstin: optionalText(GstinText),
  state: AccountStateCode.optional(),
  gstRate: GstRateValue.optional(),
  billingAddress: optionalText(
    boundedText(
      ACCOUNT_ADDRESS_MAX,
      `Billing address cannot be more than ${ACCOUNT_ADDRESS_MAX} characters.`,
    ),
  ),
  shippingAddress: optionalText(
    boundedText(
      ACCOUNT_ADDRESS_MAX,
      `Shipping address cannot be more than ${ACCOUNT_ADDRESS_MAX} characters.`,
    ),
  ),
  billingCity: optionalText(CityText),
  billingPincode: optionalText(PincodeText),
  shippingCity: optionalText(CityText),
  shippingPincode: optionalText(PincodeText),
  mobileNo: optionalText(MobileNumberText),
  email: optionalText(EmailText),
  pan: optionalText(PanText),
  tan: optionalText(TanText),
  gstType: optionalText(GstTypeText),
  gstRegDate: optionalText(CivilDateText),
  gstCanDate: optionalText(CivilDateText),
  /** spec 3: the cancel date is "also seen as gstCancelDate"; folded into gstCanDate. */
  gstCancelDate: optionalText(CivilDateText),
  gstRegStatus: optionalText(boundedText(30, "GST status cannot be more than 30 characters.")),
  gstinname: optionalText(boundedText(200, "GSTIN name cannot be more than 200 characters.")),
  rcmSales: z.boolean().default(false),
  rcmPurchase: z.boolean().default(false),
  /** CGST s.17(5) blocked credit: GSTR-3B reports its ITC in 4A and reverses it in 4B(1). */
  itcNotEligible: z.boolean().default(false),
  /** Issue 39: TDS section, deductee type and lower-deduction certificate (decision 300). */
  ...ACCOUNT_TDS_FIELDS,
  customFieldValues: CustomFieldValues.optional(),
});

/** The side of a signed opening balance and its type must agree (issue 18). */
export function refineOpeningBalance(
  value: { openingBalance: number; openingBalanceType?: OpeningBalanceType | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.openingBalance < 0 && value.openingBalanceType === "dr") {
    ctx.addIssue({
      code: "custom",
      path: ["openingBalanceType"],
      message: ACCOUNT_FIELD_MESSAGES.openingBalanceSides,
    });
  }
}

function foldCancelDate<
  T extends { gstCanDate?: string | undefined; gstCancelDate?: string | undefined },
>(value: T): Omit<T, "gstCancelDate"> {
  const { gstCancelDate, ...rest } = value;
  const gstCanDate = rest.gstCanDate ?? gstCancelDate;
  return gstCanDate === undefined ? rest : { ...rest, gstCanDate };
}

export const AccountInput =
  AccountFields.superRefine(refineOpeningBalance).transform(foldCancelDate);
export type AccountInput = z.infer<typeof AccountInput>;

export const AccountEditInput = AccountFields.extend({ accountId: EntityId })
  .superRefine(refineOpeningBalance)
  .transform(foldCancelDate);
export type AccountEditInput = z.infer<typeof AccountEditInput>;

/** The stored form (spec 3): positive means debit, negative credit. */
export function signOpeningBalance(
  account: Pick<AccountInput, "openingBalance" | "openingBalanceType">,
): number {
  const amount = Math.abs(account.openingBalance);
  if (amount === 0) return 0;
  if (account.openingBalanceType === undefined) return account.openingBalance;
  return account.openingBalanceType === "cr" ? -amount : amount;
}

export interface AccountOrganisationContext {
  readonly gstRegistered: boolean;
  readonly gstRegType: string;
}

/**
 * The account rules of spec 5 that depend on the organisation, so no context-free schema can
 * check them: for a debtor or creditor of a GST-registered regular organisation, a GST
 * registration type is required, and a state unless a GSTIN gives it or the party is overseas.
 */
export function validateAccountForOrganisation(
  input: {
    readonly nature: string;
    readonly gstType?: string | undefined;
    readonly state?: string | undefined;
    readonly gstin?: string | undefined;
  },
  org: AccountOrganisationContext,
): FieldIssue[] {
  const regular = org.gstRegistered && org.gstRegType.toLowerCase() === "regular";
  if (!regular || !isPartyNature(input.nature)) return [];
  const issues: FieldIssue[] = [];
  if (input.gstType === undefined) {
    issues.push({ path: "gstType", message: ACCOUNT_MESSAGES.gstRegTypeRequired });
  }
  const noState = input.state === undefined || input.state === NO_STATE_TEXT;
  if (noState && input.gstin === undefined && input.gstType !== "overseas") {
    issues.push({ path: "state", message: ACCOUNT_MESSAGES.stateRequired });
  }
  return issues;
}
