import { Alert, Button, Group, Text } from "@mantine/core";

export const PAGE_REFRESH_TITLE = "Page Refresh Required:";
export const PAGE_REFRESH_TEXT = "Some changes are made in another tab or by another user";

/** Spec 2.7: the entry was changed elsewhere since this edit began; Refresh keeps what was typed. */
export function StaleEditBanner({ onRefresh }: { onRefresh: () => void }) {
  return (
    <Alert color="orange" variant="light" role="alert">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          <Text span fw={700} inherit>
            {PAGE_REFRESH_TITLE}
          </Text>{" "}
          {PAGE_REFRESH_TEXT}
        </Text>
        <Button size="xs" color="orange" onClick={onRefresh}>
          Refresh
        </Button>
      </Group>
    </Alert>
  );
}

/** What was typed before a reload, offered back over the entry as loaded. */
export function DraftBanner({
  onRestore,
  onDiscard,
}: {
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert color="blue" variant="light">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          Your unsaved changes from before the page was refreshed were kept aside.
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" onClick={onRestore}>
            Restore my changes
          </Button>
          <Button size="xs" variant="default" onClick={onDiscard}>
            Discard
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
