import { Button, Loader, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { organisationStartPath } from "../../app/routes.ts";
import { AuthCard } from "../../components/AuthCard.tsx";
import { fetchDemoOrganisation } from "./demo.api.ts";

/** spec 2.2 /demo-login-completed: the demo account is open; on to its sample organisation, if any. */
export function DemoLoginCompletedPage() {
  const demo = useQuery({ queryKey: ["demo-organisation"], queryFn: fetchDemoOrganisation });
  const organisation = demo.data?.organisation ?? null;
  return (
    <AuthCard title="Your demo account is ready">
      {demo.isPending ? (
        <Loader aria-label="Loading" />
      ) : organisation ? (
        <>
          <Text>Explore {organisation.name}, a sample organisation with its books.</Text>
          <Button component={Link} to={organisationStartPath(organisation)} fullWidth>
            Open {organisation.name}
          </Button>
        </>
      ) : (
        <>
          <Text>You are signed in. Add an organisation to start keeping its accounts.</Text>
          <Button component={Link} to="/" fullWidth>
            Continue
          </Button>
        </>
      )}
    </AuthCard>
  );
}
