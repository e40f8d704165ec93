import { ROLE_LABELS } from "@bahi/domain";
import { Badge, Button, Group, Switch, Table, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { apiErrorToast } from "../../app/api-error-toast.ts";
import { notify } from "../../app/notify.tsx";
import { type Member, membersKey, setMemberActive } from "./members.api.ts";
import { summariseRights } from "./rights.ts";

export type MemberAction = "edit" | "remove";

/** The organisation's users with role and rights; the owner and oneself are not edited here. */
export function MembersTable({
  organisationId,
  members,
  currentUserId,
  activityPath,
  onAction,
}: {
  organisationId: string;
  members: Member[];
  currentUserId: string | undefined;
  /** The activity log screen; each row links to it filtered to that member. */
  activityPath?: string;
  onAction: (action: MemberAction, member: Member) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Rights</Table.Th>
            <Table.Th>Active</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const editable = !member.isOwner && member._id !== currentUserId;
            return (
              <Table.Tr key={member._id}>
                <Table.Td>
                  <Text fw={600}>{member.name}</Text>
                  <Text size="xs" c="dimmed">
                    {member.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {member.isOwner ? (
                    <Badge variant="light">{ROLE_LABELS.owner}</Badge>
                  ) : (
                    ROLE_LABELS[member.role]
                  )}
                </Table.Td>
                <Table.Td maw={280}>
                  <Text size="sm">
                    {summariseRights(member.role, member.transactionPermissions)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {editable ? (
                    <ActiveSwitch organisationId={organisationId} member={member} />
                  ) : (
                    <Badge color={member.active ? "green" : "gray"} variant="light">
                      {member.active ? "Active" : "Inactive"}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {activityPath && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        component={Link}
                        to={`${activityPath}?userId=${encodeURIComponent(member._id)}`}
                        aria-label={`Activity of ${member.name}`}
                      >
                        Activity
                      </Button>
                    )}
                    {editable && (
                      <>
                        <Button
                          size="compact-sm"
                          variant="default"
                          onClick={() => onAction("edit", member)}
                          aria-label={`Edit ${member.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          onClick={() => onAction("remove", member)}
                          aria-label={`Remove ${member.name}`}
                        >
                          Remove
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ActiveSwitch({ organisationId, member }: { organisationId: string; member: Member }) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  async function toggle(active: boolean) {
    setSaving(true);
    try {
      await setMemberActive(organisationId, member._id, active);
      await queryClient.invalidateQueries({ queryKey: membersKey(organisationId) });
      notify({ type: "success", title: `${member.name} is now ${active ? "active" : "inactive"}` });
    } catch (error) {
      apiErrorToast("Could not change the user", error);
    } finally {
      setSaving(false);
    }
  }
  return (
    <Switch
      checked={member.active}
      disabled={saving}
      onChange={(event) => void toggle(event.currentTarget.checked)}
      aria-label={`${member.name} active`}
    />
  );
}
