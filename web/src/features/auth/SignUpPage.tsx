import { PASSWORD_MIN_LENGTH, SignUpInput } from "@bahi/domain";
import { Anchor, Button, PasswordInput, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { describeErrorMessage, fieldErrorsOf } from "../../api/errors.ts";
import { AuthCard } from "../../components/AuthCard.tsx";
import { FormError } from "../../components/FormError.tsx";
import { type FieldErrors, validateWith } from "../../components/form-validation.ts";
import { signUp, signUpOtpPath } from "./auth.api.ts";

/** spec 2.1 /signup: checked with the server's own schema (domain SignUpInput) before sending. */
export function SignUpPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState({ name: "", email: "", password: "", mobileNumber: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  async function submit() {
    const checked = validateWith(SignUpInput, values);
    setErrors(checked.ok ? {} : checked.errors);
    setFailure(null);
    if (!checked.ok) return;
    setSubmitting(true);
    try {
      const { name, email, password, mobileNumber } = checked.data;
      const answer = await signUp({ name, email, password, mobileNumber });
      await navigate(signUpOtpPath(answer.userId, answer.email));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? null : describeErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Create your Bahi account"
      subtitle="We will send a 6-digit code to your email address."
      onSubmit={() => void submit()}
    >
      <TextInput label="Name" autoComplete="name" required {...field("name")} />
      <TextInput label="Email" type="email" autoComplete="email" required {...field("email")} />
      <TextInput
        label="Mobile number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        required
        {...field("mobileNumber")}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        required
        {...field("password")}
      />
      <FormError message={failure} />
      <Button type="submit" loading={submitting} fullWidth>
        Create account
      </Button>
      <Text size="sm" ta="center">
        Already have an account?{" "}
        <Anchor component={Link} to="/signin">
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
