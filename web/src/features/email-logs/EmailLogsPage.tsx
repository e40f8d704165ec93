import { describeWhatsAppOutcome, type EmailLogPage, SEND_OUTCOME_MESSAGES } from "@bahi/domain";
import {
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { apiRequest } from "../../api/http.ts";
import { notify } from "../../app/notify.tsx";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { IndianDateField } from "../../components/inputs/IndianDateField.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { SharedLinksDialog } from "../document-links/SharedLinks.tsx";
import { describeEmailLog, type EmailLogRow, STATUS_COLORS } from "./email-logs.ts";

const PAGE_SIZE = 20;
export const FETCH_EMAIL_LOGS_FAILED = "Could not fetch the email logs.";

/**
 * reports/email-logs (spec 2.3, api.md 7 Reports): every email and WhatsApp message the
 * organisation sent, with its status (queued, sent, failed with the reason), searchable and
 * filtered by date, and Resend. Queued messages are looked at again every two seconds.
 */
export function EmailLogsPage() {
  usePageTitle("Email Logs");
  const { organisation, year } = useOrganisationScope();
  const scope = { organisationId: organisation._id, year };
  const [searchText, setSearchText] = useState("");
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [dateFrom, setDateFrom] = useState("");
  const [dateTo, setDateTo] = useState("");
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  // The document whose shared links are open (Links next to a document in a row).
  const [shared, setShared] = useState<{ entryId: string; type: string; label: string } | null>(
    null,
  );
  const query = {
    organisationId: scope.organisationId,
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    searchText: search || undefined,
    dateFrom: dateFrom || undefined,
    dateTo: dateTo || undefined,
  };
  const logs = useQuery({
    queryKey: ["email-logs", query],
    queryFn: ({ signal }) =>
      apiRequest<EmailLogPage>("GET", "/emailreports/getEmailLogs", {
        query,
        signal,
        errorTitle: FETCH_EMAIL_LOGS_FAILED,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.emailLogs.some((row) => row.status === "queued") ? 2000 : false,
  });
  const resend = useMutation({
    mutationFn: (row: EmailLogRow) =>
      apiRequest<{ success: true; whatsAppUrl?: string }>("POST", "/emailreports/resend", {
        // One request id per click: the server queues a click once, however often it arrives.
        body: {
          organisationId: scope.organisationId,
          messageId: row.id,
          requestId: crypto.randomUUID(),
        },
        errorTitle: row.channel === "Email" ? "Could not send email" : "Could not send message",
      }),
    onSuccess: (answer, row) => {
      if (answer.whatsAppUrl) window.open(answer.whatsAppUrl, "_blank", "noopener");
      notify({
        type: "success",
        title:
          row.channel === "Email"
            ? SEND_OUTCOME_MESSAGES.emailSent
            : describeWhatsAppOutcome(Boolean(answer.whatsAppUrl)),
      });
      void queryClient.invalidateQueries({ queryKey: ["email-logs"] });
    },
  });
  const rows = describeEmailLog(logs.data?.emailLogs ?? [], scope);
  const pages = Math.max(1, Math.ceil((logs.data?.count ?? 0) / PAGE_SIZE));
  const filtered = Boolean(search || dateFrom || dateTo);
  return (
    <Container size="xl">
      <Stack>
        <Title order={1} fz="h2">
          Email Logs
        </Title>
        <Group align="end">
          <TextInput
            label="Search"
            placeholder="Search by recipient, subject or document number"
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: "100%", sm: 360 }}
          />
          <IndianDateField
            label="From"
            value={dateFrom}
            onChange={(date) => {
              setDateFrom(date);
              setPage(1);
            }}
            w={130}
          />
          <IndianDateField
            label="To"
            value={dateTo}
            onChange={(date) => {
              setDateTo(date);
              setPage(1);
            }}
            w={130}
          />
          {filtered && (
            <Button
              variant="subtle"
              onClick={() => {
                setSearchText("");
                setDateFrom("");
                setDateTo("");
                setPage(1);
              }}
            >
              Clear
            </Button>
          )}
        </Group>
        {logs.isPending ? (
          <Center>
            <Loader aria-label="Loading" />
          </Center>
        ) : rows.length === 0 ? (
          <Text c="dimmed">
            {filtered
              ? "No record found matching your search criteria"
              : "No emails or messages sent yet."}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table aria-label="Email logs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Channel</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>Sent By</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.at}</Table.Td>
                    <Table.Td>{row.channel}</Table.Td>
                    <Table.Td>{row.to}</Table.Td>
                    <Table.Td>{row.subject}</Table.Td>
                    <Table.Td>
                      {row.documents.map((document, index) => (
                        <span key={document.key}>
                          {index > 0 && ", "}
                          {document.path ? (
                            <Anchor component={Link} to={document.path}>
                              {document.label}
                            </Anchor>
                          ) : (
                            document.label
                          )}
                          {document.shared && (
                            <Anchor
                              component="button"
                              type="button"
                              size="xs"
                              ml={6}
                              aria-label={`Shared links of ${document.label}`}
                              onClick={() =>
                                document.shared &&
                                setShared({ ...document.shared, label: document.label })
                              }
                            >
                              links
                            </Anchor>
                          )}
                        </span>
                      ))}
                    </Table.Td>
                    <Table.Td>{row.sentBy}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[row.status]} variant="light">
                        {row.statusLabel}
                      </Badge>
                      {row.reason && (
                        <Text size="xs" c={row.status === "failed" ? "red" : "dimmed"}>
                          {row.reason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {row.filesDropped && (
                        <Text size="xs" c="dimmed">
                          Attachments no longer kept
                        </Text>
                      )}
                      {row.canResend && (
                        <Button
                          size="xs"
                          variant="default"
                          loading={resend.isPending && resend.variables?.id === row.id}
                          onClick={() => resend.mutate(row)}
                          aria-label={`Resend to ${row.to}`}
                        >
                          Resend
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            aria-label="Email log pages"
          />
        )}
      </Stack>
      {shared && (
        <SharedLinksDialog
          document={{ organisationId: scope.organisationId, ...shared }}
          label={shared.label}
          onClose={() => setShared(null)}
        />
      )}
    </Container>
  );
}
