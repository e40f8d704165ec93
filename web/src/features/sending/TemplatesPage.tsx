import { canManage } from "@bahi/domain";
import { Badge, Button, Container, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { notify } from "../../app/notify.tsx";
import { organisationPath } from "../../app/routes.ts";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import {
  deleteTemplate,
  type MessageTemplate,
  setDefaultTemplate,
  TEMPLATE_TOASTS,
  type TemplateChannel,
  templatesKey,
  useTemplates,
} from "./templates.api.ts";

export const CHANNEL_TITLES: Record<TemplateChannel, string> = {
  email: "Email Templates",
  whatsapp: "WhatsApp Templates",
};

export const CHANNEL_ROUTE: Record<TemplateChannel, string> = {
  email: "settings/email-template",
  whatsapp: "settings/whatsapp-template",
};

/** /{org}/{year}/settings/email-template/list and whatsapp-template/list (spec 2.3). */
export function TemplatesPage({ channel }: { channel: TemplateChannel }) {
  const title = CHANNEL_TITLES[channel];
  usePageTitle(title);
  const { organisation, year } = useOrganisationScope();
  const organisationId = organisation._id;
  const manager = canManage(organisation.role, "settings");
  const queryClient = useQueryClient();
  const templates = useTemplates(organisationId, channel);
  const [deleting, setDeleting] = useState<MessageTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  const base = (page: string) =>
    organisationPath(organisationId, year, `${CHANNEL_ROUTE[channel]}/${page}`);
  const rows = templates.data?.templates ?? [];

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteTemplate(organisationId, channel, deleting._id);
      notify({ type: "success", title: TEMPLATE_TOASTS.deleted });
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: templatesKey(organisationId, channel) });
    } catch {
      // The client showed the danger toast.
    } finally {
      setBusy(false);
    }
  }

  async function toggleDefault(row: MessageTemplate) {
    setBusy(true);
    try {
      await setDefaultTemplate(organisationId, channel, row, !row.isDefault);
      notify({ type: "success", title: TEMPLATE_TOASTS.madeDefault });
      await queryClient.invalidateQueries({ queryKey: templatesKey(organisationId, channel) });
    } catch {
      // The client showed the danger toast.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} fz="h2">
            {title}
          </Title>
          {manager && (
            <Button component={Link} to={base("add")}>
              Add Template
            </Button>
          )}
        </Group>
        {templates.isPending ? (
          <Text c="dimmed">Loading…</Text>
        ) : rows.length === 0 ? (
          <Stack gap={4} align="center" py="xl">
            <Text fw={600}>No Templates Present</Text>
            <Text c="dimmed" size="sm">
              Send dialogs start from a standard message until you add a template.
            </Text>
          </Stack>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              A send dialog opens with its type's default template (else the first by name); the
              others stay a choice away.
            </Text>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>For</Table.Th>
                  {channel === "email" && <Table.Th>Subject</Table.Th>}
                  <Table.Th>Template</Table.Th>
                  {manager && <Table.Th aria-label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row._id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <span>{row.name}</span>
                        {row.isDefault && (
                          <Badge
                            size="sm"
                            variant="light"
                            aria-label={`${row.name} is the default`}
                          >
                            Default
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{row.typeName}</Table.Td>
                    {channel === "email" && <Table.Td>{row.subject}</Table.Td>}
                    <Table.Td>
                      <Text size="sm" lineClamp={2} style={{ whiteSpace: "pre-line" }}>
                        {row.template}
                      </Text>
                    </Table.Td>
                    {manager && (
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            component={Link}
                            to={base(`edit/${row._id}`)}
                            aria-label={`Edit ${row.name}`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => void toggleDefault(row)}
                            disabled={busy}
                            aria-label={
                              row.isDefault
                                ? `Stop using ${row.name} as the default`
                                : `Make ${row.name} the default for ${row.typeName}`
                            }
                          >
                            {row.isDefault ? "Remove default" : "Make default"}
                          </Button>
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            onClick={() => setDeleting(row)}
                            aria-label={`Delete ${row.name}`}
                          >
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Stack>
      <ConfirmDeleteDialog
        opened={deleting !== null}
        name={deleting?.name ?? ""}
        what="template"
        deleting={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Container>
  );
}
