import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { usePageTitle } from "../../components/use-page-title.ts";
import type { OrganisationSummary } from "./organisations.api.ts";

/** An inactive organisation's pages stay closed until it is made active on /organisations. */
export function InactiveOrganisationPage({ organisation }: { organisation: OrganisationSummary }) {
  usePageTitle(organisation.name);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={460}>
        <Title order={1} fz="h2">
          {organisation.name} is inactive
        </Title>
        <Text c="dimmed" ta="center">
          Make it active again on Your Organisations to work in it.
        </Text>
        <Button component={Link} to="/organisations">
          Your Organisations
        </Button>
      </Stack>
    </Center>
  );
}
