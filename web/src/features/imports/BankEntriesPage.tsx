import { formatDateDisplay, getVoucherDefinition, isVoucherType } from "@bahi/domain";
import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Container,
  Group,
  Kbd,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { notify } from "../../app/notify.tsx";
import { organisationPath } from "../../app/routes.ts";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { AccountPicker } from "../../components/inputs/AccountPicker.tsx";
import { useActiveAccounts } from "../../components/inputs/account-options.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { BalanceBreakNotice } from "./bank-import/BalanceBreakNotice.tsx";
import { importRequestsKey, money, STATE_LABELS } from "./bank-import/bank-import.model.ts";
import { DuplicateLineBadge } from "./bank-import/DuplicateLineBadge.tsx";
import {
  type BankEntry,
  type BankEntryChoiceBody,
  fetchBankEntries,
  saveBankEntryChoices,
  saveBankTransactions,
  undoBankImport,
} from "./imports.api.ts";

const PAGE_SIZE = 100;

const STATUS_COLORS: Record<BankEntry["status"], string> = {
  pending: "gray",
  accepted: "blue",
  skipped: "yellow",
  saved: "green",
};

const STATUS_LABELS: Record<BankEntry["status"], string> = {
  pending: "To review",
  accepted: "Accepted",
  skipped: "Skipped",
  saved: "Saved",
};

function typeTitle(type: string): string {
  return isVoucherType(type) ? getVoucherDefinition(type).titles.singular : type;
}

function bankEntriesKey(organisationId: string, importRequestId: string) {
  return ["bank-entries", organisationId, importRequestId] as const;
}

/**
 * /{org}/{year}/imports/bank-entries/{recordId}: the review grid of one imported statement. Each
 * line shows the voucher it will become (receipt, payment or fund transfer), the suggested
 * account with its confidence and the bills it settles. Keyboard: ↑/↓ (or K/J) move, E picks
 * the account, A accepts, S skips, I imports a duplicate anyway, Ctrl+Enter saves.
 */
