import {
  CUSTOM_FIELD_TYPES,
  type CustomFieldTarget,
  type CustomFieldType,
  getVoucherDefinition,
  isVoucherType,
  validateCustomFieldValue,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { badRequest, type FieldError } from "../../http/errors.ts";
import { findCustomFieldsByIds } from "./custom-fields.repository.ts";

const OTHER_TARGET_TITLES: Record<string, string> = {
  account: "Account",
  item: "Item",
  contactperson: "Contact Person",
  client: "Client",
  task: "Task",
};

/** 'Sales Invoice', 'Account', … for messages about what a field is applicable for. */
export function describeCustomFieldTarget(target: string): string {
  if (isVoucherType(target)) return getVoucherDefinition(target).titles.singular;
  return OTHER_TARGET_TITLES[target] ?? target;
}

function isCustomFieldType(type: string): type is CustomFieldType {
  return (CUSTOM_FIELD_TYPES as readonly string[]).includes(type);
}

export type CustomFieldValueMap = Record<string, string>;

/**
 * Checks the custom field values sent with a record (spec 3 `customFieldValues`: field id → text)
 * against the organisation's fields: each must exist, be live and active, be applicable to this
 * kind of record, and hold a value of its type (domain's validateCustomFieldValue). Blank values
 * mean "not set" and are dropped. A value the record already held is kept as it is even if its
 * field has since been made inactive or deleted (spec api §7: values on records are kept), so an
 * old record can still be edited. Gives the values to store; throws a 400 naming every bad one.
 *
 * Accounts and items call it now; the voucher engine is to call it for vouchers.
 */
export async function validateCustomFieldValues(
  db: Kysely<Database>,
  organisationId: string,
  applicableFor: CustomFieldTarget,
  values: Readonly<Record<string, string>> | undefined,
  options: { previous?: Readonly<Record<string, string>> } = {},
): Promise<CustomFieldValueMap> {
  const entries = Object.entries(values ?? {});
  if (entries.length === 0) return {};
  const fields = new Map(
    (
      await findCustomFieldsByIds(
        db,
        organisationId,
        entries.map(([id]) => id),
      )
    ).map((field) => [field.id, field]),
  );
  const previous = options.previous ?? {};
  const kept: CustomFieldValueMap = {};
  const errors: FieldError[] = [];
  for (const [id, raw] of entries) {
    const path = `customFieldValues.${id}`;
    const field = fields.get(id);
    const text = raw.trim();
    if (!field) {
      errors.push({ path, message: "This custom field does not exist in the organisation." });
      continue;
    }
    if (text === "") continue;
    if (previous[id] === text) {
      kept[id] = text;
      continue;
    }
    if (field.deleted_at) {
      errors.push({ path, message: `The custom field "${field.name}" has been deleted.` });
      continue;
    }
    if (field.active !== 1) {
      errors.push({
        path,
        message: `The custom field "${field.name}" is inactive; make it active to fill it in.`,
      });
      continue;
    }
    if (field.applicable_for !== applicableFor) {
      errors.push({
        path,
        message: `The custom field "${field.name}" is for ${describeCustomFieldTarget(field.applicable_for)}, not for ${describeCustomFieldTarget(applicableFor)}.`,
      });
      continue;
    }
    if (!isCustomFieldType(field.type)) {
      errors.push({ path, message: `The custom field "${field.name}" has an unknown type.` });
      continue;
    }
    const check = validateCustomFieldValue(field.type, text);
    if (!check.valid) {
      errors.push({ path, message: `${field.name}: ${check.message}` });
      continue;
    }
    kept[id] = check.value;
  }
  const first = errors[0];
  if (first) throw badRequest(first.message, errors);
  return kept;
}
