import { Button, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import { organisationPath } from "../../app/routes.ts";
import { usePageTitle } from "../../components/use-page-title.ts";

/** A page of the organisation that the person's role does not open (docs/decisions/004). */
export function NoAccessPage() {
  usePageTitle("No access");
  const { organisationId = "", year = "" } = useParams();
  return (
    <Stack align="center" gap="sm" py="xl">
      <Title order={1} fz="h2">
        No access
      </Title>
      <Text c="dimmed" ta="center" maw={460}>
        Your role in this organisation does not include this page. Ask its owner or an admin if you
        need it.
      </Text>
      <Button component={Link} to={organisationPath(organisationId, year, "dashboard")}>
        Go to dashboard
      </Button>
    </Stack>
  );
}
