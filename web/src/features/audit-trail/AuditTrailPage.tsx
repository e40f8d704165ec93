import { canManage, financialYearRange, todayCivil, VOUCHER_TYPES } from "@bahi/domain";
import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Menu,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { IndianDateField } from "../../components/inputs/IndianDateField.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { membersQuery } from "../members/members.api.ts";
import { downloadReport } from "../reports/download.ts";
import {
  describeTrail,
  describeVerification,
  fetchTrail,
  listTrailEntities,
  verifyTrail,
} from "./audit-trail.ts";

const PAGE_SIZE = 25;

/**
 * Reports → Audit Trail (issue 39): every create, edit, delete and restore with who, when and each
 * field's before and after; filtered by dates, user and record (or one record's history, from its
 * Log); verified against its hash chain; downloaded for the auditor. Nobody can change it.
 */
export function AuditTrailPage() {
  usePageTitle("Audit Trail");
  const { organisation, year } = useOrganisationScope();
  const [params, setParams] = useSearchParams();
  const range = financialYearRange(year as Parameters<typeof financialYearRange>[0]);
  const today = todayCivil();
  const [startDate, setStartDate] = useState(range.startDate);
  const [endDate, setEndDate] = useState(today < range.endDate ? today : range.endDate);
  const [userId, setUserId] = useState<string | null>(null);
  const [entity, setEntity] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const entityId = params.get("entityId") ?? undefined;
  const entityLabel = params.get("label") ?? "this record";
  const allowed = canManage(organisation.role, "auditTrail");
  const filter = {
    organisationId: organisation._id,
    startDate,
    endDate,
    userId: userId ?? undefined,
    entity: entity ?? undefined,
    entityId,
  };
  const members = useQuery({ ...membersQuery(organisation._id), enabled: allowed });
  const trail = useQuery({
    queryKey: ["audit-trail", filter, page],
    queryFn: ({ signal }) =>
      fetchTrail(filter, { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, signal),
    enabled: allowed && Boolean(startDate && endDate),
    placeholderData: keepPreviousData,
  });
  const verification = useMutation({ mutationFn: () => verifyTrail(organisation._id) });
  const rows = describeTrail(trail.data?.entries ?? []);
  const pages = Math.max(1, Math.ceil((trail.data?.count ?? 0) / PAGE_SIZE));
  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  if (!allowed) {
    return (
      <Container size="xl">
        <Title order={1} fz="h2">
          Audit Trail
        </Title>
        <Text mt="md">Only the owner and admins can read the audit trail.</Text>
      </Container>
    );
  }
  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1} fz="h2">
            Audit Trail
          </Title>
          <Group>
            <Button
              variant="default"
              loading={verification.isPending}
              onClick={() => verification.mutate()}
            >
              Verify
            </Button>
            <Menu>
              <Menu.Target>
                <Button variant="default">Download</Button>
              </Menu.Target>
              <Menu.Dropdown>
                {(["pdf", "excel"] as const).map((format) => (
                  <Menu.Item
                    key={format}
                    onClick={() =>
                      void downloadReport({ path: "/audit/trail", query: filter }, format, {
                        empty: rows.length === 0,
                        fallbackName: "audit-trail",
                      })
                    }
                  >
                    {format === "pdf" ? "PDF" : "Excel"}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        {verification.data && (
          <Alert
            color={verification.data.ok ? "green" : "red"}
            title={verification.data.ok ? "Verified" : "Broken"}
            role="status"
          >
            {describeVerification(verification.data)}
          </Alert>
        )}
        {entityId && (
          <Alert color="blue" title={`History of ${entityLabel}`}>
            <Group justify="space-between">
              <Text size="sm">Showing only the changes to {entityLabel}.</Text>
              <Button
                size="xs"
                variant="subtle"
                onClick={() =>
                  changeFilter(() => {
                    params.delete("entityId");
                    params.delete("label");
                    setParams(params);
                  })
                }
              >
                Show all records
              </Button>
            </Group>
          </Alert>
        )}
        <Group align="end">
          {/* Issue 40: dd-mm-yyyy, not the browser's own (mm/dd/yyyy on an English-US browser). */}
          <IndianDateField
            label="From"
            value={startDate}
            onChange={(date) => changeFilter(() => setStartDate(date))}
            w={130}
          />
          <IndianDateField
            label="To"
            value={endDate}
            onChange={(date) => changeFilter(() => setEndDate(date))}
            w={130}
          />
          <Select
            label="User"
            placeholder="Everyone"
            clearable
            data={(members.data ?? []).map((member) => ({ value: member._id, label: member.name }))}
            value={userId}
            onChange={(value) => changeFilter(() => setUserId(value))}
          />
          <Select
            label="Record"
            placeholder="Every record"
            clearable
            searchable
            data={listTrailEntities(VOUCHER_TYPES)}
            value={entity}
            onChange={(value) => changeFilter(() => setEntity(value))}
          />
        </Group>
        {trail.isPending ? (
          <Center>
            <Loader aria-label="Loading" />
          </Center>
        ) : rows.length === 0 ? (
          <Text c="dimmed">No changes in this period.</Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table aria-label="Audit trail" striped withRowBorders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Record</Table.Th>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Before</Table.Th>
                  <Table.Th>After</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.flatMap((row) => {
                  const changes = row.changes.length
                    ? row.changes
                    : [{ field: "", before: "", after: "" }];
                  return changes.map((change, index) => (
                    <Table.Tr key={`${row.id}-${change.field}`} data-entry={row.id}>
                      {index === 0 && (
                        <>
                          <Table.Td rowSpan={changes.length}>{row.at}</Table.Td>
                          <Table.Td rowSpan={changes.length}>{row.user}</Table.Td>
                          <Table.Td rowSpan={changes.length}>{row.action}</Table.Td>
                          <Table.Td rowSpan={changes.length}>{row.record}</Table.Td>
                        </>
                      )}
                      <Table.Td>{change.field}</Table.Td>
                      <Table.Td>{change.before}</Table.Td>
                      <Table.Td>{change.after}</Table.Td>
                    </Table.Tr>
                  ));
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
      </Stack>
    </Container>
  );
}
