import { Button, Group, Modal, Text } from "@mantine/core";
import type { KeyboardEvent } from "react";

/** spec 2.8: names are cut to 50 characters plus dots in the Confirm Delete dialog. */
export const CONFIRM_NAME_MAX = 50;

export function truncateName(name: string, max = CONFIRM_NAME_MAX): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}

/** spec 2.8 Confirm Delete: Esc closes, Enter confirms. */
export function ConfirmDeleteDialog({
  opened,
  name,
  what,
  deleting = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  /** What is deleted, shown in quotes. */
  name: string;
  /** The kind of thing, e.g. "organisation". */
  what: string;
  deleting?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const confirmOnEnter = (event: KeyboardEvent) => {
    if (event.key !== "Enter" || deleting) return;
    // Enter on Cancel (reached with Tab) keeps its own meaning.
    const button = (event.target as HTMLElement).closest("button");
    if (button && !button.hasAttribute("data-confirm")) return;
    event.preventDefault();
    onConfirm();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Confirm Delete" centered>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Enter anywhere in the dialog confirms (spec 2.8) */}
      <div onKeyDown={confirmOnEnter}>
        <Text mb="lg">
          Are you sure you want to delete the {what} “{truncateName(name)}”? This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={deleting} data-autofocus data-confirm>
            Delete
          </Button>
        </Group>
      </div>
    </Modal>
  );
}
