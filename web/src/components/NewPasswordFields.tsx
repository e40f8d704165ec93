import { PASSWORD_MIN_LENGTH } from "@bahi/domain";
import { PasswordInput } from "@mantine/core";

export const PASSWORDS_DIFFER_MESSAGE = "The two passwords do not match.";

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/** The confirmation error, if any: checked before the schema so both show at once. */
export function checkConfirmation({ password, confirm }: NewPasswordValues): string | undefined {
  return password === confirm ? undefined : PASSWORDS_DIFFER_MESSAGE;
}

/** A new password typed twice. */
export function NewPasswordFields({
  values,
  errors,
  onChange,
  label = "New password",
}: {
  values: NewPasswordValues;
  errors: { password?: string; confirm?: string };
  onChange: (values: NewPasswordValues) => void;
  label?: string;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        autoComplete="new-password"
        required
        value={values.password}
        onChange={(event) => onChange({ ...values, password: event.currentTarget.value })}
        error={errors.password}
      />
      <PasswordInput
        label={`Confirm ${label.toLowerCase()}`}
        autoComplete="new-password"
        required
        value={values.confirm}
        onChange={(event) => onChange({ ...values, confirm: event.currentTarget.value })}
        error={errors.confirm}
      />
    </>
  );
}
