import {
  CITY_MAX,
  CivilDateText,
  FinancialYearText,
  GST_FILING_FREQUENCIES,
  MOBILE_LENGTH_MESSAGE,
  NonNegativeRupeeAmount,
  normaliseMobile,
  PINCODE_MESSAGE,
  validateEmail,
  validatePincode,
  validateTan,
} from "@bahi/domain";
import { z } from "zod";
import { Flag, OrganisationId } from "./organisations.schemas.ts";

export const TAN_MESSAGE = "TAN is not valid: 4 letters, 5 digits and a letter, like DELA12345B.";
export const TDS_194Q_YEARS_MESSAGE =
  "Section 194Q years must be financial years like 2025-26, as a list or separated by commas.";

export const IMAGE_KINDS = ["logo", "signature"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const MAX_IMAGE_BYTES = 1024 * 1024;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} cannot be more than ${max} characters.`);

/**
 * POST /settings/organisation, from a multipart form (every value text) or JSON. A field left out
 * keeps its value; an empty one clears it.
 */
export const OrganisationSettingsInput = z.object({
  organisationId: OrganisationId,
  billWiseEntry: Flag("Bill-wise entry").optional(),
  useTemplates: Flag("Use templates").optional(),
  showLogo: Flag("Show logo").optional(),
  showSignature: Flag("Show signature").optional(),
  mobile: z
    .union([z.string(), z.number()], { error: MOBILE_LENGTH_MESSAGE })
    .transform((value) => normaliseMobile(String(value)))
    .refine((mobile) => mobile === "" || mobile.length === 10, MOBILE_LENGTH_MESSAGE)
    .optional(),
  email: text("Email", 254)
    .toLowerCase()
    .refine(
      (email) => email === "" || validateEmail(email) === null,
      "Please enter a valid email address",
    )
    .optional(),
  signatoryName: text("Signatory name", 100).optional(),
  lineAboveSignature: text("Line above signature", 200).optional(),
  qrText: text("QR text", 500).optional(),
  /** Issue 19: monthly, or quarterly under QRMP (IFF in the first two months of a quarter). */
  gstFilingFrequency: z
    .enum(GST_FILING_FREQUENCIES, { error: "Filing frequency must be monthly or quarterly." })
    .optional(),
  /** The previous year's aggregate turnover in rupees: decides the HSN digits (4 or 6). */
  previousYearTurnover: z
    .union([z.number(), z.string().trim().min(1)], {
      error: "Previous year's turnover must be an amount in rupees.",
    })
    .transform((value) => Number(value))
    .pipe(NonNegativeRupeeAmount)
    .optional(),
  /**
   * Issue 24: the consignment value above which an intra-state movement needs an e-way bill, in
   * rupees. Rule 138 sets ₹50,000; states set their own for movements within them (decision 097).
   * Null or empty clears it: the organisation's state's limit then holds.
   */
  eWayBillIntraStateThreshold: z
    .union([
      z.null(),
      z
        .string()
        .trim()
        .length(0)
        .transform(() => null),
      z
        .union([z.number(), z.string().trim().min(1)], {
          error: "The intra-state e-way bill threshold must be an amount in rupees.",
        })
        .transform((value) => Number(value))
        .pipe(NonNegativeRupeeAmount)
        .refine(
          (value) => value >= 50_000,
          "The intra-state e-way bill threshold cannot be below ₹50,000.",
        ),
    ])
    .optional(),
  /** Issue 24: the organisation's address as the IRP takes it; empty clears. */
  billingAddress: text("Billing address", 300).optional(),
  billingCity: text("City", CITY_MAX).optional(),
  billingPincode: text("Pincode", 6)
    .refine((pin) => validatePincode(pin) === null, PINCODE_MESSAGE)
    .optional(),
  /** Issue 24: the date e-invoicing applies from; empty means not e-invoicing. */
  eInvoiceFrom: z
    .string({ error: "E-invoicing from must be a date." })
    .trim()
    .refine(
      (date) => date === "" || CivilDateText.safeParse(date).success,
      "E-invoicing from must be a date like 2025-04-01.",
    )
    .optional(),
  bankName: text("Bank name", 100).optional(),
  bankAccountNumber: text("Bank account number", 34)
    .refine(
      (value) => value === "" || /^[0-9A-Za-z]{6,34}$/.test(value),
      "Bank account number must be 6 to 34 letters or digits.",
    )
    .optional(),
  bankIfsc: text("IFSC", 11)
    .toUpperCase()
    .refine(
      (value) => value === "" || /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value),
      "IFSC must be 11 characters: 4 letters, a zero, then 6 letters or digits.",
    )
    .optional(),
  bankBranch: text("Bank branch", 100).optional(),
  /**
   * Issue 39: the organisation's Tax Deduction Account Number, quoted on its TDS statements,
   * certificates and challans; empty clears it.
   */
  tan: text("TAN", 10)
    .toUpperCase()
    .refine((value) => value === "" || validateTan(value) === null, TAN_MESSAGE)
    .optional(),
  /**
   * Issue 39: the financial years in which s.194Q binds the organisation as a buyer (its turnover
   * in the year before exceeded ₹10 crore). A list, or the years separated by commas (a form).
   */
  tds194QYears: z
    .union(
      [
        z.array(z.string(), { error: TDS_194Q_YEARS_MESSAGE }),
        z.string({ error: TDS_194Q_YEARS_MESSAGE }).transform((text) =>
          text
            .split(",")
            .map((year) => year.trim())
            .filter(Boolean),
        ),
      ],
      { error: TDS_194Q_YEARS_MESSAGE },
    )
    .pipe(z.array(FinancialYearText).max(50, TDS_194Q_YEARS_MESSAGE))
    .transform((years) => [...new Set(years)].sort())
    .optional(),
});
export type OrganisationSettingsInput = z.infer<typeof OrganisationSettingsInput>;

export const RemoveFileQuery = z.object({
  organisationId: OrganisationId,
  type: z.enum(IMAGE_KINDS, { error: "Type must be logo or signature." }),
});

export const FileParams = z.object({
  organisationId: OrganisationId,
  kind: z.enum(IMAGE_KINDS, { error: "File must be logo or signature." }),
});
