import { Button, Text } from "@mantine/core";
import { Link } from "react-router";
import { AuthCard } from "../../components/AuthCard.tsx";
import { useOwnUser } from "../profile/own-user.api.ts";

/** spec 2.2 /sign-up-completed: the welcome after a verified sign-up. */
export function SignUpCompletedPage() {
  const { data: user } = useOwnUser();
  return (
    <AuthCard title={user ? `Welcome to Bahi, ${user.name}` : "Welcome to Bahi"}>
      <Text>
        Your email address is verified and your account is ready. Add your organisation to start
        keeping its accounts.
      </Text>
      <Button component={Link} to="/" fullWidth>
        Continue
      </Button>
    </AuthCard>
  );
}
