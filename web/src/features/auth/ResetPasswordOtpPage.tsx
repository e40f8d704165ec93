import { ResetPasswordWithOtpInput } from "@bahi/domain";
import { Anchor, Button, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
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
import { OtpInput } from "../../components/OtpInput.tsx";
import { resetPasswordWithOtp } from "./auth.api.ts";

/** spec 2.1 /verify/reset/otp/{userId}: the mailed code and a new password. */
export function ResetPasswordOtpPage() {
  const { userId = "" } = useParams();
  const email = (useLocation().state as { email?: string } | null)?.email;
  const navigate = useNavigate();
  const [otp, setOtp] = useState("");
  const [passwords, setPasswords] = useState<NewPasswordValues>({ password: "", confirm: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit() {
    const checked = validateWith(ResetPasswordWithOtpInput, {
      userId,
      otp,
      password: passwords.password,
    });
    const confirm = checkConfirmation(passwords);
    setErrors({ ...(checked.ok ? {} : checked.errors), confirm });
    setFailure(null);
    if (!checked.ok || confirm) return;
    setSubmitting(true);
    try {
      const answer = await resetPasswordWithOtp(userId, checked.data.otp, checked.data.password);
      await navigate("/signin", { replace: true });
      notify({ type: "success", title: "Password changed", message: answer.message });
    } catch (error) {
      setFailure(describeErrorMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle={
        email ? (
          <>
            If an account exists for <b>{email}</b>, we have emailed it a 6-digit code.
          </>
        ) : (
          "Enter the 6-digit code we emailed you."
        )
      }
      onSubmit={() => void submit()}
    >
      <OtpInput value={otp} onChange={setOtp} error={errors.otp} autoFocus />
      <NewPasswordFields values={passwords} errors={errors} onChange={setPasswords} />
      <FormError message={failure} />
      <Button type="submit" loading={submitting} fullWidth>
        Change password
      </Button>
      <Text size="sm" ta="center">
        No code?{" "}
        <Anchor component={Link} to="/forgetPassword">
          Send another
        </Anchor>
      </Text>
    </AuthCard>
  );
}
