import { describeTemplateType, MESSAGE_TEMPLATE_TYPES, TEMPLATE_LIMITS } from "@bahi/domain";
import { Button, Checkbox, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { notify } from "../../app/notify.tsx";
import { organisationPath } from "../../app/routes.ts";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { SelectInput } from "../../components/inputs/SelectInput.tsx";
import { TextField } from "../../components/inputs/TextField.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { PlaceholderTextarea } from "./PlaceholderTextarea.tsx";
import { AVAILABLE_PLACEHOLDERS } from "./placeholders.ts";
import { CHANNEL_ROUTE } from "./TemplatesPage.tsx";
import {
  type MessageTemplate,
  saveTemplate,
  TEMPLATE_TOASTS,
  type TemplateChannel,
  templatesKey,
  useTemplate,
} from "./templates.api.ts";

const TYPE_OPTIONS = MESSAGE_TEMPLATE_TYPES.map((type) => ({
  value: type,
  label: describeTemplateType(type),
}));

const CHANNEL_NAME: Record<TemplateChannel, string> = { email: "Email", whatsapp: "WhatsApp" };

/** settings/{email|whatsapp}-template/add and edit/{id}. */
export function TemplateFormPage({
  channel,
  mode,
}: {
  channel: TemplateChannel;
  mode: "add" | "edit";
}) {
  const { id = "" } = useParams();
  const { organisation } = useOrganisationScope();
  const existing = useTemplate(organisation._id, channel, id);
  if (mode === "edit") {
    if (existing.isPending) return <Text c="dimmed">Loading…</Text>;
    if (!existing.data)
      return <Text c="red">This template does not exist or has been deleted.</Text>;
    return <TemplateForm channel={channel} existing={existing.data.template} />;
  }
  return <TemplateForm channel={channel} />;
}

function TemplateForm({
  channel,
  existing,
}: {
  channel: TemplateChannel;
  existing?: MessageTemplate;
}) {
  const title = `${existing ? "Edit" : "Add"} ${CHANNEL_NAME[channel]} Template`;
  usePageTitle(title);
  const { organisation, year } = useOrganisationScope();
  const organisationId = organisation._id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(existing?.name ?? "");
  const [type, setType] = useState<string | null>(existing?.type ?? "salesInvoice");
  const [subject, setSubject] = useState(existing?.subject ?? "");
  const [template, setTemplate] = useState(existing?.template ?? "");
  const [isDefault, setIsDefault] = useState(existing?.isDefault ?? false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const listPath = organisationPath(organisationId, year, `${CHANNEL_ROUTE[channel]}/list`);

  async function save() {
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = "Template name is required.";
    if (!type) found.type = "Template type is required.";
    if (channel === "email" && !subject.trim()) found.subject = "Subject is required.";
    if (!template.trim()) found.template = "Template text is required.";
    setProblems(found);
    if (Object.keys(found).length > 0 || !type) return;
    setSaving(true);
    try {
      await saveTemplate(
        organisationId,
        channel,
        { name, type, template, isDefault, ...(channel === "email" ? { subject } : {}) },
        existing ? { templateId: existing._id, version: existing.version } : undefined,
      );
      notify({ type: "success", title: existing ? TEMPLATE_TOASTS.edited : TEMPLATE_TOASTS.added });
      await queryClient.invalidateQueries({ queryKey: templatesKey(organisationId, channel) });
      navigate(listPath);
    } catch {
      // The client showed the danger toast with the server's message.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Container size="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <Title order={1} fz="h2">
            {title}
          </Title>
          <TextField
            label="Name"
            required
            value={name}
            onChange={setName}
            maxChars={TEMPLATE_LIMITS.name}
            error={problems.name}
          />
          <SelectInput
            label="For"
            required
            data={TYPE_OPTIONS}
            value={type}
            onChange={setType}
            error={problems.type}
          />
          {channel === "email" && (
            <TextField
              label="Subject"
              required
              value={subject}
              onChange={setSubject}
              maxChars={TEMPLATE_LIMITS.subject}
              error={problems.subject}
            />
          )}
          <PlaceholderTextarea
            label="Template"
            required
            description="Type { to put in a placeholder such as {customerName}"
            value={template}
            onChange={setTemplate}
            maxChars={TEMPLATE_LIMITS.template}
            minRows={6}
            available={AVAILABLE_PLACEHOLDERS}
            error={problems.template}
          />
          <Checkbox
            label="Default for this type: send dialogs open with it"
            checked={isDefault}
            onChange={(event) => setIsDefault(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(listPath)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
