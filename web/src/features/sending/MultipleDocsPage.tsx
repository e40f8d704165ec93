import {
  DEFAULT_LIST_SORT,
  formatAmount,
  formatDateDisplay,
  getVoucherDefinition,
  PARTY_NATURES,
  rupeesToPaise,
  VOUCHER_TYPES,
  type VoucherType,
  validateEmail,
  validatePhone,
} from "@bahi/domain";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { notify } from "../../app/notify.tsx";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { AccountPicker } from "../../components/inputs/AccountPicker.tsx";
import type { AccountRecord } from "../../components/inputs/account-options.ts";
import { SelectInput } from "../../components/inputs/SelectInput.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { fetchListPage } from "../lists/lists.api.ts";
import { PlaceholderTextarea } from "./PlaceholderTextarea.tsx";
import { AVAILABLE_PLACEHOLDERS } from "./placeholders.ts";
import {
  type BulkResult,
  fetchBulkTemplates,
  type PrefilledTemplate,
  SENDING_TOASTS,
  type SendChannel,
  sendBulk,
} from "./sending.api.ts";

// The printable types a party's documents come in (the registry's print facts), customer's first.
const TYPES = VOUCHER_TYPES.filter((type) => {
  const print = getVoucherDefinition(type).print;
  return print !== null && print.parentType === null;
});
const TYPE_OPTIONS = TYPES.map((type) => ({
  value: type,
  label: getVoucherDefinition(type).titles.plural,
}));
const LIMIT = 50;
// One message for every document: only the names mean something ({documentList} is the list).
const ONE_MESSAGE_PLACEHOLDERS = AVAILABLE_PLACEHOLDERS.filter(
  (name) => name === "customerName" || name === "organisationName",
);

