import { Button, Collapse, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { describeErrorMessage } from "../../api/errors.ts";
import { notify } from "../../app/notify.tsx";
import { authStore, markSignedIn } from "../../app/session-store.ts";
import { signIn } from "./auth.api.ts";

/**
 * 'Resend code' on the sign-up OTP page. The API has no resend call; signing in to an unverified
 * account mails a fresh code (POST /auth/login answers verificationRequired), so the person
 * confirms their password and we sign in again (docs/decisions/009). If the address was verified
 * meanwhile (the emailed link), that sign-in simply succeeds.
 */
export function ResendSignUpCode({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function resend() {
    if (!password) {
      setError("Password is required.");
      return;
    }
    setError(null);
    setSending(true);
    try {
      const answer = await signIn(email, password);
      if (answer.success) markSignedIn(authStore, answer);
      else notify({ type: "success", title: "Code sent", message: answer.message });
      setPassword("");
      setOpen(false);
    } catch (caught) {
      setError(describeErrorMessage(caught));
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap="xs">
      <Group justify="center">
        <Button variant="subtle" size="compact-sm" onClick={() => setOpen((value) => !value)}>
          Resend code
        </Button>
      </Group>
      <Collapse expanded={open}>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Enter your password and we will email a new code.
          </Text>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Inside the OTP form: Enter here resends instead of submitting the code.
              if (event.key === "Enter") {
                event.preventDefault();
                void resend();
              }
            }}
            error={error}
          />
          <Button variant="light" onClick={() => void resend()} loading={sending}>
            Send a new code
          </Button>
        </Stack>
      </Collapse>
    </Stack>
  );
}
