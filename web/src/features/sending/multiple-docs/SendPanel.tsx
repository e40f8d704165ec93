import {
  Alert,
  Anchor,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import type { SendChannel } from "../sending.api.ts";
import { MessageFields } from "./MessageFields.tsx";
import {
  addressLabel,
  CHANNEL_OPTIONS,
  canSend,
  SEND_LIMIT,
  sendStatusText,
} from "./multiple-docs.model.ts";
import type { MultipleDocs } from "./use-multiple-docs.ts";

/** How to send (email or WhatsApp), to whom, the message, and Send with its progress. */
export function SendPanel({ state }: { state: MultipleDocs }) {
  const count = state.chosen.size;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Send by"
        data={CHANNEL_OPTIONS}
        value={state.channel}
        onChange={(value) => state.pickChannel(value as SendChannel)}
      />
      <TextInput
        label={addressLabel(state.channel)}
        type={state.channel === "email" ? "email" : "tel"}
        value={state.to}
        onChange={(event) => state.changeTo(event.currentTarget.value)}
        error={state.problem}
      />
      <MessageFields message={state.message} channel={state.channel} />
      {state.chatUrl && (
        <Alert color="green">
          <Anchor href={state.chatUrl} target="_blank" rel="noopener">
            Open the WhatsApp message
          </Anchor>
        </Alert>
      )}
      {count > SEND_LIMIT && (
        <Alert color="yellow">At most {SEND_LIMIT} documents can be sent at once.</Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {sendStatusText(state.sending, count)}
        </Text>
        <Button onClick={state.send} loading={state.sending} disabled={!canSend(count)}>
          Send {count > 0 ? count : ""}
        </Button>
      </Group>
    </Stack>
  );
}
