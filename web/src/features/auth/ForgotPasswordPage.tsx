import { ForgotPasswordInput } from "@bahi/domain";
import { Anchor, Button, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { describeErrorMessage } from "../../api/errors.ts";
import { AuthCard } from "../../components/AuthCard.tsx";
import { FormError } from "../../components/FormError.tsx";
import { type FieldErrors, validateWith } from "../../components/form-validation.ts";
import { requestPasswordReset } from "./auth.api.ts";

/** spec 2.1 /forgetPassword: email → a code by mail → /verify/reset/otp/{userId}. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit() {
    const checked = validateWith(ForgotPasswordInput, { email });
    setErrors(checked.ok ? {} : checked.errors);
    setFailure(null);
    if (!checked.ok) return;
    setSubmitting(true);
    try {
      const answer = await requestPasswordReset(checked.data.email);
      await navigate(`/verify/reset/otp/${encodeURIComponent(answer.userId)}`, {
        state: { email: checked.data.email },
      });
    } catch (error) {
      setFailure(describeErrorMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="We will email you a code to choose a new password."
      onSubmit={() => void submit()}
    >
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={errors.email}
      />
      <FormError message={failure} />
      <Button type="submit" loading={submitting} fullWidth>
        Send code
      </Button>
      <Text size="sm" ta="center">
        Remembered it?{" "}
        <Anchor component={Link} to="/signin">
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
