import { Badge, Button, Center, Group, Loader, Modal, Stack, Table, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "../../app/notify.tsx";
import { formatInstant } from "../lists/format-values.ts";
import {
  type DocumentLink,
  type DocumentLinkState,
  type DocumentRef,
  describeRevoked,
  fetchDocumentLinks,
  revokeDocumentLinks,
} from "./document-links.api.ts";

const STATE_LABELS: Record<DocumentLinkState, string> = {
  active: "Active",
  expired: "Expired",
  revoked: "Revoked",
};
const STATE_COLORS: Record<DocumentLinkState, string> = {
  active: "green",
  expired: "gray",
  revoked: "red",
};

/** "Shared links" on the print preview and the email log: opens the document's link list. */
export function SharedLinksButton({
  document,
  label,
  size,
}: {
  document: DocumentRef;
  /** "Tax Invoice INV-7", shown under the dialog's title. */
  label: string;
  size?: "xs" | "sm";
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant={size === "xs" ? "subtle" : "default"}
        size={size ?? "sm"}
        onClick={() => setOpened(true)}
        aria-label={size === "xs" ? `Shared links of ${label}` : undefined}
      >
        Shared links
      </Button>
      {opened && (
        <SharedLinksDialog document={document} label={label} onClose={() => setOpened(false)} />
      )}
    </>
  );
}

/**
 * The signed links made when the document was sent (decision 080): when each was made, whether it
 * still works, how often it was opened, when it expires; Revoke one, or Revoke all.
 */
export function SharedLinksDialog({
  document,
  label,
  onClose,
}: {
  document: DocumentRef;
  label: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const key = ["document-links", document.organisationId, document.type, document.entryId];
  const links = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchDocumentLinks(document, signal),
    staleTime: 0,
  });
  const revoke = useMutation({
    mutationFn: (linkId: string | null) => revokeDocumentLinks(document, linkId ?? undefined),
    onSuccess: (answer) => {
      notify({
        type: answer.revoked > 0 ? "success" : "warn",
        title: describeRevoked(answer.revoked),
      });
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const rows = links.data?.links ?? [];
  const live = rows.filter((link) => link.state === "active").length;
  return (
    <Modal opened onClose={onClose} title="Shared links" size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {label}: links sent with the document open its PDF without signing in until they expire or
          are revoked.
        </Text>
        {links.isPending ? (
          <Center>
            <Loader size="sm" aria-label="Loading" />
          </Center>
        ) : links.isError ? (
          <Text c="red" role="alert">
            The links could not be read.
          </Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed">No links have been shared for this document.</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Shared links" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Shared</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Opens</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((link) => (
                  <LinkRow
                    key={link._id}
                    link={link}
                    revoking={revoke.isPending && revoke.variables === link._id}
                    onRevoke={() => revoke.mutate(link._id)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end" gap="sm">
          {live > 0 && (
            <Button
              color="red"
              variant="light"
              loading={revoke.isPending && revoke.variables === null}
              onClick={() => revoke.mutate(null)}
            >
              Revoke all ({live})
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function LinkRow({
  link,
  revoking,
  onRevoke,
}: {
  link: DocumentLink;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const shared = formatInstant(link.createdAt);
  return (
    <Table.Tr>
      <Table.Td>{shared}</Table.Td>
      <Table.Td>
        <Badge color={STATE_COLORS[link.state]} variant="light">
          {STATE_LABELS[link.state]}
        </Badge>
        {link.revokedAt && (
          <Text size="xs" c="dimmed">
            {formatInstant(link.revokedAt)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {link.openCount}
        {link.lastOpenedAt && (
          <Text size="xs" c="dimmed">
            last {formatInstant(link.lastOpenedAt)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{formatInstant(link.expiresAt)}</Table.Td>
      <Table.Td>
        {link.state === "active" && (
          <Button
            size="xs"
            color="red"
            variant="subtle"
            loading={revoking}
            onClick={onRevoke}
            aria-label={`Revoke the link shared ${shared}`}
          >
            Revoke
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
