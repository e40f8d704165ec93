import {
  type CleanListFilter,
  findPlaceOfSupply,
  type InvoiceStatus,
  isInvoiceStatus,
  type ListFilterField,
  type ListFilterFieldSpec,
  labelInvoiceStatus,
  type PartySide,
} from "@bahi/domain";
import { FILTER_CHOICES } from "./filter-form.ts";
import { formatCivilDate, formatRupeeValue } from "./format-values.ts";

export interface FilterChip {
  key: string;
  field: ListFilterField;
  customFieldId?: string;
  label: string;
}

/** Labels for fields no type's dialog lists (spec 3 names them; the registry attaches them nowhere). */
const FALLBACK_LABELS: Partial<Record<ListFilterField, string>> = {
  side: "Side",
  transactionType: "Transaction Type",
};

export interface ChipContext {
  fields: readonly ListFilterFieldSpec[];
  accountNames: ReadonlyMap<string, string>;
  customFieldNames: ReadonlyMap<string, string>;
  partySide: PartySide | null;
}

/** spec 3: custom-field values 'true' and 'false' are shown as Yes and No. */
export function describeCustomFieldValue(value: string): string {
  return value === "true" ? "Yes" : value === "false" ? "No" : value;
}

function describeValue(field: ListFilterField, value: unknown, context: ChipContext): string {
  const name = (id: unknown) =>
    typeof id === "string" ? (context.accountNames.get(id) ?? "Unknown account") : "";
  switch (field) {
    case "dateFrom":
    case "dateTo":
      return formatCivilDate(value);
    case "amountFrom":
    case "amountTo":
      return formatRupeeValue(value);
    case "placeOfSupply": {
      const place = typeof value === "string" ? findPlaceOfSupply(value) : undefined;
      return place ? `${place.code} - ${place.name}` : String(value);
    }
    case "rcmApplicable":
    case "side":
      return (
        FILTER_CHOICES[field]?.find((choice) => choice.value === value)?.label ?? String(value)
      );
    case "account":
    case "paidAccountId":
    case "receivedAccountId":
    case "transferFrom":
    case "transferTo":
      return name(value);
    case "debitAccountIds":
    case "creditAccountIds":
    case "receivedFromAccountIds":
    case "paymentForAccountIds":
      return Array.isArray(value) ? value.map(name).join(", ") : "";
    case "statusFilters":
      return Array.isArray(value)
        ? value
            .filter((status): status is InvoiceStatus => isInvoiceStatus(String(status)))
            .map((status) => labelInvoiceStatus(status, context.partySide ?? "customer"))
            .join(", ")
        : "";
    default:
      return String(value);
  }
}

/** spec 2.5: applied filters as removable chips under 'Applied Filters:'. */
export function describeFilterChips(
  filters: CleanListFilter | undefined,
  context: ChipContext,
): FilterChip[] {
  if (!filters) return [];
  const labelOf = (field: ListFilterField) =>
    context.fields.find((spec) => spec.field === field)?.label ?? FALLBACK_LABELS[field] ?? field;
  const chips: FilterChip[] = [];
  for (const [key, value] of Object.entries(filters)) {
    const field = key as ListFilterField;
    if (value === undefined) continue;
    if (field === "customFields") {
      for (const [id, fieldValue] of Object.entries(value as Record<string, string>)) {
        chips.push({
          key: `customFields.${id}`,
          field,
          customFieldId: id,
          label: `${context.customFieldNames.get(id) ?? "Custom field"}: ${describeCustomFieldValue(fieldValue)}`,
        });
      }
      continue;
    }
    chips.push({ key, field, label: `${labelOf(field)}: ${describeValue(field, value, context)}` });
  }
  // In the dialog's order.
  const order = (chip: FilterChip) => {
    const index = context.fields.findIndex((spec) => spec.field === chip.field);
    return index < 0 ? context.fields.length : index;
  };
  return chips.sort((a, b) => order(a) - order(b));
}
