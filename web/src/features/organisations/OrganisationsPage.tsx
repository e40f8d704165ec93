import { Button, Center, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { usePageTitle } from "../../components/use-page-title.ts";
import { DeleteOrganisationDialog } from "./DeleteOrganisationDialog.tsx";
import { InvitationsReceived } from "./InvitationsReceived.tsx";
import { LeaveOrganisationDialog } from "./LeaveOrganisationDialog.tsx";
import { type OrganisationAction, OrganisationsTable } from "./OrganisationsTable.tsx";
import {
  fetchOrganisationList,
  ORGANISATION_LIST_QUERY_KEY,
  type OrganisationSummary,
} from "./organisations.api.ts";
import { RenameOrganisationDialog } from "./RenameOrganisationDialog.tsx";

/** spec 2.2 /organisations: the person's organisations and invitations; no switchers here. */
export function OrganisationsPage() {
  usePageTitle("Your Organisations");
  const list = useQuery({ queryKey: ORGANISATION_LIST_QUERY_KEY, queryFn: fetchOrganisationList });
  const [open, setOpen] = useState<{
    action: OrganisationAction;
    organisation: OrganisationSummary;
  } | null>(null);
  const close = () => setOpen(null);
  const dialogFor = (action: OrganisationAction) =>
    open?.action === action ? open.organisation : null;

  return (
    <Container size="md">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} fz="h2">
            Your Organisations
          </Title>
          <Button component={Link} to="/add-organisation">
            + Add New Organisation
          </Button>
        </Group>
        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        ) : (
          <>
            <InvitationsReceived invitations={list.data?.invitations ?? []} />
            {(list.data?.organisations.length ?? 0) > 0 ? (
              <OrganisationsTable
                organisations={list.data?.organisations ?? []}
                onAction={(action, organisation) => setOpen({ action, organisation })}
              />
            ) : (
              <NoOrganisations />
            )}
          </>
        )}
      </Stack>
      <RenameOrganisationDialog organisation={dialogFor("rename")} onClose={close} />
      <DeleteOrganisationDialog organisation={dialogFor("delete")} onClose={close} />
      <LeaveOrganisationDialog organisation={dialogFor("leave")} onClose={close} />
    </Container>
  );
}

function NoOrganisations() {
  return (
    <Stack align="center" py="xl" gap="xs">
      <Title order={2} fz="h4">
        No organisations yet
      </Title>
      <Text c="dimmed" ta="center">
        Add your business to start keeping its accounts, or accept an invitation from someone who
        keeps theirs in Bahi.
      </Text>
    </Stack>
  );
}
