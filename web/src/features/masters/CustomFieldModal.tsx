import { CUSTOM_FIELD_NAME_MAX, type CustomFieldTarget, type CustomFieldType } from "@bahi/domain";
import { Button, Group, Modal, Radio, SimpleGrid, Stack, Switch } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { fieldErrorsOf } from "../../api/errors.ts";
import { notify } from "../../app/notify.tsx";
import type { FieldErrors } from "../../components/form-validation.ts";
import { SelectInput } from "../../components/inputs/SelectInput.tsx";
import { TextAreaField } from "../../components/inputs/TextAreaField.tsx";
import { TextField } from "../../components/inputs/TextField.tsx";
import {
  type CustomFieldFormValues,
  describeDescriptionProblem,
  descriptionLimit,
  emptyCustomFieldForm,
  formFromCustomField,
  offersPrintInPdf,
  TARGET_OPTIONS,
  TYPE_OPTIONS,
  toCustomFieldPayload,
  validateCustomFieldForm,
} from "./custom-field-form.ts";
import {
  addCustomField,
  type CustomFieldRecord,
  customFieldsKey,
  editCustomField,
  MASTER_TOASTS,
} from "./masters.api.ts";

/** The warning toasts of spec 4 "Custom field modal" when an existing field is changed. */
export const CUSTOM_FIELD_CHANGE_WARNINGS = {
  name: {
    title: "Renaming a custom field",
    message:
      "Values already filled in stay. Documents and lists show the new name from now on, also on entries saved before.",
  },
  printInPdf: {
    title: "Print in PDF changed",
    message: "Documents printed from now on follow the new setting, also for entries saved before.",
  },
} as const;

export type CustomFieldModalState =
  | { mode: "add"; applicableFor?: CustomFieldTarget }
  | { mode: "edit"; field: CustomFieldRecord };

/**
 * spec 2.8 (issue 40: as the spec lays it out: Name, Applicable For as a radio list, Field Type,
 * Description, the Print in PDF toggle) Add/Edit Custom Field and spec 4 "Custom field modal": add opens blank (Applicable
 * For salesInvoice or the preselected target), edit prefills; the button is disabled with a
 * spinner while saving; on success the modal closes with a toast and the list reloads; renaming
 * or changing Print in PDF of an existing field warns. Enter saves except in the description, Esc
 * closes. Type and Applicable For stay fixed once a field exists (the server refuses a change).
 */
export function CustomFieldModal({
  organisationId,
  state,
  onClose,
}: {
  organisationId: string;
  state: CustomFieldModalState;
  onClose: () => void;
}) {
  const field = state.mode === "edit" ? state.field : null;
  const title = field ? "Edit Custom Field" : "Add Custom Field";
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CustomFieldFormValues>(() =>
    field
      ? formFromCustomField(field)
      : emptyCustomFieldForm(state.mode === "add" ? state.applicableFor : undefined),
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const warned = useRef(new Set<keyof typeof CUSTOM_FIELD_CHANGE_WARNINGS>());

  const descriptionProblem = describeDescriptionProblem(values);
  const errors: FieldErrors = {
    ...(submitted ? validateCustomFieldForm(values) : {}),
    ...(descriptionProblem ? { description: descriptionProblem } : {}),
    ...serverErrors,
  };

  function warnOnce(change: keyof typeof CUSTOM_FIELD_CHANGE_WARNINGS) {
    if (!field || warned.current.has(change)) return;
    warned.current.add(change);
    notify({ type: "warn", ...CUSTOM_FIELD_CHANGE_WARNINGS[change] });
  }

  function update(next: Partial<CustomFieldFormValues>) {
    setValues((current) => ({ ...current, ...next }));
    setServerErrors({});
  }

  async function save() {
    if (saving) return;
    setSubmitted(true);
    if (Object.keys(validateCustomFieldForm(values)).length > 0) return;
    setSaving(true);
    const payload = toCustomFieldPayload(values, organisationId);
    try {
      if (field) {
        await editCustomField({ ...payload, customFieldId: field._id, version: field.version });
        notify({ type: "success", ...MASTER_TOASTS.customFieldEdited });
      } else {
        const answer = await addCustomField(payload);
        notify({ type: "success", title: MASTER_TOASTS.customFieldAdded, message: answer.message });
      }
      void queryClient.invalidateQueries({ queryKey: customFieldsKey(organisationId) });
      onClose();
    } catch (error) {
      setServerErrors(fieldErrorsOf(error));
      setSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} closeOnClickOutside={false} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <TextField
            label="Name"
            required
            data-autofocus
            caseMode="title"
            maxChars={CUSTOM_FIELD_NAME_MAX}
            value={values.name}
            onChange={(name) => {
              if (field && name !== field.name) warnOnce("name");
              update({ name });
            }}
            error={errors.name}
          />
          <Radio.Group
            label="Applicable For"
            required
            value={values.applicableFor || null}
            onChange={(target) => update({ applicableFor: target as CustomFieldTarget })}
            error={errors.applicableFor}
          >
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={6} verticalSpacing={6} mt={6}>
              {TARGET_OPTIONS.map((option) => (
                <Radio
                  key={option.value}
                  value={option.value}
                  label={option.label}
                  size="xs"
                  disabled={field !== null}
                />
              ))}
            </SimpleGrid>
          </Radio.Group>
          <SelectInput
            label="Field Type"
            required
            placeholder="Select type"
            data={TYPE_OPTIONS}
            value={values.type || null}
            disabled={field !== null}
            onChange={(type) => update({ type: (type as CustomFieldType | null) ?? "" })}
            error={errors.type}
          />
          <TextAreaField
            label="Description"
            maxChars={descriptionLimit(values.type)}
            enforceMax={false}
            value={values.description}
            onChange={(description) => update({ description })}
            error={errors.description}
          />
          {offersPrintInPdf(values.applicableFor) && (
            <Switch
              label="Print in PDF"
              checked={values.printInPdf}
              onChange={(event) => {
                const printInPdf = event.currentTarget.checked;
                if (field && printInPdf !== field.printInPdf) warnOnce("printInPdf");
                update({ printInPdf });
              }}
            />
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={saving}>
              {field ? "Update" : "Save"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