/** tools/multiple-docs, Send Multiple Docs (spec 2.3): a party's documents in one go. */
export function MultipleDocsPage() {
  usePageTitle("Send Multiple Docs");
  const { organisation, year } = useOrganisationScope();
  const organisationId = organisation._id;
  const [account, setAccount] = useState<AccountRecord | null>(null);
  const [type, setType] = useState<VoucherType>("salesInvoice");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [channel, setChannel] = useState<SendChannel>("email");
  const [to, setTo] = useState("");
  const [sending, setSending] = useState(false);
  // One id per send: a second click while it runs queues nothing more; a new id after each answer.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [results, setResults] = useState<BulkResult[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chatUrl, setChatUrl] = useState<string | null>(null);
  const [template, setTemplate] = useState<string | null>(null);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");

  // The message starts from the server's text for this party, type and channel (as the single
  // document's send dialog does); what the person edits is what is sent, filled by the server.
  const templates = useQuery({
    queryKey: ["multiple-docs-templates", organisationId, account?._id, type, channel],
    enabled: account !== null,
    queryFn: ({ signal }) =>
      fetchBulkTemplates(channel, { organisationId, accountId: account?._id ?? "", type }, signal),
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    const first = templates.data?.templates[0];
    setTemplate(first ? "0" : null);
    setSubject(first?.subject ?? "");
    setBody(first?.template ?? "");
  }, [templates.data]);

  function applyTemplate(chosenTemplate: PrefilledTemplate, index: number) {
    setTemplate(String(index));
    setSubject(chosenTemplate.subject ?? "");
    setBody(chosenTemplate.template);
  }

  const documents = useQuery({
    queryKey: ["multiple-docs", organisationId, year, type, account?._id],
    enabled: account !== null,
    queryFn: ({ signal }) =>
      fetchListPage(
        {
          organisationId,
          year,
          type,
          view: "live",
          page: 1,
          pageSize: 100,
          sort: DEFAULT_LIST_SORT,
          search: "",
          filters: { account: account?._id ?? "" },
        },
        signal,
      ),
  });
  const rows = documents.data?.records ?? [];

  function pickAccount(next: AccountRecord | null) {
    setAccount(next);
    setChosen(new Set());
    setResults(null);
    setTo((channel === "email" ? next?.email : next?.mobileNo) ?? "");
  }

  function pickChannel(next: SendChannel) {
    setChannel(next);
    setTo((next === "email" ? account?.email : account?.mobileNo) ?? "");
    setProblem(null);
  }

  function toggle(id: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function send() {
    if (
      !account ||
      chosen.size === 0 ||
      !to.trim() ||
      !body.trim() ||
      (channel === "email" && !subject.trim())
    ) {
      notify({ type: "danger", title: SENDING_TOASTS.fillAll });
      return;
    }
    const invalid = channel === "email" ? validateEmail(to) : validatePhone(to);
    if (invalid) {
      setProblem(invalid.message);
      notify({ type: "danger", title: invalid.title, message: invalid.message });
      return;
    }
    setSending(true);
    setResults(null);
    try {
      const answer = await sendBulk(channel, {
        organisationId,
        accountId: account._id,
        to: to.trim(),
        ...(channel === "email" ? { subject } : {}),
        body,
        documents: [...chosen].map((entryId) => ({ entryId, transactionType: type })),
        requestId,
      });
      setRequestId(crypto.randomUUID());
      setResults(answer.results);
      setChatUrl(answer.chatUrl ?? null);
      if (answer.chatUrl) {
        const chat = window.open(answer.chatUrl, "_blank");
        if (chat) chat.opener = null;
      }
      if (answer.success) notify({ type: "success", title: answer.message });
      else
        notify({
          type: "danger",
          title: channel === "email" ? SENDING_TOASTS.emailFailed : SENDING_TOASTS.messageFailed,
          message: answer.message,
        });
    } catch {
      // The client showed the danger toast.
    } finally {
      setSending(false);
    }
  }

  const resultOf = new Map((results ?? []).map((result) => [result.entryId, result]));

  return (
    <Container size="lg">
      <Stack gap="md">
        <Title order={1} fz="h2">
          Send Multiple Docs
        </Title>
        <Group align="flex-end" wrap="wrap">
          <div style={{ minWidth: 280 }}>
            <AccountPicker
              label="Party"
              natures={PARTY_NATURES}
              value={account?._id ?? null}
              onChange={(_, record) => pickAccount(record)}
            />
          </div>
          <SelectInput
            label="Documents"
            data={TYPE_OPTIONS}
            value={type}
            onChange={(value) => {
              if (!value) return;
              setType(value as VoucherType);
              setChosen(new Set());
              setResults(null);
            }}
            allowDeselect={false}
          />
        </Group>
        {account === null ? (
          <Text c="dimmed">Choose a debtor or creditor to see their documents.</Text>
        ) : documents.isPending ? (
          <Loader size="sm" />
        ) : rows.length === 0 ? (
          <Text c="dimmed">
            {account.name} has no {getVoucherDefinition(type).titles.plural.toLowerCase()} in {year}
            .
          </Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Checkbox
                    aria-label="Choose all"
                    checked={rows.length > 0 && rows.every((row) => chosen.has(row._id))}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      setChosen(new Set(on ? rows.slice(0, LIMIT).map((row) => row._id) : []));
                    }}
                  />
                </Table.Th>
                <Table.Th>Number</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th style={{ textAlign: "right" }}>Amount</Table.Th>
                <Table.Th>Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const result = resultOf.get(row._id);
                return (
                  <Table.Tr key={row._id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Choose ${row.number ?? ""}`}
                        checked={chosen.has(row._id)}
                        onChange={(event) => toggle(row._id, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>{row.number}</Table.Td>
                    <Table.Td>{row.date ? formatDateDisplay(row.date) : ""}</Table.Td>
                    <Table.Td style={{ textAlign: "right" }}>
                      {typeof row.totalAmount === "number"
                        ? formatAmount(rupeesToPaise(row.totalAmount))
                        : ""}
                    </Table.Td>
                    <Table.Td>
                      {result && (
                        <Badge
                          color={result.status === "failed" ? "red" : "green"}
                          variant="light"
                          title={result.message}
                        >
                          {result.status === "failed" ? `Failed: ${result.message}` : result.status}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {account && (
          <Stack gap="sm">
            <SegmentedControl
              aria-label="Send by"
              data={[
                { value: "email", label: "Email (one mail)" },
                { value: "whatsapp", label: "WhatsApp (one message each)" },
              ]}
              value={channel}
              onChange={(value) => pickChannel(value as SendChannel)}
            />
            <TextInput
              label={channel === "email" ? "Email address" : "Phone number"}
              type={channel === "email" ? "email" : "tel"}
              value={to}
              onChange={(event) => {
                setTo(event.currentTarget.value);
                setProblem(null);
              }}
              error={problem}
            />
            {(templates.data?.templates.length ?? 0) > 1 && (
              <SelectInput
                label="Template"
                data={(templates.data?.templates ?? []).map((option, index) => ({
                  value: String(index),
                  label: option.name,
                }))}
                value={template}
                onChange={(value) => {
                  const index = Number(value);
                  const option = templates.data?.templates[index];
                  if (option) applyTemplate(option, index);
                }}
                allowDeselect={false}
              />
            )}
            {channel === "email" && (
              <TextInput
                label="Subject"
                value={subject}
                onChange={(event) => setSubject(event.currentTarget.value)}
              />
            )}
            <PlaceholderTextarea
              label="Message"
              value={body}
              onChange={setBody}
              minRows={6}
              available={
                templates.data?.perDocument ? AVAILABLE_PLACEHOLDERS : ONE_MESSAGE_PLACEHOLDERS
              }
              description={
                templates.data?.perDocument
                  ? "One message for each document, filled for that document."
                  : "{documentList} becomes the list of the chosen documents."
              }
            />
            {chatUrl && (
              <Alert color="green">
                <Anchor href={chatUrl} target="_blank" rel="noopener">
                  Open the WhatsApp message
                </Anchor>
              </Alert>
            )}
            {chosen.size > LIMIT && (
              <Alert color="yellow">At most {LIMIT} documents can be sent at once.</Alert>
            )}
            <Group justify="space-between">
              <Text size="sm" c="dimmed" aria-live="polite">
                {sending
                  ? `Sending ${chosen.size} document${chosen.size === 1 ? "" : "s"}…`
                  : `${chosen.size} chosen`}
              </Text>
              <Button
                onClick={() => void send()}
                loading={sending}
                disabled={chosen.size === 0 || chosen.size > LIMIT}
              >
                Send {chosen.size > 0 ? chosen.size : ""}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
