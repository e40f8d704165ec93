import { type ComputedLine, formatAmount } from "@bahi/domain";
import { Button, Group, Table, Text } from "@mantine/core";
import { AmountInput } from "../../../components/inputs/AmountInput.tsx";
import { type DocumentForm, emptyAccountLine } from "../model/document-form.ts";
import { EntryAccountPicker } from "./EntryAccountPicker.tsx";
import { LineGstRateSelect } from "./LineGstRateSelect.tsx";
import { RemoveLineButton } from "./RemoveLineButton.tsx";
import { lineLabel, linesEditor, type SectionProps } from "./section-props.ts";

/**
 * The account lines of a document (api.md 3 accountDetails): freight, packing or any income or
 * expense billed with the items, with its own GST rate.
 */
export function ChargeLinesTable({
  form,
  update,
  errors,
  readOnly,
  results,
}: SectionProps<DocumentForm> & { results: readonly (ComputedLine | undefined)[] }) {
  const lines = linesEditor(update, "accountLines");
  if (readOnly && form.accountLines.length === 0) return null;
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          Other charges
        </Text>
        {!readOnly && (
          <Button
            variant="subtle"
            size="xs"
            onClick={() =>
              update((current) => ({
                ...current,
                accountLines: [...current.accountLines, emptyAccountLine()],
              }))
            }
          >
            + Add charge
          </Button>
        )}
      </Group>
      {form.accountLines.length > 0 && (
        <Table aria-label="Other charges" verticalSpacing={4} horizontalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Th w={160}>Amount</Table.Th>
              <Table.Th w={140}>GST</Table.Th>
              <Table.Th w={120} ta="right">
                Tax
              </Table.Th>
              <Table.Th w={32} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.accountLines.map((line, index) => (
              <Table.Tr key={line.key}>
                <Table.Td>
                  <EntryAccountPicker
                    aria-label={lineLabel("Charge account", index)}
                    value={line.accountId}
                    onChange={(accountId, account) =>
                      lines.change(index, (current) => ({
                        ...current,
                        accountId,
                        gstRate:
                          account && account.gstRate >= -1 ? account.gstRate : current.gstRate,
                      }))
                    }
                    error={errors[`accountLines.${index}.accountId`]}
                    disabled={readOnly}
                  />
                </Table.Td>
                <Table.Td>
                  <AmountInput
                    aria-label={lineLabel("Charge amount", index)}
                    value={line.amountPaise}
                    onChange={(amountPaise) =>
                      lines.change(index, (current) => ({ ...current, amountPaise }))
                    }
                    error={errors[`accountLines.${index}.amount`]}
                    disabled={readOnly}
                  />
                </Table.Td>
                <Table.Td>
                  <LineGstRateSelect
                    aria-label={lineLabel("Charge GST rate", index)}
                    value={line.gstRate}
                    date={form.date}
                    onChange={(gstRate) =>
                      lines.change(index, (current) => ({ ...current, gstRate }))
                    }
                    disabled={readOnly}
                  />
                </Table.Td>
                <Table.Td ta="right">
                  {results[index] ? formatAmount(results[index].taxPaise) : ""}
                </Table.Td>
                <Table.Td>
                  <RemoveLineButton
                    label={`Remove charge ${index + 1}`}
                    readOnly={readOnly}
                    onRemove={() => lines.remove(index)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
