import { EmailAddress, fullRights } from "@bahi/domain";
import { Button, Group, Paper, Stack, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeErrorMessage } from "../../api/errors.ts";
import { notify } from "../../app/notify.tsx";
import { FormError } from "../../components/FormError.tsx";
import { buildGrant, MemberGrantFields } from "./MemberGrantFields.tsx";
import { type GrantedRole, inviteMember, sentInvitationsKey } from "./members.api.ts";

/** POST /organisation/adduser: the person joins when they accept (spec 4 "Invitations"). */
export function InviteMemberForm({ organisationId }: { organisationId: string }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<GrantedRole>("accountant");
  const [rights, setRights] = useState(fullRights);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit() {
    const checked = EmailAddress.safeParse(email);
    setEmailError(checked.success ? undefined : checked.error.issues[0]?.message);
    setFailure(null);
    if (!checked.success) return;
    setSending(true);
    try {
      const answer = await inviteMember(organisationId, checked.data, buildGrant(role, rights));
      await queryClient.invalidateQueries({ queryKey: sentInvitationsKey(organisationId) });
      notify({ type: "success", title: answer.message, message: checked.data });
      setEmail("");
      setRole("accountant");
      setRights(fullRights());
    } catch (error) {
      setFailure(describeErrorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Paper
      component="form"
      aria-labelledby="invite-title"
      noValidate
      withBorder
      p="md"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Title order={2} fz="h4" id="invite-title">
          Invite a user
        </Title>
        <TextInput
          label="Email"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={emailError}
        />
        <MemberGrantFields
          role={role}
          rights={rights}
          onRoleChange={setRole}
          onRightsChange={setRights}
        />
        <FormError message={failure} />
        <Group justify="flex-end">
          <Button type="submit" loading={sending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
