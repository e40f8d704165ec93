import { ResetPasswordWithTokenInput } from "@bahi/domain";
import { Button } from "@mantine/core";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { describeErrorMessage } from "../../api/errors.ts";
import { notify } from "../../app/notify.tsx";
import { AuthCard } from "../../components/AuthCard.tsx";
import { FormError } from "../../components/FormError.tsx";
import { type FieldErrors, validateWith } from "../../components/form-validation.ts";
import {
  checkConfirmation,
  NewPasswordFields,
  type NewPasswordValues,
} from "../../components/NewPasswordFields.tsx";
import { resetPasswordWithToken } from "./auth.api.ts";

/** spec 2.1 /verify/reset/token/{token}: the link in the reset mail, then a new password. */
export function ResetPasswordTokenPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const [passwords, setPasswords] = useState<NewPasswordValues>({ password: "", confirm: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit() {
    const checked = validateWith(ResetPasswordWithTokenInput, {
      token,
      password: passwords.password,
    });
    const confirm = checkConfirmation(passwords);
    setErrors({ ...(checked.ok ? {} : checked.errors), confirm });
    setFailure(null);
    if (!checked.ok || confirm) return;
    setSubmitting(true);
    try {
      const answer = await resetPasswordWithToken(token, checked.data.password);
      await navigate("/signin", { replace: true });
      notify({ type: "success", title: "Password changed", message: answer.message });
    } catch (error) {
      setFailure(describeErrorMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Choose a new password" onSubmit={() => void submit()}>
      <NewPasswordFields values={passwords} errors={errors} onChange={setPasswords} />
      <FormError message={failure} />
      <Button type="submit" loading={submitting} fullWidth>
        Change password
      </Button>
    </AuthCard>
  );
}
