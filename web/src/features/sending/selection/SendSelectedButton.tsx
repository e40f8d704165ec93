import { getVoucherDefinition, type VoucherType } from "@bahi/domain";
import { Badge, Button, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { notify } from "../../../app/notify.tsx";
import {
  type SelectionAnswer,
  type SelectionResult,
  sendSelectionByEmail,
} from "./selection-send.api.ts";

const STATUS_LABELS: Record<SelectionResult["status"], string> = {
  queued: "Sent",
  skipped: "Skipped",
  failed: "Not sent",
};
const STATUS_COLORS: Record<SelectionResult["status"], string> = {
  queued: "green",
  skipped: "yellow",
  failed: "red",
};

/**
 * Issue 40: Send on a list's selection. Each chosen document goes by email to its own party's
 * saved address, with its PDF and the type's template; a party without an email is skipped. The
 * answer is shown document by document, with the summary of sent and skipped.
 */
export function SendSelectedButton({
  organisationId,
  type,
  selected,
}: {
  organisationId: string;
  type: VoucherType;
  /** The chosen rows: id and number, in the list's order. */
  selected: readonly { _id: string; number?: string | null }[];
}) {
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<SelectionAnswer | null>(null);
  // One request id per confirmation: a double click or a retry queues each mail once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const definition = getVoucherDefinition(type);
  if (definition.print === null) return null;
  const count = selected.length;
  const what = (count === 1 ? definition.titles.singular : definition.titles.plural).toLowerCase();

  async function send() {
    setSending(true);
    try {
      const result = await sendSelectionByEmail({
        organisationId,
        documents: selected.map((row) => ({ entryId: row._id, transactionType: type })),
        requestId,
      });
      setRequestId(crypto.randomUUID());
      setConfirming(false);
      setAnswer(result);
      notify({
        type: result.success ? "success" : "danger",
        title: result.success ? "Email sent successfully" : "Could not send email",
        message: result.message,
      });
    } catch {
      // The client showed "Could not send email" with the server's reason.
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Button variant="light" disabled={count === 0} onClick={() => setConfirming(true)}>
        Send Selected{count > 0 ? ` (${count})` : ""}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Send ${count} ${what} by email`}
      >
        <Stack gap="sm">
          <Text size="sm">
            Each goes to its party's saved email address with its PDF, from your saved email
            template for {definition.titles.plural.toLowerCase()} (or the standard text). Parties
            without an email address are skipped.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={sending}>
              Cancel
            </Button>
            <Button onClick={() => void send()} loading={sending}>
              Send
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={answer !== null}
        onClose={() => setAnswer(null)}
        title="Sent by email"
        size="lg"
      >
        {answer && (
          <Stack gap="sm">
            <Text fw={600}>{answer.message}</Text>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Party</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.results.map((row) => (
                  <Table.Tr key={row.entryId}>
                    <Table.Td>{row.number}</Table.Td>
                    <Table.Td>{row.partyName}</Table.Td>
                    <Table.Td>{row.email}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[row.status]} variant="light">
                        {STATUS_LABELS[row.status]}
                      </Badge>
                      {row.status !== "queued" && (
                        <Text size="xs" c="dimmed">
                          {row.message}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Modal>
    </>
  );
}
