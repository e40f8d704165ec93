import { SignInInput } from "@bahi/domain";
import { Anchor, Button, Group, PasswordInput, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { describeErrorMessage } from "../../api/errors.ts";
import { authStore, markSignedIn } from "../../app/session-store.ts";
import { AuthCard } from "../../components/AuthCard.tsx";
import { FormError } from "../../components/FormError.tsx";
import { type FieldErrors, validateWith } from "../../components/form-validation.ts";
import { signIn, signUpOtpPath } from "./auth.api.ts";

export const SESSION_ENDED_NOTE = "Your session has ended. Please sign in again.";

export function SignInPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit() {
    const checked = validateWith(SignInInput, { username, password });
    setErrors(checked.ok ? {} : checked.errors);
    setFailure(null);
    if (!checked.ok) return;
    setSubmitting(true);
    try {
      const answer = await signIn(checked.data.username, checked.data.password);
      if (answer.success) {
        // The public-only guard then sends the person home (spec 2.1).
        markSignedIn(authStore, answer);
      } else {
        // Not verified yet: the server has mailed a new code (spec 2.1 OTP page).
        await navigate(signUpOtpPath(answer.userId, answer.email));
      }
    } catch (error) {
      setFailure(describeErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Sign in to Bahi"
      subtitle="Accounts and GST for your business"
      onSubmit={() => void submit()}
    >
      {searchParams.get("forceLogout") === "true" && (
        <Text c="orange.8" size="sm" role="status">
          {SESSION_ENDED_NOTE}
        </Text>
      )}
      <TextInput
        label="Email or mobile number"
        autoComplete="username"
        required
        value={username}
        onChange={(event) => setUsername(event.currentTarget.value)}
        error={errors.username}
      />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={errors.password}
      />
      <FormError message={failure} />
      <Button type="submit" loading={submitting} fullWidth>
        Sign in
      </Button>
      <Group justify="space-between">
        <Anchor component={Link} to="/forgetPassword" size="sm">
          Forgot password?
        </Anchor>
        <Anchor component={Link} to="/demo-login" size="sm">
          Try the demo
        </Anchor>
      </Group>
      <Text size="sm" ta="center">
        New to Bahi?{" "}
        <Anchor component={Link} to="/signup">
          Create an account
        </Anchor>
      </Text>
    </AuthCard>
  );
}
