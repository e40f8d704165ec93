import {
  type CleanListFilter,
  type ListFilterField,
  type ListFilterFieldSpec,
  todayCivil,
} from "@bahi/domain";
import { Button, Group, Modal, SimpleGrid } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { memo, useState } from "react";
import { type FilterFieldContext, FilterFieldInput } from "./FilterFieldInput.tsx";
import {
  applyFilterDraft,
  draftFromFilters,
  type FilterDraft,
  filterFieldKind,
} from "./filter-form.ts";

/** spec 2.8 Filter dialog, with the rules of spec 5 "List filter dialog". */
export const FilterDialog = memo(function FilterDialog({
  opened,
  fields,
  filters,
  context,
  onApply,
  onClose,
}: {
  opened: boolean;
  fields: readonly ListFilterFieldSpec[];
  filters: CleanListFilter | undefined;
  context: FilterFieldContext;
  onApply: (filters: CleanListFilter | undefined) => void;
  onClose: () => void;
}) {
  const small = useMediaQuery("(max-width: 48em)") ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title="Filter" size="lg" fullScreen={small}>
      {opened && (
        <FilterForm
          fields={fields}
          filters={filters}
          context={context}
          onApply={onApply}
          onClose={onClose}
        />
      )}
    </Modal>
  );
});

function FilterForm({
  fields,
  filters,
  context,
  onApply,
  onClose,
}: {
  fields: readonly ListFilterFieldSpec[];
  filters: CleanListFilter | undefined;
  context: FilterFieldContext;
  onApply: (filters: CleanListFilter | undefined) => void;
  onClose: () => void;
}) {
  const dateCustomFields = context.customFields
    .filter((field) => field.type === "date")
    .map((field) => field._id);
  const [draft, setDraft] = useState<FilterDraft>(() =>
    draftFromFilters(filters, dateCustomFields),
  );
  const [errors, setErrors] = useState<Partial<Record<ListFilterField, string>>>({});
  // Custom fields only of this type; the field has nothing to show without any.
  const shown = fields.filter(
    (spec) => spec.field !== "customFields" || context.customFields.length > 0,
  );
  const wide = (spec: ListFilterFieldSpec) =>
    ["longText", "accounts", "status", "customFields"].includes(filterFieldKind(spec.field));

  const apply = () => {
    const result = applyFilterDraft(draft, {
      year: context.year,
      today: todayCivil(),
      dateCustomFields,
    });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    onApply(result.filters);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {shown.map((spec) => (
          <div key={spec.field} style={wide(spec) ? { gridColumn: "1 / -1" } : undefined}>
            <FilterFieldInput
              spec={spec}
              draft={draft}
              error={errors[spec.field]}
              context={context}
              onChange={(patch) => {
                setDraft((current) => ({ ...current, ...patch }));
                setErrors({});
              }}
            />
          </div>
        ))}
      </SimpleGrid>
      <Group justify="space-between" mt="lg">
        <Button
          variant="subtle"
          onClick={() => {
            setDraft({});
            setErrors({});
          }}
        >
          Reset
        </Button>
        <Group>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Apply</Button>
        </Group>
      </Group>
    </form>
  );
}
