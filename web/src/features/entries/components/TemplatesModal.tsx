import type { VoucherType } from "@bahi/domain";
import { Button, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiErrorToast } from "../../../app/api-error-toast.ts";
import { notify } from "../../../app/notify.tsx";
import { ConfirmDeleteDialog } from "../../../components/ConfirmDeleteDialog.tsx";
import { TextField } from "../../../components/inputs/TextField.tsx";
import {
  addTemplate,
  deleteTemplate,
  type EntryTemplateSummary,
  entryKeys,
  fetchTemplate,
  fetchTemplates,
  renameTemplate,
} from "../entries.api.ts";
import type { StoredEntry } from "../model/entry-context.ts";

const TEMPLATE_NAME_MAX = 100;

/**
 * Entry templates (api.md 7; spec 3 "Templates": saved drafts per entry family): save what is on
 * screen under a name, open one into the form, rename, delete ("Template Deleted Successfully.").
 */
export function TemplatesModal({
  opened,
  onClose,
  type,
  organisationId,
  currentEntry,
  onOpen,
}: {
  opened: boolean;
  onClose: () => void;
  type: VoucherType;
  organisationId: string;
  /** The form as a (possibly half-filled) payload, to be saved as a template. */
  currentEntry: () => Record<string, unknown>;
  onOpen: (entry: StoredEntry, template: EntryTemplateSummary) => void;
}) {
  const queryClient = useQueryClient();
  const key = entryKeys.templates(type, organisationId);
  const templates = useQuery({
    queryKey: key,
    queryFn: () => fetchTemplates(type, organisationId),
    enabled: opened,
  });
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<EntryTemplateSummary | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  async function save() {
    const templateName = name.trim();
    if (templateName === "") {
      setNameError("Template name is required.");
      return;
    }
    setBusy(true);
    try {
      const answer = await addTemplate(type, organisationId, templateName, currentEntry());
      notify({ type: "success", title: answer.message });
      setName("");
      setNameError(null);
      await refresh();
    } catch (error) {
      apiErrorToast("Could not save the template", error);
    } finally {
      setBusy(false);
    }
  }

  async function rename() {
    if (!renaming) return;
    const templateName = renaming.name.trim();
    if (templateName === "") return;
    setBusy(true);
    try {
      const answer = await renameTemplate(type, organisationId, renaming.id, templateName);
      notify({ type: "success", title: answer.message });
      setRenaming(null);
      await refresh();
    } catch (error) {
      apiErrorToast("Could not rename the template", error);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      const answer = await deleteTemplate(type, organisationId, deleting._id);
      notify({ type: "success", title: answer.message });
      setDeleting(null);
      await refresh();
    } catch (error) {
      apiErrorToast("Error", error);
    } finally {
      setBusy(false);
    }
  }

  async function open(template: EntryTemplateSummary) {
    setBusy(true);
    try {
      const entry = await fetchTemplate(type, organisationId, template._id);
      onOpen(entry, template);
      onClose();
    } catch (error) {
      apiErrorToast("Could not open the template", error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Modal opened={opened && !deleting} onClose={onClose} title="Entry Templates" size="lg">
        <Stack>
          <Group align="flex-end" wrap="nowrap">
            <TextField
              label="Save this entry as a template"
              placeholder="Template name"
              value={name}
              onChange={(value) => {
                setName(value);
                setNameError(null);
              }}
              maxChars={TEMPLATE_NAME_MAX}
              error={nameError}
              style={{ flex: 1 }}
              data-autofocus
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  void save();
                }
              }}
            />
            <Button onClick={() => void save()} loading={busy && renaming === null}>
              Save Template
            </Button>
          </Group>
          {templates.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              No templates saved yet.
            </Text>
          )}
          {templates.data && templates.data.length > 0 && (
            <Table aria-label="Templates" verticalSpacing={4}>
              <Table.Tbody>
                {templates.data.map((template) => (
                  <Table.Tr key={template._id}>
                    <Table.Td>
                      {renaming?.id === template._id ? (
                        <TextField
                          aria-label="New template name"
                          value={renaming.name}
                          maxChars={TEMPLATE_NAME_MAX}
                          onChange={(value) => setRenaming({ id: template._id, name: value })}
                          autoFocus
                          onKeyDown={(event) => {
                            if (event.key === "Enter") {
                              event.preventDefault();
                              void rename();
                            }
                            if (event.key === "Escape") {
                              event.stopPropagation();
                              setRenaming(null);
                            }
                          }}
                        />
                      ) : (
                        <Text size="sm">{template.templateName}</Text>
                      )}
                    </Table.Td>
                    <Table.Td w={260}>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          aria-label={`Open template ${template.templateName}`}
                          onClick={() => void open(template)}
                        >
                          Open
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Rename template ${template.templateName}`}
                          onClick={() =>
                            renaming?.id === template._id
                              ? void rename()
                              : setRenaming({ id: template._id, name: template.templateName })
                          }
                        >
                          {renaming?.id === template._id ? "Save" : "Rename"}
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          aria-label={`Delete template ${template.templateName}`}
                          onClick={() => setDeleting(template)}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Modal>
      <ConfirmDeleteDialog
        opened={deleting !== null}
        name={deleting?.templateName ?? ""}
        what="template"
        deleting={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
