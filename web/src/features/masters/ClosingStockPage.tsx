import {
  formatAmount,
  monthsOfFinancialYear,
  type Paise,
  paiseToRupees,
  rupeesToPaise,
} from "@bahi/domain";
import { Button, Center, Container, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { notify } from "../../app/notify.tsx";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { AccountPicker } from "../../components/inputs/AccountPicker.tsx";
import { AmountInput } from "../../components/inputs/AmountInput.tsx";
import { useActiveAccounts } from "../../components/inputs/account-options.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { closingStockKey, fetchClosingStock, saveClosingStock } from "./masters.api.ts";

const STOCK_NATURES = ["Stock"] as const;

/**
 * /{org}/{year}/items/closing-stock (only when the organisation manages inventory): the closing
 * stock typed in per month of the open financial year for a Stock account (the system Closing
 * Stock account by default). A blank month has no value entered; saving sends all twelve.
 */
export function ClosingStockPage() {
  usePageTitle("Closing Stock");
  const { organisation, year } = useOrganisationScope();
  const organisationId = organisation._id;
  const queryClient = useQueryClient();
  const accounts = useActiveAccounts(organisationId);
  const [accountId, setAccountId] = useState<string | null>(null);
  const firstStock = accounts.data?.find((account) => account.nature === "Stock")?._id ?? null;
  useEffect(() => {
    if (accountId === null && firstStock !== null) setAccountId(firstStock);
  }, [accountId, firstStock]);

  const months = monthsOfFinancialYear(year);
  const stock = useQuery({
    queryKey: closingStockKey(organisationId, year, accountId ?? ""),
    queryFn: () => fetchClosingStock(organisationId, year, accountId ?? ""),
    enabled: accountId !== null,
  });
  const [values, setValues] = useState<Record<string, Paise>>({});
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!stock.data) return;
    setValues(
      Object.fromEntries(
        stock.data.map((entry) => [
          entry.month,
          entry.value === null ? 0 : rupeesToPaise(entry.value),
        ]),
      ),
    );
    setDirty(false);
  }, [stock.data]);

  async function save() {
    if (!accountId || saving) return;
    setSaving(true);
    try {
      const answer = await saveClosingStock(
        organisationId,
        accountId,
        months.map((month) => {
          const paise = values[month.key] ?? 0;
          return { month: month.key, value: paise === 0 ? null : paiseToRupees(paise) };
        }),
      );
      notify({ type: "success", title: answer.message });
      await queryClient.invalidateQueries({
        queryKey: closingStockKey(organisationId, year, accountId),
      });
    } catch {
      // The client showed the danger toast.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Container size="sm">
      <Stack gap="md">
        <Title order={1} fz="h2">
          Closing Stock
        </Title>
        <AccountPicker
          label="Stock account"
          natures={STOCK_NATURES}
          value={accountId}
          onChange={(id) => setAccountId(id)}
          allowAdd
        />
        {accountId === null ? (
          <Text c="dimmed">Choose the stock account whose closing stock you enter.</Text>
        ) : stock.isPending ? (
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
            <Table verticalSpacing={4} aria-label={`Closing stock ${year}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th ta="right">Closing Stock</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {months.map((month) => (
                  <Table.Tr key={month.key}>
                    <Table.Td>{month.label}</Table.Td>
                    <Table.Td>
                      <AmountInput
                        aria-label={`Closing stock ${month.label}`}
                        size="xs"
                        value={values[month.key] ?? 0}
                        // Stock below zero shows in red (decision 041).
                        styles={
                          (values[month.key] ?? 0) < 0
                            ? { input: { color: "var(--mantine-color-red-7)" } }
                            : undefined
                        }
                        data-negative-stock={(values[month.key] ?? 0) < 0 || undefined}
                        onChange={(paise) => {
                          setValues((current) => ({ ...current, [month.key]: paise }));
                          setDirty(true);
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="space-between" mt="md">
              <Text size="sm" c="dimmed">
                {describeLatest(months, values)}
              </Text>
              <Button type="submit" loading={saving} disabled={!dirty}>
                Save Closing Stock
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Container>
  );
}

/** "Latest: 1,25,000.50 (Jun 2024)": the last month of the year with a value entered. */
function describeLatest(
  months: readonly { key: string; label: string }[],
  values: Record<string, Paise>,
): string {
  const latest = [...months].reverse().find((month) => (values[month.key] ?? 0) !== 0);
  return latest
    ? `Latest: ${formatAmount(values[latest.key] ?? 0)} (${latest.label})`
    : "No closing stock entered for this year yet.";
}
