import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useState } from "react";

/** Email JSON: the address (required) and an optional subject. */
export function EmailDialog(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  onSend: (email: string, subject: string) => Promise<void>;
}) {
  const [email, setEmail] = useState("");
  const [subject, setSubject] = useState("");
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Email ${props.title} JSON`}>
      <Stack>
        <TextInput
          label="Email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          required
          data-autofocus
        />
        <TextInput
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void props.onSend(email.trim(), subject.trim())}
            disabled={email.trim() === ""}
          >
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
