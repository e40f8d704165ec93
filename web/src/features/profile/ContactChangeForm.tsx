import { Button, Group, PasswordInput, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeErrorMessage } from "../../api/errors.ts";
import { notify } from "../../app/notify.tsx";
import { OTP_LENGTH, OTP_LENGTH_MESSAGE, OtpInput } from "../../components/OtpInput.tsx";
import { OWN_USER_QUERY_KEY, type OwnUser } from "./own-user.api.ts";
import { ProfileSection } from "./ProfileSection.tsx";

export interface ContactChange {
  title: string;
  /** The address or number on record, if any. */
  current: string | null;
  newLabel: string;
  inputType: "email" | "tel";
  /** Normalised value, or the message to show. */
  check: (value: string) => { ok: true; value: string } | { ok: false; message: string };
  request: (value: string, password: string) => Promise<{ message: string }>;
  resend: () => Promise<{ message: string }>;
  confirm: (otp: string) => Promise<{ message: string; user: OwnUser }>;
}

/** spec 4: an email or mobile change is confirmed by an OTP sent to the new one, which can be resent. */
export function ContactChangeForm({ change }: { change: ContactChange }) {
  const [pendingValue, setPendingValue] = useState<string | null>(null);
  return pendingValue ? (
    <CodeStep change={change} value={pendingValue} onDone={() => setPendingValue(null)} />
  ) : (
    <RequestStep change={change} onSent={setPendingValue} />
  );
}

function RequestStep({
  change,
  onSent,
}: {
  change: ContactChange;
  onSent: (value: string) => void;
}) {
  const [value, setValue] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ value?: string; password?: string }>({});
  const [sending, setSending] = useState(false);

  async function submit() {
    const checked = change.check(value);
    const next = {
      value: checked.ok ? undefined : checked.message,
      password: password ? undefined : "Password is required.",
    };
    setErrors(next);
    if (!checked.ok || next.password) return;
    setSending(true);
    try {
      const answer = await change.request(checked.value, password);
      notify({ type: "success", title: "Code sent", message: answer.message });
      setPassword("");
      onSent(checked.value);
    } catch (error) {
      setErrors({ password: describeErrorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <ProfileSection title={change.title} onSubmit={() => void submit()}>
      <Text size="sm">
        Current: <b>{change.current || "none"}</b>
      </Text>
      <TextInput
        label={change.newLabel}
        type={change.inputType}
        inputMode={change.inputType === "tel" ? "numeric" : undefined}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={errors.value}
      />
      <PasswordInput
        label="Your password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={errors.password}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={sending}>
          Send code
        </Button>
      </Group>
    </ProfileSection>
  );
}

function CodeStep({
  change,
  value,
  onDone,
}: {
  change: ContactChange;
  value: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [otp, setOtp] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"verify" | "resend" | null>(null);

  async function verify() {
    if (otp.length !== OTP_LENGTH) {
      setError(OTP_LENGTH_MESSAGE);
      return;
    }
    setError(null);
    setBusy("verify");
    try {
      const answer = await change.confirm(otp);
      queryClient.setQueryData(OWN_USER_QUERY_KEY, answer.user);
      notify({ type: "success", title: answer.message });
      onDone();
    } catch (caught) {
      setError(describeErrorMessage(caught));
      setBusy(null);
    }
  }

  async function resend() {
    setBusy("resend");
    try {
      const answer = await change.resend();
      notify({ type: "success", title: "Code sent", message: answer.message });
    } catch (caught) {
      setError(describeErrorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  return (
    <ProfileSection title={change.title} onSubmit={() => void verify()}>
      <Text size="sm">
        Enter the 6-digit code sent to <b>{value}</b>.
      </Text>
      <OtpInput value={otp} onChange={setOtp} error={error} autoFocus />
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="subtle" onClick={() => void resend()} loading={busy === "resend"}>
            Resend code
          </Button>
          <Button variant="subtle" color="gray" onClick={onDone}>
            Cancel
          </Button>
        </Group>
        <Button type="submit" loading={busy === "verify"}>
          Verify
        </Button>
      </Group>
    </ProfileSection>
  );
}
