import { Alert, Button, Code, CopyButton, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiErrorToast } from "../../app/api-error-toast.ts";
import { notify } from "../../app/notify.tsx";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog.tsx";
import { formatInstantDate } from "../lists/format-values.ts";
import { apiKeyKey, createApiKey, deleteApiKey, fetchApiKey } from "./members.api.ts";

/** The organisation's API key, for owners (spec 6): created and shown once, or deleted. */
export function ApiKeySection({ organisationId }: { organisationId: string }) {
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: apiKeyKey(organisationId),
    queryFn: () => fetchApiKey(organisationId),
  });
  const [shownKey, setShownKey] = useState<string | null>(null);
  const [busy, setBusy] = useState<"create" | "delete" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeyKey(organisationId) });

  async function create() {
    setBusy("create");
    try {
      const created = await createApiKey(organisationId);
      setShownKey(created.apiKey);
      await refresh();
    } catch (error) {
      apiErrorToast("Could not create the API key", error);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy("delete");
    try {
      const answer = await deleteApiKey(organisationId);
      setShownKey(null);
      setConfirming(false);
      await refresh();
      notify({ type: "success", title: answer.message });
    } catch (error) {
      apiErrorToast("Error", error);
    } finally {
      setBusy(null);
    }
  }

  const key = current.data ?? null;
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        API key
      </Title>
      <Text size="sm" c="dimmed">
        Lets another program keep this organisation's books through the API, with an accountant's
        rights. Send it in the X-API-Key header.
      </Text>
      {key ? (
        <Text size="sm">
          Current key <Code>{key.keyPrefix}…</Code> created on {formatInstantDate(key.createdAt)}.
        </Text>
      ) : (
        !current.isPending && <Text size="sm">No API key.</Text>
      )}
      {shownKey && (
        <Alert color="orange" title="Copy the key now: it is not shown again">
          <Group gap="xs" wrap="nowrap">
            <Code style={{ wordBreak: "break-all" }}>{shownKey}</Code>
            <CopyButton value={shownKey}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy}>
                  {copied ? "Copied" : "Copy"}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
      <Group gap="xs">
        <Button
          size="sm"
          variant="default"
          loading={busy === "create"}
          onClick={() => void create()}
        >
          {key ? "Create a new key" : "Create API key"}
        </Button>
        {key && (
          <Button size="sm" variant="light" color="red" onClick={() => setConfirming(true)}>
            Delete API key
          </Button>
        )}
      </Group>
      <ConfirmDeleteDialog
        opened={confirming}
        what="API key"
        name={key ? `${key.keyPrefix}…` : ""}
        deleting={busy === "delete"}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