export function BankEntriesPage() {
  usePageTitle("Review Bank Entries");
  const { organisation, year } = useOrganisationScope();
  const organisationId = organisation._id;
  const { recordId = "" } = useParams();
  const queryClient = useQueryClient();
  const key = bankEntriesKey(organisationId, recordId);
  const entries = useQuery({
    queryKey: key,
    queryFn: () => fetchBankEntries(organisationId, recordId),
  });
  const accounts = useActiveAccounts(organisationId);
  const [selected, setSelected] = useState(0);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  // Issue 36: a statement whose balance breaks is saved only once the user ticks that they saw it.
  const [breakSeen, setBreakSeen] = useState(false);
  const gridRef = useRef<HTMLDivElement>(null);

  const lines = entries.data?.bankEntries ?? [];
  const request = entries.data?.importRequests[0];
  const current = lines[selected];
  const page = Math.floor(selected / PAGE_SIZE);
  const shown = lines.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const accountName = (id: string | null) =>
    accounts.data?.find((account) => account._id === id)?.name ?? "";
  const ready = lines.filter(
    (line) =>
      line.status === "accepted" &&
      line.counterAccountId &&
      (!line.duplicate || line.includeDuplicate),
  ).length;
  const blockedByBreak = Boolean(request?.balanceBreak) && !breakSeen;

  useEffect(() => {
    if (selected >= lines.length && lines.length > 0) setSelected(lines.length - 1);
  }, [lines.length, selected]);

  useEffect(() => {
    gridRef.current
      ?.querySelector(`[data-row-index="${selected}"]`)
      ?.scrollIntoView({ block: "nearest" });
  }, [selected]);

  async function change(choices: BankEntryChoiceBody[], moveOn = false) {
    try {
      const answer = await saveBankEntryChoices(organisationId, recordId, choices);
      queryClient.setQueryData(key, answer);
      if (moveOn) setSelected((index) => Math.min(index + 1, lines.length - 1));
    } catch {
      // The client showed the danger toast.
    }
  }

  function accept(line: BankEntry | undefined) {
    if (!line || line.status === "saved") return;
    if (!line.counterAccountId) {
      setEditing(true);
      return;
    }
    void change([{ bankEntryId: line._id, status: "accepted" }], true);
  }

  function skip(line: BankEntry | undefined) {
    if (!line || line.status === "saved") return;
    void change([{ bankEntryId: line._id, status: "skipped" }], true);
  }

  async function acceptSuggested() {
    const choices = lines
      .filter((line) => line.status === "pending" && line.counterAccountId && !line.duplicate)
      .map((line) => ({ bankEntryId: line._id, status: "accepted" as const }));
    if (choices.length > 0) await change(choices);
  }

  async function save() {
    if (saving || ready === 0 || blockedByBreak) return;
    setSaving(true);
    try {
      const answer = await saveBankTransactions(organisationId, recordId, breakSeen);
      notify({
        type: "success",
        title: `${answer.saved} entries saved`,
        ...(answer.skippedDuplicates
          ? { message: `${answer.skippedDuplicates} duplicates skipped.` }
          : {}),
      });
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: importRequestsKey(organisationId, year) });
    } catch {
      // The client showed the danger toast.
    } finally {
      setSaving(false);
    }
  }

  async function undo() {
    try {
      const answer = await undoBankImport(organisationId, recordId);
      notify({ type: "success", title: `${answer.deleted} entries deleted` });
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: importRequestsKey(organisationId, year) });
    } catch {
      // The client showed the danger toast.
    }
  }

  useHotkeys([
    ["ArrowDown", () => setSelected((index) => Math.min(index + 1, lines.length - 1))],
    ["J", () => setSelected((index) => Math.min(index + 1, lines.length - 1))],
    ["ArrowUp", () => setSelected((index) => Math.max(index - 1, 0))],
    ["K", () => setSelected((index) => Math.max(index - 1, 0))],
    ["A", () => accept(current)],
    ["S", () => skip(current)],
    ["E", () => current && current.status !== "saved" && setEditing(true)],
    ["Enter", () => current && current.status !== "saved" && setEditing(true)],
    [
      "I",
      () =>
        current?.duplicate &&
        current.status !== "saved" &&
        void change([{ bankEntryId: current._id, includeDuplicate: !current.includeDuplicate }]),
    ],
    ["mod+Enter", () => void save()],
  ]);

  if (entries.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (entries.isError || !request) {
    return (
      <Container size="md">
        <Alert color="red" title="Import not found">
          This import does not exist or has been deleted.
        </Alert>
      </Container>
    );
  }

  return (
    <Container size="xl">
      <Stack gap="md">
        <Group justify="space-between">
          <Stack gap={0}>
            <Title order={1} fz="h2">
              Review Bank Entries
            </Title>
            <Text size="sm" c="dimmed">
              {request.fileName} · {request.lineCount} lines · {request.savedCount} saved ·{" "}
              {STATE_LABELS[request.state]}
            </Text>
          </Stack>
          <Group>
            <Button
              variant="default"
              component={Link}
              to={organisationPath(organisationId, year, "imports/bank")}
            >
              Back to statements
            </Button>
            <Button variant="light" onClick={() => void acceptSuggested()}>
              Accept all suggested
            </Button>
            {request.savedCount > 0 && (
              <Button variant="light" color="orange" onClick={() => void undo()}>
                Undo import
              </Button>
            )}
            <Button
              onClick={() => void save()}
              loading={saving}
              disabled={ready === 0 || blockedByBreak}
            >
              Save {ready} accepted
            </Button>
          </Group>
        </Group>
        {request.balanceBreak && (
          <BalanceBreakNotice
            balanceBreak={request.balanceBreak}
            acknowledged={breakSeen}
            onAcknowledge={setBreakSeen}
            saved={ready === 0 && request.savedCount > 0}
          />
        )}
        <Text size="xs" c="dimmed">
          <Kbd>↑</Kbd> <Kbd>↓</Kbd> move · <Kbd>E</Kbd> choose account · <Kbd>A</Kbd> accept ·{" "}
          <Kbd>S</Kbd> skip · <Kbd>I</Kbd> import a duplicate anyway · <Kbd>Ctrl</Kbd>+
          <Kbd>Enter</Kbd> save accepted
        </Text>
        {current && (editing || !current.counterAccountId) && current.status !== "saved" && (
          <Paper withBorder p="sm">
            <Group align="end">
              <Text size="sm" style={{ flex: 1 }}>
                Row {current.rowNumber}: {current.narration} ({money(current.amount)})
              </Text>
              <div style={{ width: 320 }}>
                <AccountPicker
                  key={`${current._id}-${editing}`}
                  label="Account for this line"
                  value={current.counterAccountId}
                  excludeIds={[current.accountId]}
                  autoFocus={editing}
                  onChange={(accountId) => {
                    if (!accountId) return;
                    setEditing(false);
                    void change(
                      [{ bankEntryId: current._id, accountId, status: "accepted" }],
                      true,
                    ).then(() => gridRef.current?.focus());
                  }}
                />
              </div>
            </Group>
          </Paper>
        )}
        <Table.ScrollContainer minWidth={960}>
          <div ref={gridRef} tabIndex={-1} style={{ outline: "none" }}>
            <Table
              aria-label="Bank entries"
              highlightOnHover
              verticalSpacing={4}
              style={{ cursor: "pointer" }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Narration</Table.Th>
                  <Table.Th ta="right">Withdrawal</Table.Th>
                  <Table.Th ta="right">Deposit</Table.Th>
                  <Table.Th>Entry</Table.Th>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Confidence</Table.Th>
                  <Table.Th>Bills</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((line, offset) => {
                  const index = page * PAGE_SIZE + offset;
                  const isSelected = index === selected;
                  return (
                    <Table.Tr
                      key={line._id}
                      data-row-index={index}
                      aria-selected={isSelected}
                      bg={isSelected ? "var(--mantine-color-blue-light)" : undefined}
                      onClick={() => setSelected(index)}
                    >
                      <Table.Td>{line.rowNumber}</Table.Td>
                      <Table.Td>{formatDateDisplay(line.date)}</Table.Td>
                      <Table.Td maw={320}>
                        <Text size="sm" lineClamp={2}>
                          {line.narration}
                        </Text>
                        {line.reference && (
                          <Text size="xs" c="dimmed">
                            Ref. {line.reference}
                          </Text>
                        )}
                        {line.duplicate && (
                          <DuplicateLineBadge line={line}>
                            {line.status !== "saved" && (
                              <Checkbox
                                size="xs"
                                label="Import anyway"
                                checked={line.includeDuplicate}
                                onChange={(event) =>
                                  void change([
                                    {
                                      bankEntryId: line._id,
                                      includeDuplicate: event.currentTarget.checked,
                                    },
                                  ])
                                }
                              />
                            )}
                          </DuplicateLineBadge>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        {line.withdrawal ? money(line.withdrawal) : ""}
                      </Table.Td>
                      <Table.Td ta="right">{line.deposit ? money(line.deposit) : ""}</Table.Td>
                      <Table.Td>{typeTitle(line.voucherType)}</Table.Td>
                      <Table.Td>{accountName(line.counterAccountId) || "—"}</Table.Td>
                      <Table.Td>
                        {line.counterAccountId ? `${Math.round(line.confidence * 100)}%` : ""}
                      </Table.Td>
                      <Table.Td>
                        {line.billWiseEntries.map((bill) => (
                          <Text size="xs" key={bill.entryId}>
                            {bill.invoiceNumber} {money(bill.amount)}
                          </Text>
                        ))}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[line.status]} variant="light">
                          {STATUS_LABELS[line.status]}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
        </Table.ScrollContainer>
        {lines.length > PAGE_SIZE && (
          <Text size="sm" c="dimmed">
            Rows {page * PAGE_SIZE + 1}–{Math.min((page + 1) * PAGE_SIZE, lines.length)} of{" "}
            {lines.length}; move past the last row to see the next ones.
          </Text>
        )}
      </Stack>
    </Container>
  );
}
