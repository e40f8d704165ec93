import {
  CASH_AND_BANK_NATURES,
  formatAmount,
  formatDateDisplay,
  isInvoiceStatus,
  isValidCivilDate,
  labelInvoiceStatus,
} from "@bahi/domain";
import { Alert, Badge, Button, Grid, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { AmountInput } from "../../../components/inputs/AmountInput.tsx";
import { entryKeys, fetchEntry, fetchOpenBills } from "../entries.api.ts";
import { stopProps } from "../keyboard/focus-stop.ts";
import {
  describeSettlement,
  emptySettlementLine,
  mergeOpenBills,
  type SettlementForm,
  type SettlementLineForm,
  setAllocationAmount,
  setSettlementLineAccount,
  setSettlementLineAmount,
  settlementTotalPaise,
} from "../model/account-forms.ts";
import { EntryAccountPicker } from "./EntryAccountPicker.tsx";
import { EntryDateField } from "./EntryDateField.tsx";
import { RemoveLineButton } from "./RemoveLineButton.tsx";
import { lineLabel, linesEditor, type SectionProps } from "./section-props.ts";
import { useNegativeCashWarning } from "./use-cash-warning.ts";

export function settlementStop(what: "account" | "amount", row: number): string {
  return `${what}:${row}`;
}

export function billStop(row: number, bill: number): string {
  return `bill:${row}:${bill}`;
}

/**
 * Receipt and payment (spec 3; bill-wise, DESIGN.md 4): the cash or bank account, then the
 * accounts received from or paid to; for each, its open invoices or bills with what is pending,
 * the amount spread oldest first until the person sets it bill by bill. The amount received or
 * paid is the sum of the lines.
 */
export function SettlementSection({
  form,
  update,
  errors,
  context,
  readOnly,
  lockMessage,
  newEntry = false,
}: SectionProps<SettlementForm> & {
  lockMessage: string | null;
  /** A new entry (add, duplicate): a payment out of Cash is checked against the cash in hand. */
  newEntry?: boolean;
}) {
  const type = context.type === "payments" ? "payments" : "receipts";
  const layout = describeSettlement(type);
  const totalPaise = settlementTotalPaise(form);
  const negativeCash = useNegativeCashWarning({
    organisationId: context.organisationId,
    year: context.year,
    date: form.date,
    accountId: form.cashBankAccountId,
    outgoingPaise: totalPaise,
    enabled: newEntry && !readOnly && type === "payments",
  });

  const lines = linesEditor(update, "lines", emptySettlementLine);

  return (
    <Stack gap="sm">
      <Grid columns={24} gap="sm">
        <EntryDateField
          value={form.date}
          onChange={(date) => update((current) => ({ ...current, date }))}
          context={context}
          error={errors.date ?? lockMessage}
          readOnly={readOnly}
        />
        <Grid.Col span={{ base: 24, md: 11 }} {...stopProps("cashBank")}>
          <EntryAccountPicker
            label={layout.cashBankLabel}
            value={form.cashBankAccountId}
            onChange={(cashBankAccountId) =>
              update((current) => ({ ...current, cashBankAccountId }))
            }
            natures={CASH_AND_BANK_NATURES}
            error={errors[layout.cashBankKey]}
            required
            disabled={readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 8 }}>
          <Text size="sm" fw={500}>
            {type === "receipts" ? "Amount Received" : "Amount Paid"}
          </Text>
          <Text fz="xl" fw={700} data-testid="settlement-total">
            {formatAmount(totalPaise)}
          </Text>
          {errors[layout.amountKey] && (
            <Text c="red.7" size="sm">
              {errors[layout.amountKey]}
            </Text>
          )}
        </Grid.Col>
      </Grid>

      {negativeCash && (
        <Alert color="orange" variant="light" title="Cash goes negative" role="status">
          {negativeCash}
        </Alert>
      )}

      <Text fw={600}>{layout.linesLabel}</Text>
      {form.lines.map((line, index) => (
        <Paper key={line.key} withBorder p="xs" data-settlement-line={index}>
          <Grid columns={24} gap="sm" align="flex-end">
            <Grid.Col span={{ base: 24, md: 14 }} {...stopProps(settlementStop("account", index))}>
              <EntryAccountPicker
                aria-label={lineLabel(layout.linesLabel, index)}
                label={index === 0 ? "Account" : undefined}
                value={line.accountId}
                onChange={(accountId) =>
                  lines.change(index, (current) => setSettlementLineAccount(current, accountId))
                }
                excludeIds={form.cashBankAccountId ? [form.cashBankAccountId] : []}
                error={errors[`entries.${index}.accountId`]}
                disabled={readOnly}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 20, md: 8 }} {...stopProps(settlementStop("amount", index))}>
              <AmountInput
                aria-label={lineLabel("Amount", index)}
                label={index === 0 ? "Amount" : undefined}
                value={line.amountPaise}
                onChange={(amountPaise) =>
                  lines.change(index, (current) => setSettlementLineAmount(current, amountPaise))
                }
                error={errors[`entries.${index}.amount`]}
                disabled={readOnly}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, md: 2 }}>
              <RemoveLineButton
                label={`Remove line ${index + 1}`}
                readOnly={readOnly}
                onRemove={() => lines.remove(index)}
              />
            </Grid.Col>
          </Grid>
          {line.accountId && (
            <OpenBills
              line={line}
              index={index}
              context={context}
              readOnly={readOnly}
              settles={layout.settles}
              error={errors[`entries.${index}.billWiseEntries`]}
              onMerge={(recipe) => lines.change(index, recipe)}
            />
          )}
        </Paper>
      ))}
      {!readOnly && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            onClick={() =>
              update((current) => ({
                ...current,
                lines: [...current.lines, emptySettlementLine()],
              }))
            }
          >
            + Add line
          </Button>
        </Group>
      )}
      {errors.entries && (
        <Text c="red.7" size="sm" role="alert">
          {errors.entries}
        </Text>
      )}
    </Stack>
  );
}

