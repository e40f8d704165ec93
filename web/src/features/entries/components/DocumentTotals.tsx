import { amountInWords, type ComputedDocument, formatAmount } from "@bahi/domain";
import { Paper, Stack, Table, Text } from "@mantine/core";

const TAX_KIND_TEXT = {
  intra: "Intra-state supply: CGST + SGST",
  inter: "Inter-state supply: IGST",
  none: "No GST on this document",
} as const;

/**
 * The totals of the live computation (domain's computeDocument, as the server computes on save):
 * taxable value, discount, CGST and SGST or IGST by place of supply, cess, round off, total, and
 * the total in words (spec 9: Indian system, Rupees and Paise).
 */
export function DocumentTotals({
  computed,
  error,
}: {
  computed: ComputedDocument | null;
  error: string | null;
}) {
  if (!computed) {
    return (
      <Paper withBorder p="sm">
        <Text c="red.7" size="sm" role="alert">
          {error ?? "The totals cannot be worked out yet."}
        </Text>
      </Paper>
    );
  }
  const rows: [string, number][] = [];
  if (computed.discountPaise > 0) {
    rows.push(
      ["Amount before discount", computed.grossPaise + computed.discountPaise],
      ["Less: discount", -computed.discountPaise],
    );
  }
  rows.push(["Taxable Amount", computed.grossPaise]);
  if (computed.taxKind === "intra") {
    rows.push(["CGST", computed.cgstPaise], ["SGST", computed.sgstPaise]);
  }
  if (computed.taxKind === "inter") rows.push(["IGST", computed.igstPaise]);
  if (computed.cessPaise > 0) rows.push(["Cess", computed.cessPaise]);
  if (computed.reverseCharge) rows.push(["Less: tax under reverse charge", -computed.taxPaise]);
  rows.push(["Round Off", computed.roundOffPaise]);
  return (
    <Paper withBorder p="sm">
      <Stack gap={4}>
        <Text size="xs" c="dimmed" data-testid="tax-kind">
          {TAX_KIND_TEXT[computed.taxKind]}
          {computed.reverseCharge ? " (reverse charge: payable by the recipient)" : ""}
        </Text>
        <Table aria-label="Totals" verticalSpacing={2}>
          <Table.Tbody>
            {rows.map(([label, paise]) => (
              <Table.Tr key={label}>
                <Table.Th fw={400}>{label}</Table.Th>
                <Table.Td ta="right">{formatAmount(paise)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Td ta="right" fw={700} fz="lg">
                {formatAmount(computed.totalPaise)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" data-testid="amount-in-words">
          {amountInWords(computed.totalPaise)} Only
        </Text>
      </Stack>
    </Paper>
  );
}
