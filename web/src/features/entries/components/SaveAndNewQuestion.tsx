import { Button, Group, Modal, Stack, Text } from "@mantine/core";

export const SAVE_AND_NEW_QUESTION = {
  title: "Save this entry and start a new one?",
  text: "Ctrl+A saves the entry as it is and opens a new one (spec: Save & New). You pressed it while typing in a box: check the entry is complete first.",
} as const;

/** Ctrl+A pressed inside a text box (issue 40): asks before saving, never saves silently. */
export function SaveAndNewQuestion(props: {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={SAVE_AND_NEW_QUESTION.title}>
      <Stack>
        <Text size="sm">{SAVE_AND_NEW_QUESTION.text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-autofocus>
            Keep editing
          </Button>
          <Button onClick={props.onConfirm}>Save &amp; New</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
