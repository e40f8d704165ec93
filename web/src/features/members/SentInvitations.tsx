import { ROLE_LABELS } from "@bahi/domain";
import { Badge, Button, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiErrorToast } from "../../app/api-error-toast.ts";
import { notify } from "../../app/notify.tsx";
import { formatInstantDate } from "../lists/format-values.ts";
import type { InvitationSent } from "../organisations/organisations.api.ts";
import { fetchSentInvitations, revokeInvitation, sentInvitationsKey } from "./members.api.ts";

const STATUS: Record<string, { label: string; color: string }> = {
  sent: { label: "Pending", color: "blue" },
  accepted: { label: "Accepted", color: "green" },
  rejected: { label: "Rejected", color: "red" },
  revoked: { label: "Revoked", color: "gray" },
};

/** Invitations this organisation has sent; pending ones can be revoked (spec 4 "Invitations"). */
export function SentInvitations({ organisationId }: { organisationId: string }) {
  const invitations = useQuery({
    queryKey: sentInvitationsKey(organisationId),
    queryFn: () => fetchSentInvitations(organisationId),
  });
  const list = invitations.data ?? [];
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        Invitations sent
      </Title>
      {list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {invitations.isPending ? "Loading…" : "No invitations sent yet."}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Sent on</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((invitation) => (
                <InvitationRow
                  key={invitation.invitationId}
                  organisationId={organisationId}
                  invitation={invitation}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function InvitationRow({
  organisationId,
  invitation,
}: {
  organisationId: string;
  invitation: InvitationSent;
}) {
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState(false);
  const status = STATUS[invitation.status] ?? { label: invitation.status, color: "gray" };

  async function revoke() {
    setRevoking(true);
    try {
      await revokeInvitation(organisationId, invitation.invitationId);
      await queryClient.invalidateQueries({ queryKey: sentInvitationsKey(organisationId) });
      notify({ type: "success", title: "Invitation revoked", message: invitation.email });
    } catch (error) {
      apiErrorToast("Could not revoke the invitation", error);
      setRevoking(false);
    }
  }

  return (
    <Table.Tr>
      <Table.Td>{invitation.email}</Table.Td>
      <Table.Td>{ROLE_LABELS[invitation.role]}</Table.Td>
      <Table.Td>{formatInstantDate(invitation.createdAt)}</Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        {invitation.status === "sent" && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            loading={revoking}
            onClick={() => void revoke()}
            aria-label={`Revoke invitation to ${invitation.email}`}
          >
            Revoke
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
