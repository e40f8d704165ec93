import { Anchor, Button, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { describeErrorMessage } from "../../api/errors.ts";
import { authStore, markSignedIn } from "../../app/session-store.ts";
import { AuthCard } from "../../components/AuthCard.tsx";
import { OTP_LENGTH, OTP_LENGTH_MESSAGE, OtpInput } from "../../components/OtpInput.tsx";
import { verifySignUpOtp } from "./auth.api.ts";
import { ResendSignUpCode } from "./ResendSignUpCode.tsx";

/** spec 2.1 /verify/signup/otp/{id}/{email}; once verified the guard opens /sign-up-completed. */
export function VerifySignUpOtpPage() {
  const { userId = "", email = "" } = useParams();
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
      markSignedIn(authStore, await verifySignUpOtp(userId, otp));
    } catch (caught) {
      setError(describeErrorMessage(caught));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Verify your email"
      subtitle={
        <>
          We have sent a 6-digit code to <b>{email}</b>. It is valid for 10 minutes.
        </>
      }
      onSubmit={() => void submit()}
    >
      <OtpInput value={otp} onChange={setOtp} error={error} data-autofocus autoFocus />
      <Button type="submit" loading={submitting} fullWidth>
        Verify
      </Button>
      <ResendSignUpCode email={email} />
      <Text size="sm" ta="center">
        Wrong address?{" "}
        <Anchor component={Link} to="/signup">
          Sign up again
        </Anchor>
      </Text>
    </AuthCard>
  );
}