function OpenBills({
  line,
  index,
  context,
  readOnly,
  settles,
  error,
  onMerge,
}: {
  line: SettlementLineForm;
  index: number;
  context: SectionProps<SettlementForm>["context"];
  readOnly: boolean;
  settles: "salesInvoice" | "purchases";
  error: string | undefined;
  onMerge: (recipe: (line: SettlementLineForm) => SettlementLineForm) => void;
}) {
  const accountId = line.accountId ?? "";
  const bills = useQuery({
    queryKey: entryKeys.openBills(settles, context.organisationId, accountId),
    queryFn: () => fetchOpenBills(settles, context.organisationId, accountId),
    enabled: accountId !== "" && !readOnly,
    staleTime: 0,
  });
  const merged = useRef<unknown>(null);
  useEffect(() => {
    if (!bills.data || merged.current === bills.data) return;
    merged.current = bills.data;
    onMerge((current) => mergeOpenBills(current, bills.data));
  }, [bills.data, onMerge]);

  const statuses = new Map((bills.data ?? []).map((bill) => [bill._id, bill.status]));
  const side = settles === "salesInvoice" ? "customer" : "supplier";
  const allocatedPaise = line.allocations.reduce((total, a) => total + a.amountPaise, 0);
  if (line.allocations.length === 0) {
    return bills.isSuccess ? (
      <Text size="xs" c="dimmed" mt={4}>
        No open {settles === "salesInvoice" ? "invoices" : "bills"}: the amount goes on account.
      </Text>
    ) : null;
  }
  return (
    <Table
      mt="xs"
      aria-label={`Bills of line ${index + 1}`}
      verticalSpacing={2}
      horizontalSpacing={6}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{settles === "salesInvoice" ? "Invoice No." : "Bill No."}</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th ta="right">Pending</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th w={160}>Against this</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {line.allocations.map((allocation, bill) => {
          const status = statuses.get(allocation.entryId);
          return (
            <Table.Tr key={allocation.entryId}>
              <Table.Td>
                {allocation.invoiceNumber || (
                  <BillNumber
                    settles={settles}
                    organisationId={context.organisationId}
                    entryId={allocation.entryId}
                  />
                )}
              </Table.Td>
              <Table.Td>
                {isValidCivilDate(allocation.date) ? formatDateDisplay(allocation.date) : ""}
              </Table.Td>
              <Table.Td ta="right">
                {allocation.totalPaise ? formatAmount(allocation.totalPaise) : ""}
              </Table.Td>
              <Table.Td ta="right">{formatAmount(allocation.pendingPaise)}</Table.Td>
              <Table.Td>
                {status && isInvoiceStatus(status) ? (
                  <Badge size="sm" variant="light" color={status === "partial" ? "orange" : "gray"}>
                    {labelInvoiceStatus(status, side)}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td {...stopProps(billStop(index, bill))}>
                <AmountInput
                  aria-label={`Against ${settles === "salesInvoice" ? "invoice" : "bill"} ${allocation.invoiceNumber}`}
                  value={allocation.amountPaise}
                  max={allocation.pendingPaise}
                  onChange={(amountPaise) =>
                    onMerge((current) =>
                      setAllocationAmount(current, allocation.entryId, amountPaise),
                    )
                  }
                  disabled={readOnly}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Td colSpan={5}>
            <Text size="xs" c={error ? "red.7" : "dimmed"}>
              {error ??
                `Set against bills ${formatAmount(allocatedPaise)}; on account ${formatAmount(
                  Math.max(0, line.amountPaise - allocatedPaise),
                )}`}
            </Text>
          </Table.Td>
          <Table.Td />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** The number of a bill an edit settled in full (no longer open, so not in the open list). */
function BillNumber({
  settles,
  organisationId,
  entryId,
}: {
  settles: "salesInvoice" | "purchases";
  organisationId: string;
  entryId: string;
}) {
  const entry = useQuery({
    queryKey: entryKeys.entry(settles, organisationId, entryId),
    queryFn: () => fetchEntry(settles, organisationId, entryId),
  });
  const number = entry.data?.number;
  return <>{typeof number === "string" ? number : ""}</>;
}
