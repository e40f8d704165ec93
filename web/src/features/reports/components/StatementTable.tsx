import { labelStatementGroup } from "@bahi/domain";
import { Anchor, Group, Table, Text, UnstyledButton } from "@mantine/core";
import { Fragment, useState } from "react";
import { Link } from "react-router";
import { ChevronDownIcon } from "../../../components/icons.tsx";
import { formatRupees } from "../report-format.ts";
import type { StatementGroup } from "../reports.api.ts";
import type { StatementExtraLine } from "../statement-lines.ts";
import { FigureCell, FigureHeader } from "./cells.tsx";

export interface StatementTableProps {
  /** 'Liabilities', 'Assets', 'Dr', 'Cr': the side's heading, also the table's name. */
  heading: string;
  groups: readonly StatementGroup[];
  /** Lines before the groups (Gross Profit b/f) and after them (Net Profit). */
  before?: readonly StatementExtraLine[];
  after?: readonly StatementExtraLine[];
  total: number;
  /** Groups open at first: all (detailed) or none (summary). */
  expandAll: boolean;
  /** The ledger of an account, for drill-down. */
  linkToAccount: (accountId: string) => string;
}

function groupKey(group: StatementGroup): string {
  return `${group.groupId ?? "x"}:${group.name}`;
}

/**
 * One side of a statement in Tally's horizontal form: each group with its amount, opening to its
 * accounts (each a link to its ledger, the amounts in an inner column), and the side's total.
 */
export function StatementTable({
  heading,
  groups,
  before = [],
  after = [],
  total,
  expandAll,
  linkToAccount,
}: StatementTableProps) {
  // Groups toggled away from the default of the view.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setToggled((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const extra = (line: StatementExtraLine) => (
    <Table.Tr key={line.label}>
      <Table.Td fw={600}>{line.label}</Table.Td>
      <FigureCell />
      <FigureCell fw={600}>{formatRupees(line.amount)}</FigureCell>
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={heading} verticalSpacing={6} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{heading}</Table.Th>
            <FigureHeader w="28%">
              <Text span size="xs" c="dimmed">
                Details
              </Text>
            </FigureHeader>
            <FigureHeader w="28%">Amount</FigureHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before.map(extra)}
          {groups.map((group) => {
            const key = groupKey(group);
            const canOpen = group.accounts.length > 0;
            const open = canOpen && expandAll !== toggled.has(key);
            return (
              <Fragment key={key}>
                <Table.Tr>
                  <Table.Td fw={600}>
                    {canOpen ? (
                      <UnstyledButton
                        onClick={() => toggle(key)}
                        aria-expanded={open}
                        fw={600}
                        fz="sm"
                      >
                        <Group gap={4} wrap="nowrap">
                          <ChevronDownIcon
                            size={14}
                            style={{
                              transform: open ? undefined : "rotate(-90deg)",
                              transition: "transform 120ms",
                            }}
                          />
                          {labelStatementGroup(group)}
                        </Group>
                      </UnstyledButton>
                    ) : (
                      <Text span fw={600} fz="sm" pl={18}>
                        {labelStatementGroup(group)}
                      </Text>
                    )}
                  </Table.Td>
                  <FigureCell />
                  <FigureCell fw={600}>{formatRupees(group.amount)}</FigureCell>
                </Table.Tr>
                {open &&
                  group.accounts.map((account) => (
                    <Fragment key={account.accountId}>
                      <Table.Tr>
                        <Table.Td pl={36}>
                          <Anchor component={Link} to={linkToAccount(account.accountId)} fz="sm">
                            {account.name}
                          </Anchor>
                        </Table.Td>
                        <FigureCell fz="sm">{formatRupees(account.amount)}</FigureCell>
                        <FigureCell />
                      </Table.Tr>
                      {account.openingBalance !== undefined && (
                        <Table.Tr>
                          <Table.Td pl={52} fz="xs" c="dimmed">
                            Opening Balance
                          </Table.Td>
                          <FigureCell fz="xs" c="dimmed">
                            {formatRupees(account.openingBalance)}
                          </FigureCell>
                          <FigureCell />
                        </Table.Tr>
                      )}
                      {account.currentPeriod !== undefined && (
                        <Table.Tr>
                          <Table.Td pl={52} fz="xs" c="dimmed">
                            Current Period
                          </Table.Td>
                          <FigureCell fz="xs" c="dimmed">
                            {formatRupees(account.currentPeriod)}
                          </FigureCell>
                          <FigureCell />
                        </Table.Tr>
                      )}
                    </Fragment>
                  ))}
              </Fragment>
            );
          })}
          {after.map(extra)}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <FigureHeader />
            <FigureHeader data-testid={`${heading.toLowerCase().replace(/\W+/g, "-")}-total`}>
              {formatRupees(total)}
            </FigureHeader>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
