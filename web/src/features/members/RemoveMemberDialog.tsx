import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiErrorToast } from "../../app/api-error-toast.ts";
import { notify } from "../../app/notify.tsx";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog.tsx";
import { type Member, membersKey, removeMember } from "./members.api.ts";

// spec/api.md §8 success message, verbatim.
export const USER_DELETED = "User Deleted";

/** POST /organisation/removeuser through the Confirm Delete dialog. */
export function RemoveMemberDialog({
  organisationId,
  member,
  onClose,
}: {
  organisationId: string;
  member: Member | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState(false);

  async function confirm() {
    if (!member) return;
    setRemoving(true);
    try {
      await removeMember(organisationId, member._id);
      await queryClient.invalidateQueries({ queryKey: membersKey(organisationId) });
      notify({ type: "success", title: USER_DELETED });
      onClose();
    } catch (error) {
      apiErrorToast("Error", error);
    } finally {
      setRemoving(false);
    }
  }

  return (
    <ConfirmDeleteDialog
      opened={member !== null}
      what="user"
      name={member ? `${member.name} (${member.email})` : ""}
      deleting={removing}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
