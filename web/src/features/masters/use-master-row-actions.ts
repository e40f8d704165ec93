import { useState } from "react";
import { notify } from "../../app/notify.tsx";

interface MasterRecord {
  _id: string;
  name: string;
  active: boolean;
}

/** Make Active / Make Inactive and Delete through Confirm Delete on a master list (spec 2.8). */
export function useMasterRowActions<R extends MasterRecord>({
  organisationId,
  setActive,
  remove,
  deletedToast,
  refresh,
}: {
  organisationId: string;
  setActive: (organisationId: string, id: string, active: boolean) => Promise<{ message: string }>;
  remove: (organisationId: string, id: string) => Promise<unknown>;
  deletedToast: string;
  /** Reloads the list (and whatever else shows the records). */
  refresh: () => Promise<unknown>;
}) {
  const [deleting, setDeleting] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);

  async function toggleActive(record: R) {
    try {
      const answer = await setActive(organisationId, record._id, !record.active);
      notify({ type: "success", title: answer.message });
      await refresh();
    } catch {
      // The client showed the danger toast.
    }
  }

  async function confirmDelete(record: R) {
    setBusy(true);
    try {
      await remove(organisationId, record._id);
      notify({ type: "success", title: deletedToast });
      setDeleting(null);
      await refresh();
    } catch {
      // The client showed the danger toast with the server's reason.
    } finally {
      setBusy(false);
    }
  }

  return {
    toggleActive,
    askDelete: setDeleting,
    /** The props of the ConfirmDeleteDialog, but for what is deleted. */
    confirmDelete: {
      opened: deleting !== null,
      name: deleting?.name ?? "",
      deleting: busy,
      onConfirm: () => deleting && void confirmDelete(deleting),
      onClose: () => setDeleting(null),
    },
  };
}
