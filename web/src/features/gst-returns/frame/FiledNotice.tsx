import { Alert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { filedSentence, type ReturnFiling } from "../model/return-frame.ts";

/** The green notice of a return marked as filed: when, its ARN, and what it locked. */
export function FiledNotice({ filing, locked }: { filing: ReturnFiling | null; locked: string }) {
  if (!filing) return null;
  return (
    <Alert color="green" title="Filed">
      {filedSentence(filing, locked)}
    </Alert>
  );
}

/** Mark as filed: what filing locks, an optional ARN, and the confirmation. */
export function FiledDialog(props: {
  opened: boolean;
  onClose: () => void;
  /** The return's title: "GSTR-1", "IFF", "GSTR-3B". */
  title: string;
  /** What marking the return as filed locks. */
  locks: string;
  pending: boolean;
  onConfirm: (arn: string) => void;
}) {
  const [arn, setArn] = useState("");
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Mark ${props.title} as filed`}>
      <Stack>
        <Text size="sm">{props.locks}</Text>
        <TextInput
          label="ARN (optional)"
          value={arn}
          onChange={(e) => setArn(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={props.pending} onClick={() => props.onConfirm(arn.trim())}>
            Mark as filed
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
