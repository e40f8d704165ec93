import { CUSTOM_FIELD_TYPE_LABELS, type CustomFieldTarget, canManage } from "@bahi/domain";
import { Container, Stack, Table, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog.tsx";
import { SelectInput } from "../../components/inputs/SelectInput.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { CustomFieldModal, type CustomFieldModalState } from "./CustomFieldModal.tsx";
import { describeTarget, TARGET_OPTIONS } from "./custom-field-form.ts";
import { type ActiveFilter, activeParam, ListToolbar, matchesSearch } from "./ListToolbar.tsx";
import { MasterListContent } from "./MasterListContent.tsx";
import { ActiveBadge, MasterRowMenu, NameWithDescription } from "./MasterListRow.tsx";
import {
  type CustomFieldRecord,
  customFieldsKey,
  deleteCustomField,
  MASTER_TOASTS,
  setCustomFieldActive,
  useCustomFields,
} from "./masters.api.ts";
import { useMasterRowActions } from "./use-master-row-actions.ts";

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
  const fields = useCustomFields(organisationId, {
    active: activeParam(active),
    ...(target ? { applicableFor: target } : {}),
  });
  const actions = useMasterRowActions<CustomFieldRecord>({
    organisationId,
    setActive: setCustomFieldActive,
    remove: deleteCustomField,
    deletedToast: MASTER_TOASTS.customFieldDeleted,
    refresh: () => queryClient.invalidateQueries({ queryKey: customFieldsKey(organisationId) }),
  });

  const shown = (fields.data ?? []).filter((field) =>
    matchesSearch([field.name, field.description], search),
  );

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
        <MasterListContent
          pending={fields.isPending}
          empty={shown.length === 0}
          search={search}
          emptyText="No Custom Fields Present"
        >
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
                      <NameWithDescription name={field.name} description={field.description} />
                    </Table.Td>
                    <Table.Td>{CUSTOM_FIELD_TYPE_LABELS[field.type]}</Table.Td>
                    <Table.Td>{describeTarget(field.applicableFor)}</Table.Td>
                    <Table.Td>{field.printInPdf ? "Yes" : "No"}</Table.Td>
                    <Table.Td>
                      <ActiveBadge active={field.active} />
                    </Table.Td>
                    <Table.Td>
                      {manager && (
                        <MasterRowMenu
                          name={field.name}
                          active={field.active}
                          onEdit={() => setModal({ mode: "edit", field })}
                          onToggleActive={() => void actions.toggleActive(field)}
                          onDelete={() => actions.askDelete(field)}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </MasterListContent>
      </Stack>
      {modal && (
        <CustomFieldModal
          organisationId={organisationId}
          state={modal}
          onClose={() => setModal(null)}
        />
      )}
      <ConfirmDeleteDialog what="custom field" {...actions.confirmDelete} />
    </Container>
  );
}
