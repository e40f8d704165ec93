import { Button, Group, Modal, Text } from "@mantine/core";
import { useState } from "react";
import { apiErrorToast } from "../../app/api-error-toast.ts";
import { notify } from "../../app/notify.tsx";
import { truncateName } from "../../components/ConfirmDeleteDialog.tsx";
import {
  leaveOrganisation,
  type OrganisationSummary,
  useRefreshOrganisations,
} from "./organisations.api.ts";

/** POST /organisation/leaveorganisation (spec 6: any user can leave an organisation). */
export function LeaveOrganisationDialog({
  organisation,
  onClose,
}: {
  organisation: OrganisationSummary | null;
  onClose: () => void;
}) {
  const refresh = useRefreshOrganisations();
  const [leaving, setLeaving] = useState(false);

  async function leave() {
    if (!organisation) return;
    setLeaving(true);
    try {
      await leaveOrganisation(organisation._id);
      await refresh();
      notify({ type: "success", title: `You have left ${organisation.name}` });
      onClose();
    } catch (error) {
      apiErrorToast("Could not leave the organisation", error);
    } finally {
      setLeaving(false);
    }
  }

  return (
    <Modal opened={organisation !== null} onClose={onClose} title="Leave organisation" centered>
      <Text mb="lg">
        Leave “{truncateName(organisation?.name ?? "")}”? You will need a new invitation to come
        back.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={leaving}>
          Cancel
        </Button>
        <Button color="orange" onClick={() => void leave()} loading={leaving} data-autofocus>
          Leave
        </Button>
      </Group>
    </Modal>
  );
}
