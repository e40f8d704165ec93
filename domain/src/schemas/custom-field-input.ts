import { z } from "zod";
import { voucherTypesWhere } from "../vouchers/voucher-registry.ts";
import { VOUCHER_TYPES, type VoucherType } from "../vouchers/voucher-type.ts";
import { CivilDateText } from "./dates.ts";
import { buildPaging, CUSTOM_FIELD_LIST_MAX_LIMIT, QueryBoolean } from "./query-values.ts";
import { boundedText, EntityId, optionalText } from "./text-fields.ts";

export const CUSTOM_FIELD_TYPES = ["boolean", "date", "longtext", "shorttext", "number"] as const;

export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** spec 3 "Custom field" display names. */
export const CUSTOM_FIELD_TYPE_LABELS: Readonly<Record<CustomFieldType, string>> = {
  boolean: "Yes/No",
  date: "Date",
  longtext: "Long Text",
  shorttext: "Short Text",
  number: "Number",
};

/**
 * Description limits: Short Text 100, Long Text 500, Number 200 (spec 5). The spec gives none for
 * Yes/No and Date; their values are as short as a number's, so they take Number's 200.
 */
export const CUSTOM_FIELD_DESCRIPTION_LIMITS: Readonly<Record<CustomFieldType, number>> = {
  shorttext: 100,
  longtext: 500,
  number: 200,
  boolean: 200,
  date: 200,
};

/** spec 9: value limits for the text types. */
export const CUSTOM_FIELD_VALUE_LIMITS = { shorttext: 100, longtext: 500 } as const;

/** spec 3: the 12 voucher types, account and item; the modal also handles the last three. */
export const CUSTOM_FIELD_TARGETS = [
  ...VOUCHER_TYPES,
  "account",
  "item",
  "contactperson",
  "client",
  "task",
] as const;

export type CustomFieldTarget = (typeof CUSTOM_FIELD_TARGETS)[number];

/** spec 5: Print in PDF is offered only for these types (the registry's customFieldsPrintable). */
export const PRINTABLE_CUSTOM_FIELD_TARGETS: readonly VoucherType[] = voucherTypesWhere(
  (definition) => definition.customFieldsPrintable,
);

/** spec 5 "Custom field", verbatim. */
export const CUSTOM_FIELD_MESSAGES = {
  nameRequired: "Name is required",
  typeRequired: "Type is required",
  applicableForRequired: "Applicable For is required",
} as const;

export function describeDescriptionLimit(type: CustomFieldType): string {
  return `Description should not be more than ${CUSTOM_FIELD_DESCRIPTION_LIMITS[type]} characters for ${CUSTOM_FIELD_TYPE_LABELS[type]} type`;
}

export const CUSTOM_FIELD_NAME_MAX = 100;

const CustomFieldFields = z.object({
  organisationId: EntityId,
  name: z
    .string({ error: CUSTOM_FIELD_MESSAGES.nameRequired })
    .trim()
    .min(1, CUSTOM_FIELD_MESSAGES.nameRequired)
    .max(CUSTOM_FIELD_NAME_MAX, `Name cannot be more than ${CUSTOM_FIELD_NAME_MAX} characters.`),
  description: optionalText(z.string()),
  type: z.enum(CUSTOM_FIELD_TYPES, { error: CUSTOM_FIELD_MESSAGES.typeRequired }),
  applicableFor: z.enum(CUSTOM_FIELD_TARGETS, {
    error: CUSTOM_FIELD_MESSAGES.applicableForRequired,
  }),
  printInPdf: z.boolean().default(false),
});

function refineCustomField(
  field: { type: CustomFieldType; description?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (
    field.description !== undefined &&
    field.description.length > CUSTOM_FIELD_DESCRIPTION_LIMITS[field.type]
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["description"],
      message: describeDescriptionLimit(field.type),
    });
  }
}

/** Print in PDF is not offered for other targets, so a stale true from the form is dropped. */
function settlePrintInPdf<T extends { applicableFor: CustomFieldTarget; printInPdf: boolean }>(
  field: T,
): T {
  const printable = (PRINTABLE_CUSTOM_FIELD_TARGETS as readonly string[]).includes(
    field.applicableFor,
  );
  return printable ? field : { ...field, printInPdf: false };
}

export const CustomFieldInput =
  CustomFieldFields.superRefine(refineCustomField).transform(settlePrintInPdf);
export type CustomFieldInput = z.infer<typeof CustomFieldInput>;

export const CustomFieldEditInput = CustomFieldFields.extend({ customFieldId: EntityId })
  .superRefine(refineCustomField)
  .transform(settlePrintInPdf);
export type CustomFieldEditInput = z.infer<typeof CustomFieldEditInput>;

/** GET /customfield/getCustomFieldList: the client loads all with limit 10000 (api.md 7). */
export const CustomFieldListQuery = z.object({
  organisationId: EntityId,
  active: QueryBoolean.optional(),
  searchText: optionalText(boundedText(100, "Search text cannot be more than 100 characters.")),
  ...buildPaging(CUSTOM_FIELD_LIST_MAX_LIMIT),
});

export type CustomFieldListQuery = z.infer<typeof CustomFieldListQuery>;

export type CustomFieldValueCheck =
  | { readonly valid: true; readonly value: string }
  | { readonly valid: false; readonly message: string };

export const CUSTOM_FIELD_VALUE_MESSAGES = {
  number: "Value must be a number.",
  date: "Value must be a date in the form YYYY-MM-DD.",
  boolean: "Value must be true or false.",
  shorttext: `Short Text cannot be more than ${CUSTOM_FIELD_VALUE_LIMITS.shorttext} characters.`,
  longtext: `Long Text cannot be more than ${CUSTOM_FIELD_VALUE_LIMITS.longtext} characters.`,
} as const satisfies Record<CustomFieldType, string>;

function isValueOfType(type: CustomFieldType, value: string): boolean {
  switch (type) {
    case "number":
      return /^-?\d+(\.\d+)?$/.test(value);
    case "date":
      return CivilDateText.safeParse(value).success;
    case "boolean":
      return value === "true" || value === "false";
    case "shorttext":
    case "longtext":
      return value.length <= CUSTOM_FIELD_VALUE_LIMITS[type];
  }
}

/**
 * Checks one stored value (always text, spec 3) against its field's type and gives it back trimmed.
 * A blank value means "not set" and is valid.
 */
export function validateCustomFieldValue(
  type: CustomFieldType,
  value: string,
): CustomFieldValueCheck {
  const text = value.trim();
  if (text === "" || isValueOfType(type, text)) return { valid: true, value: text };
  return { valid: false, message: CUSTOM_FIELD_VALUE_MESSAGES[type] };
}
