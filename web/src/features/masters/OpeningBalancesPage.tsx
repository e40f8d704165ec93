import { formatAmount, type Paise, paiseToRupees, rupeesToPaise } from "@bahi/domain";
import {
  Button,
  Center,
  Container,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "../../app/notify.tsx";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { AmountInput } from "../../components/inputs/AmountInput.tsx";
import { useActiveAccounts } from "../../components/inputs/account-options.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { describeDifference, type Side, signedPaise, totalOpeningBalances } from "./balances.ts";
import { matchesSearch } from "./ListToolbar.tsx";
import {
  type AccountRecord,
  openingBalanceDifferenceQuery,
  refreshAccounts,
  saveOpeningBalances,
} from "./masters.api.ts";

interface Line {
  paise: Paise;
  side: Side;
}

function lineOf(account: AccountRecord): Line {
  return {
    paise: rupeesToPaise(Math.abs(account.openingBalance)),
    side: account.openingBalanceType,
  };
}

function sameLine(a: Line, b: Line): boolean {
  return a.paise === b.paise && (a.paise === 0 || a.side === b.side);
}

/**
 * /{org}/{year}/account/list-with-opening-balances: every active account's opening balance in
 * one table, edited in place and saved together (POST /account/openingbalances). The totals and
 * the difference between debits and credits follow the edits as they are typed; inactive
 * accounts' balances count too, through the server's totals.
 */
export function OpeningBalancesPage() {
  usePageTitle("Opening Balances");
  const { organisation } = useOrganisationScope();
  const organisationId = organisation._id;
  const queryClient = useQueryClient();
  const accounts = useActiveAccounts(organisationId);
  const saved = useQuery(openingBalanceDifferenceQuery(organisationId));
  const [edits, setEdits] = useState<Record<string, Line>>({});
  const [search, setSearch] = useState("");
  const [saving, setSaving] = useState(false);

  const list = accounts.data ?? [];
  const changed = list.filter((account) => {
    const edit = edits[account._id];
    return edit !== undefined && !sameLine(edit, lineOf(account));
  });

  // The server's saved totals, moved by what the edits change.
  const savedTotals = saved.data
    ? {
        debitPaise: rupeesToPaise(saved.data.totalDebit),
        creditPaise: rupeesToPaise(saved.data.totalCredit),
      }
    : totalOpeningBalances(
        list.map((account) => signedPaise(lineOf(account).paise, lineOf(account).side)),
      );
  const before = totalOpeningBalances(
    changed.map((account) => signedPaise(lineOf(account).paise, lineOf(account).side)),
  );
  const after = totalOpeningBalances(
    changed.map((account) => {
      const edit = edits[account._id] ?? lineOf(account);
      return signedPaise(edit.paise, edit.side);
    }),
  );
  const debitPaise = savedTotals.debitPaise - before.debitPaise + after.debitPaise;
  const creditPaise = savedTotals.creditPaise - before.creditPaise + after.creditPaise;
  const differencePaise = debitPaise - creditPaise;

  function setLine(account: AccountRecord, change: Partial<Line>) {
    setEdits((current) => ({
      ...current,
      [account._id]: { ...(current[account._id] ?? lineOf(account)), ...change },
    }));
  }

  async function save() {
    if (changed.length === 0 || saving) return;
    setSaving(true);
    try {
      const answer = await saveOpeningBalances(
        organisationId,
        changed.map((account) => {
          const line = edits[account._id] ?? lineOf(account);
          return {
            accountId: account._id,
            openingBalance: paiseToRupees(line.paise),
            openingBalanceType: line.side,
          };
        }),
      );
      notify({ type: "success", title: answer.message });
      await refreshAccounts(queryClient, organisationId);
      setEdits({});
    } catch {
      // The client showed the danger toast.
    } finally {
      setSaving(false);
    }
  }

  const shown = list.filter((account) => matchesSearch([account.name, account.nature], search));

  return (
    <Container size="lg">
      <Stack gap="md">
        <Title order={1} fz="h2">
          Opening Balances
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure label="Total Debit" value={formatAmount(debitPaise)} />
          <Figure label="Total Credit" value={formatAmount(creditPaise)} />
          <Figure
            label="Difference"
            value={describeDifference(differencePaise)}
            alarming={differencePaise !== 0}
          />
        </SimpleGrid>
        <Group justify="space-between">
          <TextInput
            aria-label="Search"
            placeholder="Search by name or nature"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={320}
          />
          <Group gap="sm">
            <Button variant="default" disabled={changed.length === 0} onClick={() => setEdits({})}>
              Undo Changes
            </Button>
            <Button onClick={() => void save()} loading={saving} disabled={changed.length === 0}>
              Save Opening Balances
            </Button>
          </Group>
        </Group>
        {accounts.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing={4} aria-label="Opening balances">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Account</Table.Th>
                    <Table.Th>Nature</Table.Th>
                    <Table.Th w={200} ta="right">
                      Opening Balance
                    </Table.Th>
                    <Table.Th w={90}>Dr/Cr</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((account) => {
                    const line = edits[account._id] ?? lineOf(account);
                    return (
                      <Table.Tr key={account._id}>
                        <Table.Td>{account.name}</Table.Td>
                        <Table.Td>{account.nature}</Table.Td>
                        <Table.Td>
                          <AmountInput
                            aria-label={`${account.name} opening balance`}
                            size="xs"
                            value={line.paise}
                            onChange={(paise) => setLine(account, { paise })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <NativeSelect
                            aria-label={`${account.name} opening balance type`}
                            size="xs"
                            data={[
                              { value: "dr", label: "Dr" },
                              { value: "cr", label: "Cr" },
                            ]}
                            value={line.side}
                            onChange={(event) =>
                              setLine(account, { side: event.currentTarget.value as Side })
                            }
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <button type="submit" hidden tabIndex={-1} />
          </form>
        )}
      </Stack>
    </Container>
  );
}

function Figure({ label, value, alarming }: { label: string; value: string; alarming?: boolean }) {
  return (
    <Paper withBorder p="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" c={alarming ? "red" : undefined}>
        {value}
      </Text>
    </Paper>
  );
}
