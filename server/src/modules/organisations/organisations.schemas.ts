import {
  CITY_MAX,
  EmailAddress,
  FINANCIAL_YEARS,
  GST_REGISTRATION_TYPE_VALUES,
  isSupportedFinancialYear,
  PINCODE_MESSAGE,
  PINCODE_PATTERN,
  RIGHT_SUBJECTS,
  validateGstin,
} from "@bahi/domain";
import { z } from "zod";

// Zod shapes of the organisation, member and settings calls (spec api §7). Messages are ours where
// the spec has none (product.md 5: "Validation of … organisation creation fields is not shown").

export const ORGANISATION_NAME_MAX = 100;

export const EntityId = (label = "Id") =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(64, `${label} is too long.`);

export const OrganisationId = EntityId("Organisation id");
export const OrganisationIdQuery = z.object({ organisationId: OrganisationId });

/** A flag in a query string or a form: "true"/"false", or a JSON boolean. */
export const Flag = (label: string) =>
  z.union([z.boolean(), z.enum(["true", "false"]).transform((text) => text === "true")], {
    error: `${label} must be true or false.`,
  });

const QueryNumber = (label: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} cannot be less than ${min}.`)
    .max(max, `${label} cannot be more than ${max}.`)
    .default(fallback);

export const Paging = {
  skip: QueryNumber("Skip", 0, 1_000_000_000, 0),
  limit: QueryNumber("Limit", 1, 500, 10),
};

export const OrganisationName = z
  .string({ error: "Organisation name is required." })
  .trim()
  .min(1, "Organisation name is required.")
  .max(
    ORGANISATION_NAME_MAX,
    `Organisation name cannot be more than ${ORGANISATION_NAME_MAX} characters.`,
  );

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((text) => text || undefined);

const AddOrganisationFields = z.object({
  name: OrganisationName,
  gstin: z
    .string({ error: "GSTIN must be text." })
    .nullish()
    .transform((text) => text?.trim().toUpperCase() || undefined),
  gstRegistered: z.boolean({ error: "GST registered must be true or false." }).default(false),
  gstRegType: z
    .union([z.literal(""), z.enum(GST_REGISTRATION_TYPE_VALUES)], {
      error: "GST Registration Type is not valid.",
    })
    .nullish()
    .transform((type) => type || undefined),
  startingYear: z
    .string({ error: "Starting year is required." })
    .trim()
    .refine(
      isSupportedFinancialYear,
      `Starting year must be a financial year from ${FINANCIAL_YEARS[0]} to ${FINANCIAL_YEARS.at(-1)}, like 2024-25.`,
    ),
  gstRegStatus: optionalText(30, "GST status cannot be more than 30 characters."),
  gstRegistrationStatus: optionalText(30, "GST status cannot be more than 30 characters."),
  manageInventory: z.boolean({ error: "Manage inventory must be true or false." }).default(false),
  billingAddress: optionalText(300, "Billing address cannot be more than 300 characters."),
  billingCity: optionalText(CITY_MAX, `City cannot be more than ${CITY_MAX} characters.`),
  billingPincode: optionalText(6, PINCODE_MESSAGE).refine(
    (pin) => pin === undefined || PINCODE_PATTERN.test(pin),
    PINCODE_MESSAGE,
  ),
  mainlyDealsIn: z
    .union([z.literal(""), z.enum(["goods", "services", "both"])], {
      error: "Mainly deals in must be goods, services or both.",
    })
    .nullish()
    .transform((value) => value || undefined),
  billWiseEntry: z.boolean({ error: "Bill-wise entry must be true or false." }).default(false),
});

export const ORGANISATION_GST_MESSAGES = {
  gstinRequired: "GSTIN is required for a GST-registered organisation.",
  gstinNotRegistered:
    "Leave GSTIN blank for an unregistered organisation, or mark it as GST-registered.",
  // spec 5 "Account save" uses these words for the same field.
  gstRegTypeRequired: "GST Registration Type is Required!.",
  gstRegTypeUnregistered: "Choose the GST registration type of a GST-registered organisation.",
} as const;

/** POST /organisation/add. A registered organisation needs a valid GSTIN and its type. */
export const AddOrganisationInput = AddOrganisationFields.superRefine((org, ctx) => {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  if (org.gstin !== undefined) {
    const problem = validateGstin(org.gstin);
    if (problem) issue("gstin", problem);
    else if (!org.gstRegistered) issue("gstin", ORGANISATION_GST_MESSAGES.gstinNotRegistered);
  }
  if (!org.gstRegistered) return;
  if (org.gstin === undefined) issue("gstin", ORGANISATION_GST_MESSAGES.gstinRequired);
  if (org.gstRegType === undefined)
    issue("gstRegType", ORGANISATION_GST_MESSAGES.gstRegTypeRequired);
  if (org.gstRegType === "unregistered") {
    issue("gstRegType", ORGANISATION_GST_MESSAGES.gstRegTypeUnregistered);
  }
}).transform(({ gstRegistrationStatus, ...org }) => ({
  ...org,
  // api.md §7 names the field "gstRegistrationStatus or gstRegStatus"; one is kept.
  gstRegStatus: org.gstRegStatus ?? gstRegistrationStatus,
}));
export type AddOrganisationInput = z.infer<typeof AddOrganisationInput>;

export const RenameOrganisationInput = z.object({
  organisationId: OrganisationId,
  name: OrganisationName,
});

/** Roles one can be given by invitation or edit; ownership changes hands only by edituser. */
export const GrantedRole = z.enum(["admin", "accountant", "viewer"], {
  error: "Role must be admin, accountant or viewer.",
});
export const EditableRole = z.enum(["owner", "admin", "accountant", "viewer"], {
  error: "Role must be owner, admin, accountant or viewer.",
});

const TransactionRightInput = z.object({
  transactionType: z.enum(RIGHT_SUBJECTS, { error: "Transaction type is not known." }),
  view: z.boolean().default(false),
  add: z.boolean().default(false),
  edit: z.boolean().default(false),
  delete: z.boolean().default(false),
  /** Left out, it follows edit (decision 220). */
  send: z.boolean().optional(),
});

export const TransactionPermissions = z
  .array(TransactionRightInput, { error: "Transaction permissions must be a list." })
  .max(RIGHT_SUBJECTS.length, "Transaction permissions list each transaction type once.")
  .refine(
    (rights) => new Set(rights.map((right) => right.transactionType)).size === rights.length,
    "Transaction permissions list each transaction type once.",
  );

export const InviteMemberInput = z.object({
  organisationId: OrganisationId,
  email: EmailAddress,
  role: GrantedRole,
  transactionPermissions: TransactionPermissions.default([]),
});
export type InviteMemberInput = z.infer<typeof InviteMemberInput>;

export const InvitationIdInput = z.object({ invitationId: EntityId("Invitation id") });
export const RevokeInvitationInput = z.object({
  organisationId: OrganisationId,
  invitationId: EntityId("Invitation id"),
});

export const EditMemberInput = z.object({
  organisationId: OrganisationId,
  editUserId: EntityId("User id"),
  role: EditableRole,
  transactionPermissions: TransactionPermissions.default([]),
});
export type EditMemberInput = z.infer<typeof EditMemberInput>;

export const MemberInput = z.object({
  organisationId: OrganisationId,
  userId: EntityId("User id"),
});

export const MemberListQuery = z.object({
  organisationId: OrganisationId,
  active: Flag("Active").optional(),
  searchText: z
    .string()
    .trim()
    .max(100, "Search text cannot be more than 100 characters.")
    .optional(),
});

export const RightsQuery = z.object({
  organisationId: OrganisationId,
  userId: EntityId("User id").optional(),
});

export const UserLogsQuery = z.object({
  organisationId: OrganisationId,
  userId: EntityId("User id").optional(),
  ...Paging,
});
