import { CUSTOM_FIELD_VALUE_LIMITS, type CustomFieldTarget } from "@bahi/domain";
import { Grid, type GridColProps, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import type { FieldErrors } from "../../components/form-validation.ts";
import { IndianDateField } from "../../components/inputs/IndianDateField.tsx";
import { SelectInput } from "../../components/inputs/SelectInput.tsx";
import { TextAreaField } from "../../components/inputs/TextAreaField.tsx";
import { TextField } from "../../components/inputs/TextField.tsx";
import { type CustomFieldRecord, useCustomFields } from "./masters.api.ts";

/**
 * The organisation's active custom fields for an account, an item or a voucher type, as inputs
 * of their type (spec 3 "Custom field": Yes/No kept as 'true'/'false', dates as YYYY-MM-DD).
 * A long text takes the whole row; the others share it (`shortSpan`).
 */
export function CustomFieldInputs({
  organisationId,
  applicableFor,
  values,
  errors,
  readOnly = false,
  shortSpan,
  onChange,
}: {
  organisationId: string;
  applicableFor: CustomFieldTarget;
  values: Record<string, string>;
  errors: FieldErrors;
  readOnly?: boolean;
  shortSpan: GridColProps["span"];
  onChange: (id: string, value: string) => void;
}) {
  const fields = useCustomFields(organisationId, { active: true, applicableFor });
  if (!fields.data?.length) return null;
  return (
    <Grid columns={24} gap="sm">
      {fields.data.map((field) => (
        <Grid.Col key={field._id} span={field.type === "longtext" ? 24 : shortSpan}>
          <CustomFieldInput
            field={field}
            value={values[field._id] ?? ""}
            error={errors[`customFieldValues.${field._id}`]}
            readOnly={readOnly}
            onChange={(value) => onChange(field._id, value)}
          />
        </Grid.Col>
      ))}
    </Grid>
  );
}

function CustomFieldInput({
  field,
  value,
  error,
  readOnly,
  onChange,
}: {
  field: CustomFieldRecord;
  value: string;
  error: string | undefined;
  readOnly: boolean;
  onChange: (value: string) => void;
}): ReactNode {
  const common = {
    label: field.name,
    description: field.description ?? undefined,
    error,
    disabled: readOnly,
  };
  switch (field.type) {
    case "boolean":
      return (
        <SelectInput
          {...common}
          searchable={false}
          clearable
          data={[
            { value: "true", label: "Yes" },
            { value: "false", label: "No" },
          ]}
          value={value || null}
          onChange={(next) => onChange(next ?? "")}
        />
      );
    case "date":
      return <IndianDateField {...common} value={value} onChange={onChange} />;
    case "number":
      return (
        <TextInput
          {...common}
          inputMode="decimal"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value.replace(/[^0-9.-]/g, ""))}
        />
      );
    case "longtext":
      return (
        <TextAreaField
          {...common}
          maxChars={CUSTOM_FIELD_VALUE_LIMITS.longtext}
          value={value}
          onChange={onChange}
        />
      );
    default:
      return (
        <TextField
          {...common}
          maxChars={CUSTOM_FIELD_VALUE_LIMITS.shorttext}
          value={value}
          onChange={onChange}
        />
      );
  }
}
