import { useState } from "react";
import { apiErrorToast } from "../../app/api-error-toast.ts";
import { notify } from "../../app/notify.tsx";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog.tsx";
import {
  deleteOrganisation,
  type OrganisationSummary,
  useRefreshOrganisations,
} from "./organisations.api.ts";

// spec/api.md §8 success message, verbatim.
export const ORGANISATION_DELETED = "Organisation Deleted Successfully.";

/** DELETE /organisation/delete for owners, through the Confirm Delete dialog (spec 2.8). */
export function DeleteOrganisationDialog({
  organisation,
  onClose,
}: {
  organisation: OrganisationSummary | null;
  onClose: () => void;
}) {
  const refresh = useRefreshOrganisations();
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    if (!organisation) return;
    setDeleting(true);
    try {
      await deleteOrganisation(organisation._id);
      await refresh();
      notify({ type: "success", title: ORGANISATION_DELETED });
      onClose();
    } catch (error) {
      apiErrorToast("Error", error);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <ConfirmDeleteDialog
      opened={organisation !== null}
      what="organisation"
      name={organisation?.name ?? ""}
      deleting={deleting}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
