import { canManage } from "@bahi/domain";
import { Anchor, Center, Container, Divider, Group, Loader, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { organisationPath } from "../../app/routes.ts";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { useOwnUser } from "../profile/own-user.api.ts";
import { ApiKeySection } from "./ApiKeySection.tsx";
import { EditMemberDialog } from "./EditMemberDialog.tsx";
import { InviteMemberForm } from "./InviteMemberForm.tsx";
import { type MemberAction, MembersTable } from "./MembersTable.tsx";
import { fetchMembers, type Member, membersKey } from "./members.api.ts";
import { RemoveMemberDialog } from "./RemoveMemberDialog.tsx";
import { SentInvitations } from "./SentInvitations.tsx";

/** /{organisationId}/{year}/settings/users (owners and admins; the route checks). */
export function UsersSettingsPage() {
  usePageTitle("Users");
  const { organisation, year } = useOrganisationScope();
  const activityPath = organisationPath(organisation._id, year, "settings/users/activity");
  const organisationId = organisation._id;
  const { data: me } = useOwnUser();
  const members = useQuery({
    queryKey: membersKey(organisationId),
    queryFn: () => fetchMembers(organisationId),
  });
  const [open, setOpen] = useState<{ action: MemberAction; member: Member } | null>(null);
  const close = () => setOpen(null);
  const dialogFor = (action: MemberAction) => (open?.action === action ? open.member : null);

  return (
    <Container size="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1} fz="h2">
            Users
          </Title>
          <Anchor component={Link} to={activityPath}>
            Activity Log
          </Anchor>
        </Group>
        {members.isPending ? (
          <Center py="lg">
            <Loader aria-label="Loading" />
          </Center>
        ) : (
          <MembersTable
            organisationId={organisationId}
            members={members.data ?? []}
            currentUserId={me?._id}
            activityPath={activityPath}
            onAction={(action, member) => setOpen({ action, member })}
          />
        )}
        <InviteMemberForm organisationId={organisationId} />
        <SentInvitations organisationId={organisationId} />
        {canManage(organisation.role, "apiKeys") && (
          <>
            <Divider />
            <ApiKeySection organisationId={organisationId} />
          </>
        )}
      </Stack>
      <EditMemberDialog
        organisationId={organisationId}
        member={dialogFor("edit")}
        onClose={close}
      />
      <RemoveMemberDialog
        organisationId={organisationId}
        member={dialogFor("remove")}
        onClose={close}
      />
    </Container>
  );
}
