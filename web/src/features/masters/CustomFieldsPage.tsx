import { CUSTOM_FIELD_TYPE_LABELS, type CustomFieldTarget, canManage } from "@bahi/domain";
import {
  ActionIcon,
  Badge,
  Center,
  Container,
  Loader,
  Menu,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "../../app/notify.tsx";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog.tsx";
import { SelectInput } from "../../components/inputs/SelectInput.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { CustomFieldModal, type CustomFieldModalState } from "./CustomFieldModal.tsx";
import { describeTarget, TARGET_OPTIONS } from "./custom-field-form.ts";
import { type ActiveFilter, activeParam, ListToolbar, matchesSearch } from "./ListToolbar.tsx";
import {
  type CustomFieldRecord,
  customFieldsKey,
  deleteCustomField,
  MASTER_TOASTS,
  setCustomFieldActive,
  useCustomFields,
} from "./masters.api.ts";

/**
 * /{org}/{year}/settings/custom-fields: the organisation's custom fields, searchable, active or
 * inactive, narrowed to one Applicable For (which Add then preselects, spec 4); owners and
 * admins add, edit, switch and delete them, everyone else reads.
 */
export function CustomFieldsPage() {
  usePageTitle("Custom Fields");
  const { organisation } = useOrganisationScope();
  const organisationId = organisation._id;
  const manager = canManage(organisation.role, "settings");
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [active, setActive] = useState<ActiveFilter>("active");
  const [target, setTarget] = useState<CustomFieldTarget | null>(null);
  const [modal, setModal] = useState<CustomFieldModalState | null>(null);
  const [deleting, setDeleting] = useState<CustomFieldRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = useCustomFields(organisationId, {
    active: activeParam(active),
    ...(target ? { applicableFor: target } : {}),
  });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: customFieldsKey(organisationId) });

  const shown = (fields.data ?? []).filter((field) =>
    matchesSearch([field.name, field.description], search),
  );

  async function toggleActive(field: CustomFieldRecord) {
    try {
      const answer = await setCustomFieldActive(organisationId, field._id, !field.active);
      notify({ type: "success", title: answer.message });
      await refresh();
    } catch {
      // The client showed the danger toast.
    }
  }

  async function confirmDelete(field: CustomFieldRecord) {
    setBusy(true);
    try {
      await deleteCustomField(organisationId, field._id);
      notify({ type: "success", title: MASTER_TOASTS.customFieldDeleted });
      setDeleting(null);
      await refresh();
    } catch {
      // The client showed the danger toast.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size="lg">
      <Stack gap="md">
        <Title order={1} fz="h2">
          Custom Fields
        </Title>
        <ListToolbar
          search={search}
          onSearch={setSearch}
          searchPlaceholder="Search by name or description"
          active={active}
          onActive={setActive}
          {...(manager
            ? {
                onAdd: () =>
                  setModal({ mode: "add", ...(target ? { applicableFor: target } : {}) }),
              }
            : {})}
        >
          <SelectInput
            aria-label="Applicable For"
            placeholder="All types"
            data={TARGET_OPTIONS}
            value={target}
            onChange={(value) => setTarget(value as CustomFieldTarget | null)}
            clearable
            w={220}
          />
        </ListToolbar>
        {fields.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        ) : shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {search ? "No record found matching your search criteria" : "No Custom Fields Present"}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover verticalSpacing="xs" aria-label="Custom fields">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Applicable For</Table.Th>
                  <Table.Th>Print in PDF</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th w={48} aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((field) => (
                  <Table.Tr
                    key={field._id}
                    onDoubleClick={() => manager && setModal({ mode: "edit", field })}
                  >
                    <Table.Td>
                      <Text fw={500}>{field.name}</Text>
                      {field.description && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {field.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{CUSTOM_FIELD_TYPE_LABELS[field.type]}</Table.Td>
                    <Table.Td>{describeTarget(field.applicableFor)}</Table.Td>
                    <Table.Td>{field.printInPdf ? "Yes" : "No"}</Table.Td>
                    <Table.Td>
                      <Badge color={field.active ? "green" : "gray"} variant="light">
                        {field.active ? "Active" : "Inactive"}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {manager && (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Actions for ${field.name}`}
                            >
                              ⋮
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setModal({ mode: "edit", field })}>
                              Edit
                            </Menu.Item>
                            <Menu.Item onClick={() => void toggleActive(field)}>
                              {field.active ? "Make Inactive" : "Make Active"}
                            </Menu.Item>
                            <Menu.Divider />
                            <Menu.Item color="red" onClick={() => setDeleting(field)}>
                              Delete
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {modal && (
        <CustomFieldModal
          organisationId={organisationId}
          state={modal}
          onClose={() => setModal(null)}
        />
      )}
      <ConfirmDeleteDialog
        opened={deleting !== null}
        what="custom field"
        name={deleting?.name ?? ""}
        deleting={busy}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Container>
  );
}
