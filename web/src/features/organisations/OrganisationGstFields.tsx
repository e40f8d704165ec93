import { GST_REGISTRATION_TYPES, type GstRegistrationType, isValidGstin } from "@bahi/domain";
import { Select, Switch, TextInput } from "@mantine/core";
import type { FieldErrors } from "../../components/form-validation.ts";
import { GstinInput } from "../../components/inputs/GstinInput.tsx";
import { describeGstinState } from "./gstin-state.ts";

const REGISTERED_TYPES = GST_REGISTRATION_TYPES.filter((type) => type.value !== "unregistered").map(
  (type) => ({ value: type.value, label: type.label }),
);

export interface GstValues {
  gstRegistered: boolean;
  gstin: string;
  gstRegType: GstRegistrationType | "";
}

/**
 * GST registered, GSTIN (spec 5), the state read from it, and the registration type. A valid
 * GSTIN marks the organisation registered (as Regular unless a type was chosen).
 */
export function OrganisationGstFields({
  values,
  errors,
  onChange,
}: {
  values: GstValues;
  errors: FieldErrors;
  onChange: (values: GstValues) => void;
}) {
  const changeGstin = (gstin: string) => {
    const registers = isValidGstin(gstin) && !values.gstRegistered;
    onChange({
      ...values,
      gstin,
      ...(registers ? { gstRegistered: true, gstRegType: values.gstRegType || "regular" } : {}),
    });
  };
  return (
    <>
      <Switch
        label="GST registered"
        checked={values.gstRegistered}
        onChange={(event) => {
          const gstRegistered = event.currentTarget.checked;
          onChange({
            ...values,
            gstRegistered,
            gstRegType: gstRegistered ? values.gstRegType : "",
          });
        }}
      />
      <GstinInput value={values.gstin} onChange={changeGstin} error={errors.gstin} />
      <TextInput label="State" value={describeGstinState(values.gstin)} readOnly variant="filled" />
      {values.gstRegistered && (
        <Select
          label="GST registration type"
          placeholder="Choose the type"
          data={REGISTERED_TYPES}
          value={values.gstRegType || null}
          onChange={(value) =>
            onChange({ ...values, gstRegType: (value as GstRegistrationType | null) ?? "" })
          }
          error={errors.gstRegType}
          required
        />
      )}
    </>
  );
}
