import type { CustomFieldTarget } from "@bahi/domain";
import { Button, Group, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { TextField } from "../../components/inputs/TextField.tsx";
import { CustomFieldInputs } from "./CustomFieldInputs.tsx";
import type { MasterForm, MasterFormValues, SaveAfter } from "./use-master-form.ts";

/**
 * The form of an Add/Edit master modal (spec 4): its own fields, then the organisation's custom
 * fields, then Cancel and Update in edit mode, or Save & New (or Save & Copy) and Save & Close in
 * add mode. Enter saves and closes.
 */
export function MasterModalForm<V extends MasterFormValues>({
  form,
  organisationId,
  customFieldsFor,
  editing,
  moreLabel,
  children,
}: {
  form: MasterForm<V>;
  organisationId: string;
  customFieldsFor: Extract<CustomFieldTarget, "account" | "item">;
  editing: boolean;
  /** "Save & New" or "Save & Copy". */
  moreLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.save("close");
      }}
    >
      <Stack gap="md">
        {children}
        <CustomFieldInputs
          organisationId={organisationId}
          applicableFor={customFieldsFor}
          values={form.values.customFieldValues}
          errors={form.errors}
          shortSpan={{ base: 24, sm: 12 }}
          onChange={(id, value) =>
            form.update(
              (current) => ({
                ...current,
                customFieldValues: { ...current.customFieldValues, [id]: value },
              }),
              [],
            )
          }
        />
        <MasterModalFooter
          editing={editing}
          saving={form.saving}
          moreLabel={moreLabel}
          onMore={() => void form.save("more")}
          onCancel={form.onClose}
        />
      </Stack>
    </form>
  );
}

function MasterModalFooter({
  editing,
  saving,
  moreLabel,
  onMore,
  onCancel,
}: {
  editing: boolean;
  saving: SaveAfter | null;
  moreLabel: string;
  onMore: () => void;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={saving !== null}>
        Cancel
      </Button>
      {editing ? (
        <Button type="submit" loading={saving !== null}>
          Update
        </Button>
      ) : (
        <>
          <Button
            variant="light"
            onClick={onMore}
            loading={saving === "more"}
            disabled={saving !== null}
          >
            {moreLabel}
          </Button>
          <Button type="submit" loading={saving === "close"} disabled={saving !== null}>
            Save & Close
          </Button>
        </>
      )}
    </Group>
  );
}

/** The required name of an account or item, checked against both when the field is left. */
export function MasterNameField<V extends MasterFormValues>({
  form,
  label,
  maxChars,
}: {
  form: MasterForm<V>;
  label: string;
  maxChars: number;
}) {
  return (
    <TextField
      ref={form.nameInput}
      label={label}
      required
      data-autofocus
      caseMode="title"
      maxChars={maxChars}
      value={form.values.name}
      onChange={form.changeName}
      onBlur={() => void form.checkName()}
      error={form.errors.name}
    />
  );
}
