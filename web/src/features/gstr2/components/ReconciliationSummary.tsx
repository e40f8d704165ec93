import type { MatchStatus } from "@bahi/domain";
import { Alert, Badge, Group, Select, Table, Text, TextInput } from "@mantine/core";
import { formatRupees } from "../../reports/report-format.ts";
import type { Reconciliation } from "../gstr2.api.ts";
import { importsText, matchedItcText, STATUS_COLOURS, taxOf } from "../model/reconciliation.ts";

/** Which GSTR-2B files are in for the period, or how to get one. */
export function ImportsNote({ imports }: { imports: Reconciliation["imports"] }) {
  if (imports.length === 0) {
    return (
      <Alert color="yellow" title="No GSTR-2B imported for the period">
        Download the GSTR-2B of the month from the GST portal (Returns → GSTR-2B → Download JSON, or
        the Excel) and choose Import GSTR-2B. Until then every bill is Missing in 2B.
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {importsText(imports)}
    </Text>
  );
}

/** ITC in the books and in 2B by status; a click filters the rows by the status. */
export function ItcByStatusTable(props: {
  totals: Reconciliation["totals"];
  onStatus: (status: MatchStatus) => void;
}) {
  return (
    <Table aria-label="ITC by status" verticalSpacing={4} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Count</Table.Th>
          <Table.Th ta="right">ITC in books</Table.Th>
          <Table.Th ta="right">ITC in 2B</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.totals.map((row) => (
          <Table.Tr
            key={row.status}
            style={{ cursor: "pointer" }}
            onClick={() => props.onStatus(row.status)}
          >
            <Table.Td>
              <Badge color={STATUS_COLOURS[row.status]} variant="light">
                {row.title}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">{row.count}</Table.Td>
            <Table.Td ta="right">{formatRupees(taxOf(row.books) ?? 0)}</Table.Td>
            <Table.Td ta="right">{formatRupees(taxOf(row.gstr2b) ?? 0)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function MatchedItc({ itc }: { itc: Reconciliation["matchedItc"] }) {
  return (
    <Text size="sm" fw={600} data-testid="matched-itc">
      {matchedItcText(itc)}
    </Text>
  );
}

/** The rows' filters: a status (All, or one of the table's), and a supplier's name or GSTIN. */
export function ReconciliationFilters(props: {
  totals: Reconciliation["totals"];
  status: MatchStatus | null;
  onStatus: (status: string | null) => void;
  supplier: string;
  onSupplier: (text: string) => void;
}) {
  return (
    <Group align="flex-end">
      <Select
        label="Status"
        data={[
          { value: "", label: "All" },
          ...props.totals.map((row) => ({ value: row.status, label: row.title })),
        ]}
        value={props.status ?? ""}
        onChange={(value) => props.onStatus(value ? value : null)}
        allowDeselect={false}
        w={240}
      />
      <TextInput
        label="Supplier"
        placeholder="Name or GSTIN"
        value={props.supplier}
        onChange={(event) => props.onSupplier(event.currentTarget.value)}
        w={280}
      />
    </Group>
  );
}
