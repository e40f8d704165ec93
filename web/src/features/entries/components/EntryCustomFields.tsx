import type { VoucherType } from "@bahi/domain";
import { Grid, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import type { FieldErrors } from "../../../components/form-validation.ts";
import { SelectInput } from "../../../components/inputs/SelectInput.tsx";
import { TextAreaField } from "../../../components/inputs/TextAreaField.tsx";
import { TextField } from "../../../components/inputs/TextField.tsx";
import { useCustomFields } from "../../masters/masters.api.ts";

/**
 * The organisation's active custom fields for this voucher type (spec 3 "Custom field":
 * applicableFor is the type; Yes/No kept as 'true'/'false', dates as YYYY-MM-DD).
 */
export function EntryCustomFields({
  type,
  organisationId,
  values,
  errors,
  readOnly,
  onChange,
}: {
  type: VoucherType;
  organisationId: string;
  values: Record<string, string>;
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (id: string, value: string) => void;
}) {
  const fields = useCustomFields(organisationId, { active: true, applicableFor: type });
  if (!fields.data?.length) return null;
  return (
    <Grid columns={24} gap="sm">
      {fields.data.map((field) => {
        const common = {
          label: field.name,
          description: field.description ?? undefined,
          error: errors[`customFieldValues.${field._id}`],
          disabled: readOnly,
        };
        const value = values[field._id] ?? "";
        let input: ReactNode;
        switch (field.type) {
          case "boolean":
            input = (
              <SelectInput
                {...common}
                searchable={false}
                clearable
                data={[
                  { value: "true", label: "Yes" },
                  { value: "false", label: "No" },
                ]}
                value={value || null}
                onChange={(next) => onChange(field._id, next ?? "")}
              />
            );
            break;
          case "date":
            input = (
              <TextInput
                {...common}
                type="date"
                value={value}
                onChange={(event) => onChange(field._id, event.currentTarget.value)}
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
                  onChange(field._id, event.currentTarget.value.replace(/[^0-9.-]/g, ""))
                }
              />
            );
            break;
          case "longtext":
            input = (
              <TextAreaField
                {...common}
                maxChars={500}
                value={value}
                onChange={(next) => onChange(field._id, next)}
              />
            );
            break;
          default:
            input = (
              <TextField
                {...common}
                maxChars={100}
                value={value}
                onChange={(next) => onChange(field._id, next)}
              />
            );
        }
        return (
          <Grid.Col key={field._id} span={{ base: 24, md: field.type === "longtext" ? 24 : 8 }}>
            {input}
          </Grid.Col>
        );
      })}
    </Grid>
  );
}
