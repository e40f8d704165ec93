import { CASH_AND_BANK_NATURES, formatAmount, getVoucherDefinition } from "@bahi/domain";
import { Button, Grid, Group, Stack, Table, Text } from "@mantine/core";
import { AmountInput } from "../../../components/inputs/AmountInput.tsx";
import { stopProps } from "../keyboard/focus-stop.ts";
import {
  emptyJournalLine,
  type JournalForm,
  journalTotals,
  setJournalAmount,
  type TransferForm,
} from "../model/account-forms.ts";
import { EntryAccountPicker } from "./EntryAccountPicker.tsx";
import { EntryDateField } from "./EntryDateField.tsx";
import { RemoveLineButton } from "./RemoveLineButton.tsx";
import { lineLabel, linesEditor, type SectionProps } from "./section-props.ts";

function columnLabel(
  type: SectionProps<unknown>["context"]["type"],
  index: number,
  fallback: string,
) {
  return getVoucherDefinition(type).listColumns[index]?.label ?? fallback;
}

/** Fund transfer: from one cash or bank account to another, one amount. */
export function TransferSection({
  form,
  update,
  errors,
  context,
  readOnly,
  lockMessage,
}: SectionProps<TransferForm> & { lockMessage: string | null }) {
  return (
    <Grid columns={24} gap="sm">
      <EntryDateField
        value={form.date}
        onChange={(date) => update((current) => ({ ...current, date }))}
        context={context}
        error={errors.date ?? lockMessage}
        readOnly={readOnly}
      />
      <Grid.Col span={{ base: 24, md: 7 }} {...stopProps("from")}>
        <EntryAccountPicker
          label={columnLabel(context.type, 1, "Transfer From")}
          value={form.fromAccountId}
          onChange={(fromAccountId) => update((current) => ({ ...current, fromAccountId }))}
          natures={CASH_AND_BANK_NATURES}
          error={errors.paidAccountId}
          required
          disabled={readOnly}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 24, md: 7 }} {...stopProps("to")}>
        <EntryAccountPicker
          label={columnLabel(context.type, 2, "Transfer To")}
          value={form.toAccountId}
          onChange={(toAccountId) => update((current) => ({ ...current, toAccountId }))}
          natures={CASH_AND_BANK_NATURES}
          excludeIds={form.fromAccountId ? [form.fromAccountId] : []}
          error={errors.receivedAccountId}
          required
          disabled={readOnly}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 24, md: 5 }} {...stopProps("amount")}>
        <AmountInput
          label="Amount"
          value={form.amountPaise}
          onChange={(amountPaise) => update((current) => ({ ...current, amountPaise }))}
          error={errors.paidAmount ?? errors.receivedAmount}
          required
          disabled={readOnly}
        />
      </Grid.Col>
    </Grid>
  );
}

export function journalStop(what: "account" | "debit" | "credit", row: number): string {
  return `${what}:${row}`;
}

/**
 * Journal: accounts with a debit or a credit each; the totals and their difference live, and a
 * new line taking the amount that balances the entry.
 */
export function JournalSection({
  form,
  update,
  errors,
  context,
  readOnly,
  lockMessage,
  onAddLine,
}: SectionProps<JournalForm> & { lockMessage: string | null; onAddLine: () => void }) {
  const totals = journalTotals(form);
  const lines = linesEditor(update, "lines", emptyJournalLine);
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
      </Grid>
      <Table aria-label="Journal lines" verticalSpacing={4} horizontalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={32}>#</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th w={180}>Debit</Table.Th>
            <Table.Th w={180}>Credit</Table.Th>
            <Table.Th w={32} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {form.lines.map((line, index) => (
            <Table.Tr key={line.key}>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {index + 1}
                </Text>
              </Table.Td>
              <Table.Td {...stopProps(journalStop("account", index))}>
                <EntryAccountPicker
                  aria-label={lineLabel("Account", index)}
                  value={line.accountId}
                  onChange={(accountId) =>
                    lines.change(index, (current) => ({ ...current, accountId }))
                  }
                  error={errors[`entries.${index}.accountId`]}
                  disabled={readOnly}
                />
              </Table.Td>
              <Table.Td {...stopProps(journalStop("debit", index))}>
                <AmountInput
                  aria-label={lineLabel("Debit", index)}
                  value={line.debitPaise}
                  onChange={(amount) =>
                    lines.change(index, (current) => setJournalAmount(current, "debit", amount))
                  }
                  error={errors[`entries.${index}.debitAmount`]}
                  disabled={readOnly}
                />
              </Table.Td>
              <Table.Td {...stopProps(journalStop("credit", index))}>
                <AmountInput
                  aria-label={lineLabel("Credit", index)}
                  value={line.creditPaise}
                  onChange={(amount) =>
                    lines.change(index, (current) => setJournalAmount(current, "credit", amount))
                  }
                  error={errors[`entries.${index}.creditAmount`] ?? errors[`entries.${index}`]}
                  disabled={readOnly}
                />
              </Table.Td>
              <Table.Td>
                <RemoveLineButton
                  label={`Remove line ${index + 1}`}
                  readOnly={readOnly}
                  onRemove={() => lines.remove(index)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th />
            <Table.Th>Total</Table.Th>
            <Table.Td ta="right" data-testid="journal-debit-total">
              {formatAmount(totals.debitPaise)}
            </Table.Td>
            <Table.Td ta="right" data-testid="journal-credit-total">
              {formatAmount(totals.creditPaise)}
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Group justify="space-between">
        {!readOnly ? (
          <Button variant="subtle" size="xs" onClick={onAddLine}>
            + Add line
          </Button>
        ) : (
          <span />
        )}
        <Text
          size="sm"
          c={totals.differencePaise === 0 ? "dimmed" : "red.7"}
          data-testid="journal-difference"
        >
          {totals.differencePaise === 0
            ? "Debits equal credits"
            : `Difference: ${formatAmount(Math.abs(totals.differencePaise))} ${
                totals.differencePaise > 0 ? "more debit" : "more credit"
              }`}
        </Text>
      </Group>
      {errors.entries && (
        <Text c="red.7" size="sm" role="alert">
          {errors.entries}
        </Text>
      )}
    </Stack>
  );
}
