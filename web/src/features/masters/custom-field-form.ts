import {
  CUSTOM_FIELD_DESCRIPTION_LIMITS,
  CUSTOM_FIELD_MESSAGES,
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_TARGETS,
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  type CustomFieldTarget,
  type CustomFieldType,
  describeDescriptionLimit,
  isVoucherType,
  PRINTABLE_CUSTOM_FIELD_TARGETS,
  VOUCHER_REGISTRY,
} from "@bahi/domain";
import type { FieldErrors } from "../../components/form-validation.ts";
import type { CustomFieldPayload, CustomFieldRecord } from "./masters.api.ts";

export interface CustomFieldFormValues {
  name: string;
  description: string;
  type: CustomFieldType | "";
  applicableFor: CustomFieldTarget | "";
  printInPdf: boolean;
}

/** spec 4: Add opens blank with Applicable For salesInvoice, or the preselected one. */
export function emptyCustomFieldForm(
  applicableFor: CustomFieldTarget = "salesInvoice",
): CustomFieldFormValues {
  return { name: "", description: "", type: "", applicableFor, printInPdf: false };
}

export function formFromCustomField(field: CustomFieldRecord): CustomFieldFormValues {
  return {
    name: field.name,
    description: field.description ?? "",
    type: field.type,
    applicableFor: field.applicableFor,
    printInPdf: field.printInPdf,
  };
}

const OTHER_TARGET_LABELS: Record<string, string> = {
  account: "Account",
  item: "Item",
  contactperson: "Contact Person",
  client: "Client",
  task: "Task",
};

export function describeTarget(target: CustomFieldTarget): string {
  return isVoucherType(target)
    ? VOUCHER_REGISTRY[target].titles.singular
    : (OTHER_TARGET_LABELS[target] ?? target);
}

export const TARGET_OPTIONS = CUSTOM_FIELD_TARGETS.map((target) => ({
  value: target,
  label: describeTarget(target),
}));

export const TYPE_OPTIONS = CUSTOM_FIELD_TYPES.map((type) => ({
  value: type,
  label: CUSTOM_FIELD_TYPE_LABELS[type],
}));

/** spec 5: Print in PDF is shown only for the documents that print custom fields. */
export function offersPrintInPdf(target: CustomFieldTarget | ""): boolean {
  return (PRINTABLE_CUSTOM_FIELD_TARGETS as readonly string[]).includes(target);
}

/** The description limit of a type (spec 5: 100 Short Text, 500 Long Text, 200 Number). */
export function descriptionLimit(type: CustomFieldType | ""): number | undefined {
  return type === "" ? undefined : CUSTOM_FIELD_DESCRIPTION_LIMITS[type];
}

/** spec 5 "Custom field", with its messages verbatim. */
export function validateCustomFieldForm(values: CustomFieldFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const name = values.name.trim();
  if (name === "") errors.name = CUSTOM_FIELD_MESSAGES.nameRequired;
  else if (name.length > CUSTOM_FIELD_NAME_MAX)
    errors.name = `Name cannot be more than ${CUSTOM_FIELD_NAME_MAX} characters.`;
  if (values.type === "") errors.type = CUSTOM_FIELD_MESSAGES.typeRequired;
  if (values.applicableFor === "")
    errors.applicableFor = CUSTOM_FIELD_MESSAGES.applicableForRequired;
  const descriptionError = describeDescriptionProblem(values);
  if (descriptionError) errors.description = descriptionError;
  return errors;
}

/** 'Description should not be more than N characters for X type' once the text is too long. */
export function describeDescriptionProblem(values: CustomFieldFormValues): string | null {
  const limit = descriptionLimit(values.type);
  if (values.type === "" || limit === undefined) return null;
  return values.description.trim().length > limit ? describeDescriptionLimit(values.type) : null;
}

export function toCustomFieldPayload(
  values: CustomFieldFormValues,
  organisationId: string,
): CustomFieldPayload {
  return {
    organisationId,
    name: values.name,
    description: values.description,
    type: values.type,
    applicableFor: values.applicableFor,
    printInPdf: offersPrintInPdf(values.applicableFor) && values.printInPdf,
  };
}
