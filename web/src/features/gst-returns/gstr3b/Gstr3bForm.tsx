import type { Gstr3bTable } from "@bahi/domain";
import { Alert, Anchor, Table, Text } from "@mantine/core";
import { formatRupees } from "../../reports/report-format.ts";
import type { Gstr3bSummary } from "../gstr3b.api.ts";
import {
  ALL_HEADS,
  ITC_HEADS,
  itcDifferenceText,
  opensVouchers,
  TABLE_4,
  TABLE_31,
  TABLE_32,
  TABLE_311,
} from "../model/gstr3b.ts";
import { AmountsTable, FigureRow, PlaceRows, Section } from "./Gstr3bTableParts.tsx";

/** The return as the portal lays it out: tables 3.1, 3.1.1, 3.2, 4 and 5. */
export function Gstr3bForm({
  data,
  onOpen,
}: {
  data: Gstr3bSummary;
  onOpen: (table: Gstr3bTable) => void;
}) {
  const byTable = new Map(data.tables.map((row) => [row.table, row]));
  const titleOf = (table: Gstr3bTable | "4C") => byTable.get(table)?.title ?? table;
  const figureRow = (
    table: Gstr3bTable | "4C",
    heads: typeof ALL_HEADS | typeof ITC_HEADS,
    allHeads: typeof ALL_HEADS | typeof ITC_HEADS,
    open: ((table: Gstr3bTable) => void) | null,
  ) => (
    <FigureRow
      key={table}
      table={table}
      title={titleOf(table)}
      amounts={byTable.get(table)}
      heads={heads}
      allHeads={allHeads}
      onOpen={open}
    />
  );
  return (
    <>
      <Section title="3.1 Details of outward supplies and inward supplies liable to reverse charge">
        <AmountsTable heads={ALL_HEADS}>
          {TABLE_31.map(({ table, heads }) => figureRow(table, heads, ALL_HEADS, onOpen))}
        </AmountsTable>
      </Section>
      <Section title="3.1.1 Details of supplies notified under section 9(5) of the CGST Act, 2017">
        <AmountsTable heads={ALL_HEADS}>
          {TABLE_311.map(({ table, heads }) => figureRow(table, heads, ALL_HEADS, null))}
        </AmountsTable>
        <Text size="xs" c="dimmed">
          Entries do not record supplies made through an e-commerce operator that pays the tax under
          section 9(5), so both rows are zero, as the portal shows them.
        </Text>
      </Section>
      <Section title="3.2 Inter-state supplies to unregistered persons, composition taxable persons and UIN holders">
        <Table aria-label="Table 3.2" withTableBorder verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nature of supplies</Table.Th>
              <Table.Th>Place of supply</Table.Th>
              <Table.Th ta="right">Total taxable value</Table.Th>
              <Table.Th ta="right">Integrated tax</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TABLE_32.map(({ table, key }) => (
              <PlaceRows
                key={table}
                table={table}
                title={titleOf(table)}
                rows={data.interSup[key]}
                onOpen={onOpen}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title="4. Eligible ITC">
        {data.itcDifference && (
          <Alert color="blue" title="ITC as per GSTR-2B, matched only">
            {itcDifferenceText(data.itcDifference)}
          </Alert>
        )}
        <AmountsTable heads={ITC_HEADS}>
          {TABLE_4.flatMap(({ group, rows }) => [
            ...(group
              ? [
                  <Table.Tr key={group}>
                    <Table.Td colSpan={5} fw={600}>
                      {group}
                    </Table.Td>
                  </Table.Tr>,
                ]
              : []),
            ...rows.map((table) =>
              figureRow(table, ITC_HEADS, ITC_HEADS, opensVouchers(table) ? onOpen : null),
            ),
          ])}
        </AmountsTable>
      </Section>
      <Section title="5. Values of exempt, nil-rated and non-GST inward supplies">
        <Table aria-label="Table 5" withTableBorder verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nature of supplies</Table.Th>
              <Table.Th ta="right">Inter-state supplies</Table.Th>
              <Table.Th ta="right">Intra-state supplies</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(
              [
                ["5a", data.inward.gst],
                ["5b", data.inward.nonGst],
              ] as const
            ).map(([table, values]) => (
              <Table.Tr key={table}>
                <Table.Td>
                  <Anchor component="button" onClick={() => onOpen(table)}>
                    {byTable.get(table)?.title}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{formatRupees(values.inter)}</Table.Td>
                <Table.Td ta="right">{formatRupees(values.intra)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </>
  );
}
