import {
  type ListFilterFieldSpec,
  labelInvoiceStatus,
  listInvoiceStatuses,
  type PartySide,
  PLACES_OF_SUPPLY,
} from "@bahi/domain";
import { Checkbox, Group, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { AccountMultiSelect } from "./AccountMultiSelect.tsx";
import { FilterDateInput } from "./FilterDateInput.tsx";
import {
  FILTER_CHOICES,
  type FilterDraft,
  filterFieldKind,
  NARRATION_FILTER_MAX,
} from "./filter-form.ts";
import type { ListAccount, ListCustomField } from "./lists.api.ts";

export interface FilterFieldContext {
  year: string;
  accounts: readonly ListAccount[];
  customFields: readonly ListCustomField[];
  partySide: PartySide | null;
}

const PLACE_OPTIONS = PLACES_OF_SUPPLY.map((place) => ({
  value: place.code,
  label: `${place.code} - ${place.name}`,
}));

const YES_NO = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

/** One field of the filter dialog, drawn by the kind of its Filter key. */
export function FilterFieldInput({
  spec,
  draft,
  error,
  context,
  onChange,
}: {
  spec: ListFilterFieldSpec;
  draft: FilterDraft;
  error: string | undefined;
  context: FilterFieldContext;
  onChange: (patch: FilterDraft) => void;
}) {
  const field = spec.field;
  const text = (draft[field] as string | undefined) ?? "";
  const set = (value: unknown) => onChange({ [field]: value } as FilterDraft);
  switch (filterFieldKind(field)) {
    case "date":
      return (
        <FilterDateInput
          label={spec.label}
          value={text}
          year={context.year}
          error={error}
          onChange={set}
        />
      );
    case "amount":
      return (
        <TextInput
          label={spec.label}
          inputMode="decimal"
          value={text}
          error={error}
          onChange={(event) => set(event.currentTarget.value)}
        />
      );
    case "longText":
      return (
        <Textarea
          label={spec.label}
          autosize
          minRows={2}
          maxRows={6}
          value={text}
          error={error}
          description={`${text.length} / ${NARRATION_FILTER_MAX}`}
          inputWrapperOrder={["label", "input", "description", "error"]}
          onChange={(event) => set(event.currentTarget.value)}
        />
      );
    case "placeOfSupply":
      return (
        <Select
          label={spec.label}
          data={PLACE_OPTIONS}
          searchable
          clearable
          value={text || null}
          error={error}
          onChange={(value) => set(value ?? "")}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case "choice":
      return (
        <Select
          label={spec.label}
          data={FILTER_CHOICES[field] ?? []}
          allowDeselect={false}
          value={text || (FILTER_CHOICES[field]?.[0]?.value ?? null)}
          error={error}
          onChange={(value) => set(value ?? "")}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case "account":
    case "accounts":
      return (
        <AccountMultiSelect
          label={spec.label}
          accounts={context.accounts}
          restriction={spec.natures}
          multiple={filterFieldKind(field) === "accounts"}
          value={draft[field] as string | string[] | undefined}
          onChange={set}
        />
      );
    case "status":
      return (
        <Checkbox.Group
          label={spec.label}
          value={(draft.statusFilters as string[] | undefined) ?? []}
          onChange={set}
          error={error}
        >
          <Group mt={6}>
            {listInvoiceStatuses(context.partySide ?? "customer").map((status) => (
              <Checkbox
                key={status}
                value={status}
                label={labelInvoiceStatus(status, context.partySide ?? "customer")}
              />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case "customFields":
      return <CustomFieldInputs draft={draft} context={context} onChange={onChange} />;
    default:
      return (
        <TextInput
          label={spec.label}
          value={text}
          error={error}
          onChange={(event) => set(event.currentTarget.value)}
        />
      );
  }
}

function CustomFieldInputs({
  draft,
  context,
  onChange,
}: {
  draft: FilterDraft;
  context: FilterFieldContext;
  onChange: (patch: FilterDraft) => void;
}) {
  if (context.customFields.length === 0) return null;
  const values = draft.customFields ?? {};
  const set = (id: string, value: string) => onChange({ customFields: { ...values, [id]: value } });
  return (
    <Stack gap="sm">
      {context.customFields.map((field) => {
        const value = values[field._id] ?? "";
        if (field.type === "boolean") {
          return (
            <Select
              key={field._id}
              label={field.name}
              data={YES_NO}
              clearable
              value={value || null}
              onChange={(next) => set(field._id, next ?? "")}
              comboboxProps={{ withinPortal: true }}
            />
          );
        }
        if (field.type === "date") {
          return (
            <FilterDateInput
              key={field._id}
              label={field.name}
              value={value}
              year={context.year}
              onChange={(next) => set(field._id, next)}
            />
          );
        }
        return (
          <TextInput
            key={field._id}
            label={field.name}
            value={value}
            onChange={(event) => set(field._id, event.currentTarget.value)}
          />
        );
      })}
    </Stack>
  );
}
