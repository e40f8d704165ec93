import { canManage } from "@bahi/domain";
import {
  Anchor,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { apiRequest } from "../../api/http.ts";
import { organisationPath } from "../../app/routes.ts";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { type ActivityLogRecord, describeActivityLogs } from "./activity-log.ts";
import { fetchMembers, membersKey } from "./members.api.ts";

const PAGE_SIZE = 50;
const EVERYONE = "";
export const FETCH_ACTIVITY_FAILED = "Could not fetch the activity log";

/**
 * /{org}/{year}/settings/users/activity (issue 25): the members' activity log from GET
 * /organisation/user-logs, newest first, fifty at a time. Owners and admins see everyone's and
 * may pick one member (?userId=); anyone else sees their own, as the server allows.
 */
export function ActivityLogPage() {
  usePageTitle("Activity Log");
  const { organisation, year } = useOrganisationScope();
  const organisationId = organisation._id;
  const manager = canManage(organisation.role, "users");
  const [params, setParams] = useSearchParams();
  const userId = manager ? (params.get("userId") ?? EVERYONE) : EVERYONE;
  const members = useQuery({
    queryKey: membersKey(organisationId),
    queryFn: () => fetchMembers(organisationId),
    enabled: manager,
  });
  const logs = useInfiniteQuery({
    queryKey: ["activity-log", organisationId, userId],
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const answer = await apiRequest<{ logs: ActivityLogRecord[]; count: number }>(
        "GET",
        "/organisation/user-logs",
        {
          query: {
            organisationId,
            ...(userId ? { userId } : {}),
            skip: pageParam,
            limit: PAGE_SIZE,
          },
          signal,
          errorTitle: FETCH_ACTIVITY_FAILED,
        },
      );
      return answer;
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.logs.length, 0);
      return loaded < last.count && last.logs.length > 0 ? loaded : undefined;
    },
  });
  const rows = describeActivityLogs(logs.data?.pages.flatMap((page) => page.logs) ?? []);
  const total = logs.data?.pages[0]?.count ?? 0;

  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Title order={1} fz="h2">
            Activity Log
          </Title>
          {manager && (
            <Anchor component={Link} to={organisationPath(organisationId, year, "settings/users")}>
              Back to Users
            </Anchor>
          )}
        </Group>
        {manager ? (
          <Select
            label="Member"
            maw={360}
            allowDeselect={false}
            value={userId}
            data={[
              { value: EVERYONE, label: "Everyone" },
              ...(members.data ?? []).map((member) => ({
                value: member._id,
                label: `${member.name} (${member.email})`,
              })),
            ]}
            onChange={(value) => {
              const next = new URLSearchParams(params);
              if (value) next.set("userId", value);
              else next.delete("userId");
              setParams(next, { replace: true });
            }}
          />
        ) : (
          <Text c="dimmed">What you have done in {organisation.name}.</Text>
        )}
        {logs.isPending ? (
          <Center>
            <Loader aria-label="Loading" />
          </Center>
        ) : rows.length === 0 ? (
          <Text c="dimmed">No activity yet.</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Showing {rows.length} of {total}
            </Text>
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label="Activity log" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Member</Table.Th>
                    <Table.Th>Action</Table.Th>
                    <Table.Th>What</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{row.at}</Table.Td>
                      <Table.Td>{row.user}</Table.Td>
                      <Table.Td>{row.action}</Table.Td>
                      <Table.Td>{row.summary}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {logs.hasNextPage && (
              <Button
                variant="default"
                loading={logs.isFetchingNextPage}
                onClick={() => void logs.fetchNextPage()}
                style={{ alignSelf: "center" }}
              >
                Load more
              </Button>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
