import { ORGANISATION_NAME_MAX } from "@bahi/domain";
import { Button, Group, Modal, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { describeErrorMessage } from "../../api/errors.ts";
import { notify } from "../../app/notify.tsx";
import { checkOrganisationName } from "./organisation-name.ts";
import type { OrganisationSummary } from "./organisations.api.ts";
import { renameOrganisation, useRefreshOrganisations } from "./organisations.api.ts";

/** PATCH /organisation/updatename. Enter saves, Esc closes. */
export function RenameOrganisationDialog({
  organisation,
  onClose,
}: {
  organisation: OrganisationSummary | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={organisation !== null} onClose={onClose} title="Rename organisation" centered>
      {organisation && <RenameForm organisation={organisation} onDone={onClose} />}
    </Modal>
  );
}

function RenameForm({
  organisation,
  onDone,
}: {
  organisation: OrganisationSummary;
  onDone: () => void;
}) {
  const refresh = useRefreshOrganisations();
  const [name, setName] = useState(organisation.name);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkOrganisationName(name);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await renameOrganisation(organisation._id, name.trim());
      await refresh();
      notify({ type: "success", title: "Organisation renamed", message: name.trim() });
      onDone();
    } catch (caught) {
      setError(describeErrorMessage(caught));
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        label="Organisation name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={error}
        maxLength={ORGANISATION_NAME_MAX}
        data-autofocus
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </Group>
    </form>
  );
}
