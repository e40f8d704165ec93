import { type Dispatch, type SetStateAction, useRef, useState } from "react";
import { fieldErrorsOf } from "../../api/errors.ts";
import type { FieldErrors } from "../../components/form-validation.ts";
import { ACCOUNT_NAME_TAKEN } from "./account-form.ts";
import { checkAccountName } from "./masters.api.ts";

/** Save & Close closes the modal; Save & New and Save & Copy keep it open for one more. */
export type SaveAfter = "close" | "more";

export interface MasterFormValues {
  name: string;
  customFieldValues: Record<string, string>;
}

/**
 * The state every Add/Edit master modal shares (spec 4): errors shown once a save was tried,
 * the server's field errors until that field changes, the name checked on leaving it (accounts
 * and items share one namespace, spec 5 "Item"), and one save at a time.
 */
export function useMasterForm<V extends MasterFormValues>({
  organisationId,
  recordId,
  values,
  setValues,
  validate,
  persist,
  onSavedForMore,
  onClose,
}: {
  organisationId: string;
  /** The record being edited, whose own name is not taken. */
  recordId: string | undefined;
  values: V;
  setValues: Dispatch<SetStateAction<V>>;
  validate: (values: V) => FieldErrors;
  /** Adds or edits the record, says so and refreshes what shows it; throws what the server refused. */
  persist: (after: SaveAfter) => Promise<void>;
  /** What Save & New or Save & Copy leaves in the form, and how the name field takes the focus. */
  onSavedForMore: (nameInput: HTMLInputElement | null) => void;
  onClose: () => void;
}) {
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [nameTaken, setNameTaken] = useState<string | null>(null);
  const [saving, setSaving] = useState<SaveAfter | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const errors: FieldErrors = { ...(submitted ? validate(values) : {}), ...serverErrors };
  if (nameTaken) errors.name = nameTaken;

  function update(change: (current: V) => V, fields: string[]) {
    setValues(change);
    setServerErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }

  /**
   * A field's value, change handler and error, for the common input:
   * `<AmountInput label="Selling Price" {...field("sellingPricePaise", "standardSellingPrice")} />`.
   * `errorKey` is the field's name in the validation and the server's errors, where it differs.
   */
  function field<K extends keyof V & string>(key: K, errorKey: string = key) {
    return {
      value: values[key],
      onChange: (value: V[K]) => update((current) => ({ ...current, [key]: value }), [errorKey]),
      error: errors[errorKey],
    };
  }

  function changeName(name: string) {
    setNameTaken(null);
    update((current) => ({ ...current, name }), ["name"]);
  }

  async function checkName() {
    const name = values.name.trim();
    if (name === "") return;
    const answer = await checkAccountName(organisationId, name, recordId).catch(() => null);
    if (answer && !answer.available) setNameTaken(answer.message ?? ACCOUNT_NAME_TAKEN);
  }

  async function save(after: SaveAfter) {
    if (saving) return;
    setSubmitted(true);
    if (Object.keys(validate(values)).length > 0 || nameTaken) return;
    setSaving(after);
    try {
      await persist(after);
      if (after === "more") {
        onSavedForMore(nameInput.current);
        setSubmitted(false);
        setSaving(null);
      } else {
        onClose();
      }
    } catch (error) {
      setServerErrors(fieldErrorsOf(error));
      setSaving(null);
    }
  }

  return {
    values,
    errors,
    update,
    field,
    changeName,
    checkName,
    save,
    saving,
    nameInput,
    onClose,
  };
}

export type MasterForm<V extends MasterFormValues> = ReturnType<typeof useMasterForm<V>>;
