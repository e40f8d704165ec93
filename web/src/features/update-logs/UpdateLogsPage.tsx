import {
  Anchor,
  Button,
  Center,
  Container,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { apiRequest } from "../../api/http.ts";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { describeUpdateLogs, type UpdateLogRecord } from "./update-logs.ts";

const PAGE_SIZE = 50;
export const FETCH_UPDATE_LOGS_FAILED = "Not able to fetch the update logs.";

/**
 * /{org}/{year}/updatelogs (spec 2.3): who added, edited or deleted which entry or master, newest
 * first, from GET /misc/updatelog, fifty at a time.
 */
export function UpdateLogsPage() {
  usePageTitle("Update Logs");
  const { organisation, year } = useOrganisationScope();
  const scope = { organisationId: organisation._id, year };
  const logs = useInfiniteQuery({
    queryKey: ["update-logs", scope.organisationId],
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const answer = await apiRequest<{ logs: UpdateLogRecord[] }>("GET", "/misc/updatelog", {
        query: { organisationId: scope.organisationId, skip: pageParam, limit: PAGE_SIZE },
        signal,
        errorTitle: FETCH_UPDATE_LOGS_FAILED,
      });
      return answer.logs;
    },
    getNextPageParam: (last, pages) =>
      last.length === PAGE_SIZE ? pages.length * PAGE_SIZE : undefined,
  });
  const rows = describeUpdateLogs(logs.data?.pages.flat() ?? [], scope);
  return (
    <Container size="xl">
      <Stack>
        <Title order={1} fz="h2">
          Update Logs
        </Title>
        {logs.isPending ? (
          <Center>
            <Loader aria-label="Loading" />
          </Center>
        ) : rows.length === 0 ? (
          <Text c="dimmed">No changes yet.</Text>
        ) : (
          <Table aria-label="Update logs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>User</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Entry</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.at}</Table.Td>
                  <Table.Td>{row.user}</Table.Td>
                  <Table.Td>{row.action}</Table.Td>
                  <Table.Td>
                    {row.path ? (
                      <Anchor component={Link} to={row.path}>
                        {row.what}
                      </Anchor>
                    ) : (
                      row.what
                    )}
                  </Table.Td>
                  <Table.Td>{row.date}</Table.Td>
                  <Table.Td ta="right">{row.amount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {logs.hasNextPage && (
          <Button
            variant="default"
            loading={logs.isFetchingNextPage}
            onClick={() => void logs.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </Stack>
    </Container>
  );
}
