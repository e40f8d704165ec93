import { Table, Tabs } from "@mantine/core";
import { formatRupees } from "../../reports/report-format.ts";
import { sectionTabLabel } from "../model/gstr1.ts";
import type { SectionSummary } from "../returns.api.ts";

/** The return's sections with their count, value and tax. */
export function SectionSummaryTable({ sections }: { sections: SectionSummary[] }) {
  return (
    <Table aria-label="Summary" verticalSpacing={4} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Section</Table.Th>
          <Table.Th ta="right">Count</Table.Th>
          <Table.Th ta="right">Value</Table.Th>
          <Table.Th ta="right">Taxable</Table.Th>
          <Table.Th ta="right">IGST</Table.Th>
          <Table.Th ta="right">CGST</Table.Th>
          <Table.Th ta="right">SGST</Table.Th>
          <Table.Th ta="right">Cess</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sections.map((row) => (
          <Table.Tr key={row.type}>
            <Table.Td>{row.title}</Table.Td>
            <Table.Td ta="right">{row.count}</Table.Td>
            <Table.Td ta="right">{formatRupees(row.value)}</Table.Td>
            <Table.Td ta="right">{formatRupees(row.taxableValue)}</Table.Td>
            <Table.Td ta="right">{formatRupees(row.igst)}</Table.Td>
            <Table.Td ta="right">{formatRupees(row.cgst)}</Table.Td>
            <Table.Td ta="right">{formatRupees(row.sgst)}</Table.Td>
            <Table.Td ta="right">{formatRupees(row.cess)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One tab a section, with its count: the rows of the chosen one show below. */
export function SectionTabs(props: {
  sections: SectionSummary[];
  value: string;
  onChange: (section: string) => void;
}) {
  return (
    <Tabs value={props.value} onChange={(value) => value && props.onChange(value)}>
      <Tabs.List>
        {props.sections.map((row) => (
          <Tabs.Tab key={row.type} value={row.type}>
            {sectionTabLabel(row)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
