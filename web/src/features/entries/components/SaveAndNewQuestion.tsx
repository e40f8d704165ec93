import { Button, Group, List, Modal, Stack, Text } from "@mantine/core";

// The spec (2.6) gives Ctrl+A as Save & New and has no words for this question; these are ours.
export const SAVE_AND_NEW_QUESTION = {
  title: "Save an unfinished entry?",
  text: "Ctrl+A saves the entry and starts a new one (Save & New). This entry looks unfinished:",
  keepEditing: "Keep editing",
  save: "Save & New",
} as const;

/**
 * Ctrl+A pressed inside a text box on an unfinished entry (issue 40): says what is missing and
 * asks before saving; "Keep editing", the default, goes back to the box.
 */
export function SaveAndNewQuestion(props: {
  opened: boolean;
  missing: readonly string[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={SAVE_AND_NEW_QUESTION.title}>
      <Stack>
        <Text size="sm">{SAVE_AND_NEW_QUESTION.text}</Text>
        <List size="sm" aria-label="What the entry lacks">
          {props.missing.map((part) => (
            <List.Item key={part}>{part}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-autofocus>
            {SAVE_AND_NEW_QUESTION.keepEditing}
          </Button>
          <Button onClick={props.onConfirm}>{SAVE_AND_NEW_QUESTION.save}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
