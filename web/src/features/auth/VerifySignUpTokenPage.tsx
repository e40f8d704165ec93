import { Anchor, Loader, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { describeErrorMessage } from "../../api/errors.ts";
import { authStore, markSignedIn } from "../../app/session-store.ts";
import { AuthCard } from "../../components/AuthCard.tsx";
import { type SessionAnswer, verifySignUpToken } from "./auth.api.ts";

// A link is single use: React may mount the page twice in development, so one call per token.
const verifications = new Map<string, Promise<SessionAnswer>>();

function verifyOnce(token: string): Promise<SessionAnswer> {
  let verification = verifications.get(token);
  if (!verification) {
    verification = verifySignUpToken(token);
    verifications.set(token, verification);
  }
  return verification;
}

/** /verify/signup/token/{token}: the link in the sign-up mail; once verified the guard opens /sign-up-completed. */
export function VerifySignUpTokenPage() {
  const { token = "" } = useParams();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    verifyOnce(token).then(
      (answer) => current && markSignedIn(authStore, answer),
      (caught: unknown) => current && setError(describeErrorMessage(caught)),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <AuthCard title="Verifying your email">
      {error ? (
        <>
          <Text c="red.7" role="alert">
            {error}
          </Text>
          <Text size="sm">
            The link may have expired or been used already.{" "}
            <Anchor component={Link} to="/signin">
              Sign in
            </Anchor>{" "}
            to get a new code.
          </Text>
        </>
      ) : (
        <Loader aria-label="Verifying" />
      )}
    </AuthCard>
  );
}
