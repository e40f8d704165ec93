import { canManage, ROLE_LABELS } from "@bahi/domain";
import { Anchor, Badge, Button, Group, Switch, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { apiErrorToast } from "../../app/api-error-toast.ts";
import { notify } from "../../app/notify.tsx";
import { organisationStartPath } from "../../app/routes.ts";
import {
  type OrganisationSummary,
  setOrganisationActive,
  useRefreshOrganisations,
} from "./organisations.api.ts";

export type OrganisationAction = "rename" | "delete" | "leave";

/** The person's organisations with their role; what each may do follows the role (docs/decisions/004). */
export function OrganisationsTable({
  organisations,
  onAction,
}: {
  organisations: OrganisationSummary[];
  onAction: (action: OrganisationAction, organisation: OrganisationSummary) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Organisation</Table.Th>
            <Table.Th>Your role</Table.Th>
            <Table.Th>Active</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {organisations.map((organisation) => (
            <Table.Tr key={organisation._id}>
              <Table.Td>
                {organisation.active ? (
                  <Anchor component={Link} to={organisationStartPath(organisation)} fw={600}>
                    {organisation.name}
                  </Anchor>
                ) : (
                  <Text fw={600} c="dimmed">
                    {organisation.name}
                  </Text>
                )}
                {organisation.gstin && (
                  <Text size="xs" c="dimmed">
                    GSTIN {organisation.gstin}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{ROLE_LABELS[organisation.role]}</Table.Td>
              <Table.Td>
                <ActiveCell organisation={organisation} />
              </Table.Td>
              <Table.Td>
                <RowActions organisation={organisation} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ActiveCell({ organisation }: { organisation: OrganisationSummary }) {
  const refresh = useRefreshOrganisations();
  const [saving, setSaving] = useState(false);
  if (!canManage(organisation.role, "settings")) {
    return (
      <Badge color={organisation.active ? "green" : "gray"} variant="light">
        {organisation.active ? "Active" : "Inactive"}
      </Badge>
    );
  }
  async function toggle(active: boolean) {
    setSaving(true);
    try {
      await setOrganisationActive(organisation._id, active);
      await refresh();
      notify({
        type: "success",
        title: `${organisation.name} is now ${active ? "active" : "inactive"}`,
      });
    } catch (error) {
      apiErrorToast("Could not change the organisation", error);
    } finally {
      setSaving(false);
    }
  }
  return (
    <Switch
      checked={organisation.active}
      disabled={saving}
      onChange={(event) => void toggle(event.currentTarget.checked)}
      aria-label={`${organisation.name} active`}
    />
  );
}

function RowActions({
  organisation,
  onAction,
}: {
  organisation: OrganisationSummary;
  onAction: (action: OrganisationAction, organisation: OrganisationSummary) => void;
}) {
  const { role, name } = organisation;
  return (
    <Group gap="xs" wrap="nowrap">
      {canManage(role, "settings") && (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onAction("rename", organisation)}
          aria-label={`Rename ${name}`}
        >
          Rename
        </Button>
      )}
      {canManage(role, "organisation") ? (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={() => onAction("delete", organisation)}
          aria-label={`Delete ${name}`}
        >
          Delete
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          color="orange"
          onClick={() => onAction("leave", organisation)}
          aria-label={`Leave ${name}`}
        >
          Leave
        </Button>
      )}
    </Group>
  );
}
