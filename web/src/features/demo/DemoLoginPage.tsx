import { EmailAddress, MobileNumber } from "@bahi/domain";
import { Anchor, Button, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { describeErrorMessage } from "../../api/errors.ts";
import { authStore, markSignedIn } from "../../app/session-store.ts";
import { AuthCard } from "../../components/AuthCard.tsx";
import { FormError } from "../../components/FormError.tsx";
import { OTP_LENGTH, OTP_LENGTH_MESSAGE, OtpInput } from "../../components/OtpInput.tsx";
import { sendDemoCode, verifyDemoCode } from "./demo.api.ts";

/** spec 2.1 /demo-login: email and mobile, then the emailed code; signed in → /demo-login-completed. */
export function DemoLoginPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo ? (
    <DemoCodeStep email={sentTo} onBack={() => setSentTo(null)} />
  ) : (
    <DemoContactStep onSent={setSentTo} />
  );
}

function DemoContactStep({ onSent }: { onSent: (email: string) => void }) {
  const [email, setEmail] = useState("");
  const [mobile, setMobile] = useState("");
  const [errors, setErrors] = useState<{ email?: string; mobile?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit() {
    const checkedEmail = EmailAddress.safeParse(email);
    const checkedMobile = MobileNumber.safeParse(mobile);
    setErrors({
      email: checkedEmail.success ? undefined : checkedEmail.error.issues[0]?.message,
      mobile: checkedMobile.success ? undefined : checkedMobile.error.issues[0]?.message,
    });
    setFailure(null);
    if (!checkedEmail.success || !checkedMobile.success) return;
    setSending(true);
    try {
      await sendDemoCode(checkedEmail.data, checkedMobile.data);
      onSent(checkedEmail.data);
    } catch (error) {
      setFailure(describeErrorMessage(error));
      setSending(false);
    }
  }

  return (
    <AuthCard
      title="Try Bahi"
      subtitle="We will email you a code to open a demo account."
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
      <TextInput
        label="Mobile number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        required
        value={mobile}
        onChange={(event) => setMobile(event.currentTarget.value)}
        error={errors.mobile}
      />
      <FormError message={failure} />
      <Button type="submit" loading={sending} fullWidth>
        Send code
      </Button>
      <Text size="sm" ta="center">
        Have an account?{" "}
        <Anchor component={Link} to="/signin">
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}

function DemoCodeStep({ email, onBack }: { email: string; onBack: () => void }) {
  const [otp, setOtp] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit() {
    if (otp.length !== OTP_LENGTH) {
      setError(OTP_LENGTH_MESSAGE);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      // The guard of /demo-login then opens /demo-login-completed (spec 2.1).
      markSignedIn(authStore, await verifyDemoCode(otp, email));
    } catch (caught) {
      setError(describeErrorMessage(caught));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Enter your code"
      subtitle={
        <>
          We have sent a 6-digit code to <b>{email}</b>.
        </>
      }
      onSubmit={() => void submit()}
    >
      <OtpInput value={otp} onChange={setOtp} error={error} autoFocus />
      <Button type="submit" loading={submitting} fullWidth>
        Open the demo
      </Button>
      <Button variant="subtle" onClick={onBack}>
        Use another email
      </Button>
    </AuthCard>
  );
}
