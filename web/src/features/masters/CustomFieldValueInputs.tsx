import { CUSTOM_FIELD_VALUE_LIMITS, type CustomFieldTarget } from "@bahi/domain";
import { Grid, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import type { FieldErrors } from "../../components/form-validation.ts";
import { SelectInput } from "../../components/inputs/SelectInput.tsx";
import { TextAreaField } from "../../components/inputs/TextAreaField.tsx";
import { TextField } from "../../components/inputs/TextField.tsx";
import { useCustomFields } from "./masters.api.ts";

/**
 * The organisation's active custom fields for accounts or items, as inputs of their type
 * (spec 3 "Custom field": Yes/No stored as 'true'/'false', dates YYYY-MM-DD).
 */
export function CustomFieldValueInputs({
  organisationId,
  target,
  values,
  errors,
  onChange,
}: {
  organisationId: string;
  target: Extract<CustomFieldTarget, "account" | "item">;
  values: Record<string, string>;
  errors: FieldErrors;
  onChange: (values: Record<string, string>) => void;
}) {
  const fields = useCustomFields(organisationId, { active: true, applicableFor: target });
  if (!fields.data?.length) return null;
  const set = (id: string, value: string) => onChange({ ...values, [id]: value });
  return (
    <Grid columns={24} gap="sm">
      {fields.data.map((field) => {
        const common = {
          label: field.name,
          description: field.description ?? undefined,
          error: errors[`customFieldValues.${field._id}`],
        };
        const value = values[field._id] ?? "";
        let input: ReactNode;
        switch (field.type) {
          case "boolean":
            input = (
              <SelectInput
                {...common}
                searchable={false}
                data={[
                  { value: "true", label: "Yes" },
                  { value: "false", label: "No" },
                ]}
                value={value || null}
                onChange={(next) => set(field._id, next ?? "")}
                clearable
              />
            );
            break;
          case "date":
            input = (
              <TextInput
                {...common}
                type="date"
                value={value}
                onChange={(event) => set(field._id, event.currentTarget.value)}
              />
            );
            break;
          case "number":
            input = (
              <TextInput
                {...common}
                inputMode="decimal"
                value={value}
                onChange={(event) =>
                  set(field._id, event.currentTarget.value.replace(/[^0-9.-]/g, ""))
                }
              />
            );
            break;
          case "longtext":
            input = (
              <TextAreaField
                {...common}
                maxChars={CUSTOM_FIELD_VALUE_LIMITS.longtext}
                value={value}
                onChange={(next) => set(field._id, next)}
              />
            );
            break;
          case "shorttext":
            input = (
              <TextField
                {...common}
                maxChars={CUSTOM_FIELD_VALUE_LIMITS.shorttext}
                value={value}
                onChange={(next) => set(field._id, next)}
              />
            );
            break;
        }
        return (
          <Grid.Col key={field._id} span={{ base: 24, sm: field.type === "longtext" ? 24 : 12 }}>
            {input}
          </Grid.Col>
        );
      })}
    </Grid>
  );
}
