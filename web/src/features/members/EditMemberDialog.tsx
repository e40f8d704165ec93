import { effectiveRights, type TransactionRight } from "@bahi/domain";
import { Button, Center, Group, Loader, Modal, Stack } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeErrorMessage } from "../../api/errors.ts";
import { notify } from "../../app/notify.tsx";
import { FormError } from "../../components/FormError.tsx";
import { buildGrant, MemberGrantFields } from "./MemberGrantFields.tsx";
import {
  editMember,
  fetchMemberRights,
  type GrantedRole,
  type Member,
  membersKey,
} from "./members.api.ts";

/** POST /organisation/edituser, starting from the member's rights as GET /user/rights reads them. */
export function EditMemberDialog({
  organisationId,
  member,
  onClose,
}: {
  organisationId: string;
  member: Member | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={member !== null}
      onClose={onClose}
      title={member ? `Edit ${member.name}` : "Edit user"}
      size="lg"
      centered
    >
      {member && (
        <EditMemberForm organisationId={organisationId} member={member} onDone={onClose} />
      )}
    </Modal>
  );
}

function EditMemberForm({
  organisationId,
  member,
  onDone,
}: {
  organisationId: string;
  member: Member;
  onDone: () => void;
}) {
  const rights = useQuery({
    queryKey: ["member-rights", organisationId, member._id],
    queryFn: () => fetchMemberRights(organisationId, member._id),
  });
  if (!rights.data) {
    return <Center py="lg">{rights.isPending && <Loader aria-label="Loading" />}</Center>;
  }
  const role: GrantedRole = member.role === "owner" ? "admin" : member.role;
  return (
    <GrantForm
      organisationId={organisationId}
      member={member}
      initialRole={role}
      initialRights={effectiveRights(member.role, rights.data.rights)}
      onDone={onDone}
    />
  );
}

function GrantForm({
  organisationId,
  member,
  initialRole,
  initialRights,
  onDone,
}: {
  organisationId: string;
  member: Member;
  initialRole: GrantedRole;
  initialRights: TransactionRight[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState(initialRole);
  const [rights, setRights] = useState(initialRights);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    setFailure(null);
    try {
      await editMember(organisationId, member._id, buildGrant(role, rights));
      await queryClient.invalidateQueries({ queryKey: membersKey(organisationId) });
      queryClient.removeQueries({ queryKey: ["member-rights", organisationId, member._id] });
      notify({ type: "success", title: `${member.name} updated` });
      onDone();
    } catch (error) {
      setFailure(describeErrorMessage(error));
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack>
        <MemberGrantFields
          role={role}
          rights={rights}
          onRoleChange={setRole}
          onRightsChange={setRights}
        />
        <FormError message={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} data-autofocus>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
