import { Center, Container, Loader, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { InvoicePreview } from "../printing/InvoicePreview.tsx";
import { OrganisationSettingsForm } from "./OrganisationSettingsForm.tsx";
import { fetchOrganisationSettings, organisationSettingsKey } from "./organisation-settings.api.ts";

/** /{organisationId}/{year}/settings/organisation (owners and admins). */
export function OrganisationSettingsPage() {
  usePageTitle("Organisation Settings");
  const { organisation, year } = useOrganisationScope();
  const settings = useQuery({
    queryKey: organisationSettingsKey(organisation._id),
    queryFn: () => fetchOrganisationSettings(organisation._id),
  });
  return (
    <Container size="md">
      <Title order={1} fz="h2" mb="md">
        Organisation Settings
      </Title>
      {settings.data ? (
        <Stack gap="lg">
          <OrganisationSettingsForm key={organisation._id} settings={settings.data} />
          <InvoicePreview
            organisationId={organisation._id}
            year={year}
            version={JSON.stringify(settings.data)}
          />
        </Stack>
      ) : (
        settings.isPending && (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        )
      )}
    </Container>
  );
}
