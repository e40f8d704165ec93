import { ROLE_LABELS } from "@bahi/domain";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { apiErrorToast } from "../../app/api-error-toast.ts";
import { notify } from "../../app/notify.tsx";
import {
  acceptInvitation,
  type ReceivedInvitation,
  rejectInvitation,
  useRefreshOrganisations,
} from "./organisations.api.ts";

/** Invitations to join other organisations, with Accept and Reject (spec 4 "Invitations"). */
export function InvitationsReceived({ invitations }: { invitations: ReceivedInvitation[] }) {
  if (invitations.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        Invitations
      </Title>
      {invitations.map((invitation) => (
        <InvitationCard key={invitation.invitationId} invitation={invitation} />
      ))}
    </Stack>
  );
}

function InvitationCard({ invitation }: { invitation: ReceivedInvitation }) {
  const refresh = useRefreshOrganisations();
  const [busy, setBusy] = useState<"accept" | "reject" | null>(null);
  const name = invitation.organisationName;

  async function respond(answer: "accept" | "reject") {
    setBusy(answer);
    try {
      if (answer === "accept") await acceptInvitation(invitation.invitationId);
      else await rejectInvitation(invitation.invitationId);
      await refresh();
      notify({
        type: "success",
        title: answer === "accept" ? `You have joined ${name}` : `Invitation to ${name} rejected`,
      });
    } catch (error) {
      apiErrorToast("Could not answer the invitation", error);
      setBusy(null);
    }
  }

  return (
    <Card withBorder padding="md" aria-label={`Invitation to ${name}`} component="section">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {invitation.invitedByName} invited you as {ROLE_LABELS[invitation.role]}.
          </Text>
        </div>
        <Group gap="xs">
          <Button
            onClick={() => void respond("accept")}
            loading={busy === "accept"}
            disabled={busy !== null}
            aria-label={`Accept invitation to ${name}`}
          >
            Accept
          </Button>
          <Button
            variant="default"
            onClick={() => void respond("reject")}
            loading={busy === "reject"}
            disabled={busy !== null}
            aria-label={`Reject invitation to ${name}`}
          >
            Reject
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
