import { getVoucherDefinition, isVoucherType } from "@bahi/domain";
import { Alert, Anchor, Button, Group, List, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { formatDate } from "../../reports/report-format.ts";
import { filedSentence, type ReturnFiling } from "../model/return-frame.ts";

/**
 * The notice of a return marked as filed: when, its ARN, and what it locked (green), or that the
 * lock was lifted (yellow); then the documents changed after filing, each a link (issue 40).
 */
export function FiledNotice({
  filing,
  locked,
  voucherPath,
}: {
  filing: ReturnFiling | null;
  locked: string;
  voucherPath?: (type: string, entryId: string) => string | null;
}) {
  if (!filing) return null;
  const changed = filing.changedAfterFiling ?? [];
  return (
    <Alert color={filing.locked === false ? "yellow" : "green"} title="Filed">
      <Stack gap={4}>
        <Text size="sm">{filedSentence(filing, locked)}</Text>
        {changed.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              Changed after filing ({changed.length}): the filed return no longer matches these;
              report them as amendments.
            </Text>
            <List size="sm" aria-label="Changed after filing">
              {changed.map((entry) => {
                const path = entry.deleted
                  ? null
                  : voucherPath?.(entry.transactionType, entry.entryId);
                const label = `${voucherTitle(entry.transactionType)} ${entry.number} of ${formatDate(entry.date)}${entry.partyName ? `, ${entry.partyName}` : ""}: ${entry.deleted ? "deleted" : "changed"} after filing`;
                return (
                  <List.Item key={entry.entryId}>
                    {path ? (
                      <Anchor component={Link} to={path} size="sm">
                        {label}
                      </Anchor>
                    ) : (
                      label
                    )}
                  </List.Item>
                );
              })}
            </List>
          </>
        )}
      </Stack>
    </Alert>
  );
}

function voucherTitle(type: string): string {
  return isVoucherType(type) ? getVoucherDefinition(type).titles.singular : type;
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
