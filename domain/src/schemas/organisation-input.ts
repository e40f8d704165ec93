import { z } from "zod";
import { FinancialYearText } from "./dates.ts";
import { GstinText, GstTypeText } from "./identity-fields.ts";
import { boundedText, optionalText, requiredText } from "./text-fields.ts";

export const ORGANISATION_NAME_MAX = 100;

/** spec 5 says organisation creation validation is "not shown"; these are our words. */
export const ORGANISATION_MESSAGES = {
  nameRequired: "Organisation name is required.",
  gstRegTypeRequired: "GST Registration Type is Required!.",
  gstinRequired: "GSTIN is required for a GST-registered organisation.",
} as const;

const OrganisationFields = z.object({
  name: requiredText(
    ORGANISATION_NAME_MAX,
    ORGANISATION_MESSAGES.nameRequired,
    `Organisation name cannot be more than ${ORGANISATION_NAME_MAX} characters.`,
  ),
  gstin: optionalText(GstinText),
  gstRegistered: z.boolean().default(false),
  gstRegType: optionalText(GstTypeText),
  startingYear: FinancialYearText,
  gstRegStatus: optionalText(boundedText(30, "GST status cannot be more than 30 characters.")),
  /** api.md 7 names it "gstRegistrationStatus or gstRegStatus"; folded into gstRegStatus. */
  gstRegistrationStatus: optionalText(
    boundedText(30, "GST status cannot be more than 30 characters."),
  ),
  manageInventory: z.boolean().default(false),
  billingAddress: optionalText(
    boundedText(300, "Billing address cannot be more than 300 characters."),
  ),
  mainlyDealsIn: optionalText(
    boundedText(50, "Mainly deals in cannot be more than 50 characters."),
  ),
  billWiseEntry: z.boolean().default(false),
});

/** POST /organisation/add. A GST-registered organisation needs its GSTIN and registration type. */
export const OrganisationInput = OrganisationFields.superRefine((org, ctx) => {
  if (!org.gstRegistered) return;
  if (org.gstRegType === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["gstRegType"],
      message: ORGANISATION_MESSAGES.gstRegTypeRequired,
    });
  }
  if (org.gstin === undefined) {
    ctx.addIssue({ code: "custom", path: ["gstin"], message: ORGANISATION_MESSAGES.gstinRequired });
  }
}).transform(({ gstRegistrationStatus, ...org }) => {
  const gstRegStatus = org.gstRegStatus ?? gstRegistrationStatus;
  return gstRegStatus === undefined ? org : { ...org, gstRegStatus };
});

export type OrganisationInput = z.infer<typeof OrganisationInput>;
