import type { ListView, VoucherType } from "@bahi/domain";
import { canManage } from "@bahi/domain";
import { Anchor, Center, Loader, Modal, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { memo } from "react";
import { Link, useNavigate } from "react-router";
import { organisationPath } from "../../app/routes.ts";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { describeLogRows } from "./entry-log.ts";
import { formatInstant } from "./format-values.ts";
import { fetchEntryLog } from "./lists.api.ts";

export interface LogTarget {
  entryId: string;
  /** 'Sales Invoice 12' */
  label: string;
}

/** spec 2.8 / spec 4: the per-document Log dialog. */
export const LogDialog = memo(function LogDialog({
  target,
  type,
  view,
  scope,
  onClose,
}: {
  target: LogTarget | null;
  type: VoucherType;
  view: ListView;
  scope: { organisationId: string; year: string };
  onClose: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? `Log: ${target.label}` : "Log"}
      size="lg"
    >
      {target && (
        <Stack>
          <LogTable target={target} type={type} view={view} scope={scope} onClose={onClose} />
          <AuditTrailLink target={target} scope={scope} />
        </Stack>
      )}
    </Modal>
  );
});

/** Issue 39: the entry's field-by-field history in the audit trail, for those who may read it. */
function AuditTrailLink({
  target,
  scope,
}: {
  target: LogTarget;
  scope: { organisationId: string; year: string };
}) {
  const { organisation } = useOrganisationScope();
  if (!canManage(organisation.role, "auditTrail")) return null;
  const query = new URLSearchParams({ entityId: target.entryId, label: target.label });
  return (
    <Anchor
      component={Link}
      to={`${organisationPath(scope.organisationId, scope.year, "reports/audit-trail")}?${query}`}
    >
      Audit trail of {target.label}
    </Anchor>
  );
}

function LogTable({
  target,
  type,
  view,
  scope,
  onClose,
}: {
  target: LogTarget;
  type: VoucherType;
  view: ListView;
  scope: { organisationId: string; year: string };
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const logs = useQuery({
    queryKey: ["entry-log", scope.organisationId, type, target.entryId],
    queryFn: ({ signal }) => fetchEntryLog(type, scope.organisationId, target.entryId, signal),
    staleTime: 0,
  });
  if (logs.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" mr="sm" />
        <Text>Loading Data...</Text>
      </Center>
    );
  }
  const rows = describeLogRows(logs.data ?? [], { scope, type, entryId: target.entryId, view });
  return (
    <Table aria-label="Log">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Action</Table.Th>
          <Table.Th>By</Table.Th>
          <Table.Th>Date</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const label = `${row.label}${row.current ? " (Current)" : ""}`;
          const path = row.path;
          return (
            <Table.Tr key={row.key}>
              <Table.Td>
                {path ? (
                  <UnstyledButton
                    c="blue.6"
                    fw={500}
                    onClick={() => {
                      onClose();
                      void navigate(path);
                    }}
                  >
                    {label}
                  </UnstyledButton>
                ) : (
                  <Text span fw={500}>
                    {label}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{row.userName}</Table.Td>
              <Table.Td>{formatInstant(row.date)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
